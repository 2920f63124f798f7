// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountryMap } from '@freight/contracts';
import { getNetworkMapView } from '@/components/map/network-map-picture';
import { networkCityPoints } from '@/features/offices/lib/network-points';
import { GET } from './route';

vi.mock('server-only', () => ({}));

const city = (id: number, name: string, lat: number, lon: number, count: number): CountryMap['cities'][number] => ({
  id,
  fias_id: null,
  name,
  region: '',
  federal_district: '',
  lat,
  lon,
  subdivisions_count: count,
  has_terminal: count > 1,
});

const NETWORK: CountryMap = {
  totals: { cities: 3, subdivisions: 10, terminals: 2, partner_points: 0, regions: 3, federal_districts: 3 },
  cities: [
    city(1, 'Москва', 55.7558, 37.6176, 6),
    city(4, 'Новосибирск', 55.03, 82.92, 3),
    city(5, 'Владивосток', 43.1155, 131.8869, 1),
  ],
};

const api = vi.hoisted(() => ({ getNetworkMap: vi.fn<() => Promise<CountryMap>>() }));
vi.mock('@/features/offices/api/offices', () => api);

const get = (version: string, layer: string) =>
  GET(new Request(`http://localhost/map/network/${version}/${layer}`), { params: Promise.resolve({ version, layer }) });

describe('GET /map/network/[version]/[layer]', () => {
  beforeEach(() => {
    api.getNetworkMap.mockReset();
    api.getNetworkMap.mockResolvedValue(NETWORK);
  });

  const current = () => getNetworkMapView(networkCityPoints(NETWORK.cities)).picture!;

  it.each(['ring', 'fill', 'label'] as const)('serves %s.svg of the current version for good', async (layer) => {
    const response = await get(current().version, `${layer}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await expect(response.text()).resolves.toBe(current().layers[layer]);
  });

  it('answers an older version with today’s picture, not kept', async () => {
    const response = await get('0123456789abcdef', 'fill.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await expect(response.text()).resolves.toBe(current().layers.fill);
  });

  it.each([
    ['0123456789abcdef', 'dots.svg'],
    ['0123456789abcdef', 'fill.png'],
    ['not-a-version', 'fill.svg'],
  ])('%s/%s is not found', async (version, layer) => {
    expect((await get(version, layer)).status).toBe(404);
  });

  it('is unavailable, and not kept, while the API does not answer', async () => {
    api.getNetworkMap.mockRejectedValue(new Error('down'));
    const response = await get(current().version, 'ring.svg');
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
