import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MapPoint } from './map-point';
import { NetworkMap } from './network-map';

vi.mock('server-only', () => ({}));

const kazan = { key: '5', label: 'Казань', href: '/offices?city=5' };
const POINTS: MapPoint[] = [
  { id: 1, lat: 55.79, lon: 49.12, title: 'Казань: Терминал', href: '/offices/1', major: true, group: kazan },
  { id: 2, lat: 55.8, lon: 49.1, title: 'Казань: Офис', href: '/offices/2', group: kazan },
  {
    id: 3,
    lat: 43.12,
    lon: 131.89,
    title: 'Владивосток: Офис',
    subtitle: 'ул. Светланская, 1',
    href: '/offices/3',
    group: { key: '9', label: 'Владивосток', href: '/offices?city=9' },
  },
];

describe('NetworkMap', () => {
  it('is a named region with a link per city or office', () => {
    render(<NetworkMap points={POINTS} label="Карта подразделений" />);
    const map = screen.getByRole('region', { name: 'Карта подразделений' });
    const links = within(map).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Казань: 2 пункта', '/offices?city=5'],
      ['Владивосток: Офис', '/offices/3'],
    ]);
    expect(links[0]).toHaveTextContent('2');
    expect(links[1]).toHaveAttribute('title', 'Владивосток: Офис\nул. Светланская, 1');
  });

  it('paints the whole country from the cached outline images, as decoration', () => {
    const { container } = render(<NetworkMap points={POINTS} label="Карта" />);
    expect(container.querySelector('svg')).toBeNull();
    const masks = [...container.querySelectorAll<HTMLElement>('[aria-hidden="true"] > div')];
    expect(masks.map((m) => m.style.maskImage)).toEqual([
      'url(/map/land.svg)',
      'url(/map/russia.svg)',
      'url(/map/russia-line.svg)',
    ]);
  });

  it('draws a zoomed outline inline as decoration and places markers in per cent of the map', () => {
    const { container } = render(<NetworkMap points={POINTS.slice(0, 2)} label="Карта" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.querySelectorAll('path').length).toBeGreaterThanOrEqual(1);
    for (const item of container.querySelectorAll('li')) {
      expect((item as HTMLElement).style.left).toMatch(/^\d+(\.\d+)?%$/);
      expect((item as HTMLElement).style.top).toMatch(/^\d+(\.\d+)?%$/);
    }
  });

  it('shows a point without a link as an image with its name', () => {
    render(<NetworkMap points={[{ id: 7, lat: 56.84, lon: 60.6, title: 'Екатеринбург' }]} label="Карта" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('img', { name: 'Екатеринбург' })).toBeInTheDocument();
  });

  it('shows the country with no markers when there are no points', () => {
    const { container } = render(<NetworkMap points={[]} label="Карта" />);
    expect(container.querySelector('ul')).toBeNull();
    expect(container.querySelector('[aria-hidden="true"] > div')).not.toBeNull();
  });

  it('draws the whole network without links as a cached picture, and lists its markers for screen readers', () => {
    const city = (id: number, name: string, lat: number, lon: number, count: number): MapPoint => ({
      id: `city-${id}`,
      lat,
      lon,
      title: name,
      count,
      group: { key: String(id), label: name },
    });
    const network = [
      city(1, 'Москва', 55.7558, 37.6176, 6),
      city(4, 'Новосибирск', 55.03, 82.92, 3),
      city(5, 'Владивосток', 43.1155, 131.8869, 1),
    ];
    const { container } = render(
      <NetworkMap points={network} label="Карта" markersLabel="Города на карте: 3 города, 10 пунктов" />,
    );
    const layers = [...container.querySelectorAll<HTMLElement>('[aria-hidden="true"] > div')].map(
      (m) => m.style.maskImage,
    );
    expect(layers.slice(0, 3)).toEqual(['url(/map/land.svg)', 'url(/map/russia.svg)', 'url(/map/russia-line.svg)']);
    expect(layers.slice(3)).toEqual(
      ['ring', 'fill', 'label'].map((layer) =>
        expect.stringMatching(new RegExp(`^url\\(/map/network/[0-9a-f]{16}/${layer}\\.svg\\)$`)),
      ),
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    const list = screen.getByRole('list', { name: 'Города на карте: 3 города, 10 пунктов' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Москва: 6 пунктов', 'Новосибирск: 3 пункта', 'Владивосток']);
  });
});
