// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@freight/contracts';

vi.mock('server-only', () => ({}));

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

const HOME_PATHS = [
  API_PATHS.popularCities,
  API_PATHS.promotion,
  API_PATHS.news,
  API_PATHS.additionalServices,
  API_PATHS.transportationTypes,
  API_PATHS.integrationMenu,
  API_PATHS.countryMap,
];

describe('loadHomeData', () => {
  it('asks the API once per section and renders again from the process cache, without the visitor’s cookies', async () => {
    const { loadHomeData } = await import('./home-data');
    const first = await loadHomeData();
    expect(Object.values(first).every((section) => section !== null)).toBe(true);
    expect(calls.map((c) => c.path).sort()).toEqual([...HOME_PATHS].sort());
    const again = await loadHomeData();
    expect(again).toEqual(first);
    expect(calls).toHaveLength(HOME_PATHS.length);
    expect(calls.every((c) => c.cookie === undefined)).toBe(true);
  });

  it('leaves out only the section whose call failed, and asks for it again next time', async () => {
    failing = API_PATHS.promotion;
    const { loadHomeData } = await import('./home-data');
    const data = await loadHomeData();
    expect(data.promotions).toBeNull();
    expect(data.news).toEqual(answers[API_PATHS.news]);
    failing = null;
    expect((await loadHomeData()).promotions).toEqual([]);
    expect(calls.filter((c) => c.path === API_PATHS.promotion)).toHaveLength(2);
    expect(calls.filter((c) => c.path === API_PATHS.news)).toHaveLength(1);
  });
});
