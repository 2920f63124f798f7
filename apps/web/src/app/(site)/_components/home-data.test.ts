// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@freight/contracts';

vi.mock('server-only', () => ({}));
// The visitor of the render: their cookie goes with the calls made on their behalf only.
vi.mock('next/headers', () => ({
  cookies: async () => ({ toString: () => 'session=visitor' }),
  headers: async () => new Headers(),
}));

/** A real HTTP server in the API's place: public answers, each path counted, one path failing on demand. */
let server: Server;
const calls: Array<{ path: string; cookie: string | undefined }> = [];
let failing: string | null = null;

const answers: Record<string, unknown> = {
  [API_PATHS.news]: { items: [], page: 1, page_size: 4, total: 0, pages: 0 },
  [API_PATHS.countryMap]: {
    totals: { cities: 0, subdivisions: 0, terminals: 0, partner_points: 0, regions: 0, federal_districts: 0 },
    cities: [],
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    calls.push({ path, cookie: req.headers.cookie });
    if (path === failing) {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' });
    res.end(JSON.stringify(answers[path] ?? []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('API_INTERNAL_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  calls.length = 0;
  failing = null;
  // A fresh process cache for each test.
  vi.resetModules();
});

/** Reference data: the same for every visitor, kept by the process. */
const REFERENCE_PATHS = [
  API_PATHS.popularCities,
  API_PATHS.additionalServices,
  API_PATHS.transportationTypes,
  API_PATHS.integrationMenu,
  API_PATHS.countryMap,
];
/** What the back-office publishes and promises to show at once. */
const CONTENT_PATHS = [API_PATHS.promotion, API_PATHS.news];

const pathsOf = (cookie: string | undefined) =>
  calls
    .filter((c) => c.cookie === cookie)
    .map((c) => c.path)
    .sort();

describe('loadHomeData', () => {
  it('asks for the reference data once and keeps it, without the visitor’s cookie; news and promotions at every render', async () => {
    const { loadHomeData } = await import('./home-data');
    const first = await loadHomeData();
    expect(Object.values(first).every((section) => section !== null)).toBe(true);
    expect(pathsOf(undefined)).toEqual([...REFERENCE_PATHS].sort());
    expect(pathsOf('session=visitor')).toEqual([...CONTENT_PATHS].sort());
    expect(await loadHomeData()).toEqual(first);
    expect(pathsOf(undefined)).toEqual([...REFERENCE_PATHS].sort());
    expect(pathsOf('session=visitor')).toEqual([...CONTENT_PATHS, ...CONTENT_PATHS].sort());
  });

  it('leaves out only the section whose call failed, and asks for it again next time', async () => {
    failing = API_PATHS.countryMap;
    const { loadHomeData } = await import('./home-data');
    const data = await loadHomeData();
    expect(data.network).toBeNull();
    expect(data.news).toEqual(answers[API_PATHS.news]);
    failing = null;
    expect((await loadHomeData()).network).toEqual(answers[API_PATHS.countryMap]);
    expect(calls.filter((c) => c.path === API_PATHS.countryMap)).toHaveLength(2);
    expect(calls.filter((c) => c.path === API_PATHS.popularCities)).toHaveLength(1);
  });
});
