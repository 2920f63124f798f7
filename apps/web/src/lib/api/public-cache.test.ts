// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPublicCache, PublicApiError, publicMaxAge, publicStaleSeconds } from './public-cache';

const ListSchema = z.array(z.object({ id: z.number() }));

describe('publicMaxAge', () => {
  it.each<[string | null, number]>([
    ['public, max-age=60', 60],
    ['max-age=60, public', 60],
    ['private, max-age=60', 0],
    ['public, no-store, max-age=60', 0],
    ['public', 0],
    ['public, max-age=abc', 0],
    [null, 0],
  ])('%s → %i s', (header, seconds) => {
    expect(publicMaxAge(header)).toBe(seconds);
  });
});

describe('publicStaleSeconds', () => {
  it.each<[string | null, number]>([
    ['public, max-age=300, stale-while-revalidate=3600', 3600],
    ['public, max-age=300', 0],
    ['private, max-age=300, stale-while-revalidate=3600', 0],
    ['public, stale-while-revalidate=3600', 0],
    ['public, max-age=300, stale-while-revalidate=x', 0],
    [null, 0],
  ])('%s → %i s', (header, seconds) => {
    expect(publicStaleSeconds(header)).toBe(seconds);
  });
});

describe('createPublicCache, against a real HTTP server', () => {
  let server: Server;
  let baseUrl = '';
  const calls: Array<{ url: string; cookie: string | undefined }> = [];
  let cacheControl = 'public, max-age=60';
  let status = 200;

  beforeAll(async () => {
    server = createServer((req, res) => {
      calls.push({ url: req.url ?? '', cookie: req.headers.cookie });
      const id = calls.length;
      setTimeout(() => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'cache-control': cacheControl,
          'x-total-count': '7',
        });
        res.end(JSON.stringify([{ id }]));
      }, 20);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const reset = () => {
    calls.length = 0;
    cacheControl = 'public, max-age=60';
    status = 200;
  };

  it('answers again from memory within max-age, then asks the API once more', async () => {
    reset();
    let clock = 1_000_000;
    const cache = createPublicCache({ baseUrl: () => baseUrl, now: () => clock });
    const first = await cache.get('/list?a=1', ListSchema);
    expect(first.data).toEqual([{ id: 1 }]);
    expect(first.headers.get('x-total-count')).toBe('7');
    clock += 59_000;
    expect((await cache.get('/list?a=1', ListSchema)).data).toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.cookie).toBeUndefined();
    clock += 2_000;
    expect((await cache.get('/list?a=1', ListSchema)).data).toEqual([{ id: 2 }]);
    // Another address is another answer.
    expect((await cache.get('/list?a=2', ListSchema)).data).toEqual([{ id: 3 }]);
    expect(calls.map((c) => c.url)).toEqual(['/list?a=1', '/list?a=1', '/list?a=2']);
  });

  it('serves an expired answer while one call fetches the fresh one, for as long as the API allows', async () => {
    reset();
    cacheControl = 'public, max-age=60, stale-while-revalidate=600';
    let clock = 1_000_000;
    const cache = createPublicCache({ baseUrl: () => baseUrl, now: () => clock });
    expect((await cache.get('/cities', ListSchema)).data).toEqual([{ id: 1 }]);
    clock += 61_000;
    // Expired: the kept answer at once, and a single call in the background.
    const [a, b] = await Promise.all([cache.get('/cities', ListSchema), cache.get('/cities', ListSchema)]);
    expect([a.data, b.data]).toEqual([[{ id: 1 }], [{ id: 1 }]]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(2);
    expect((await cache.get('/cities', ListSchema)).data).toEqual([{ id: 2 }]);
    expect(calls).toHaveLength(2);
    // Past the stale window a page waits for the API again.
    clock += 61_000 + 600_000;
    expect((await cache.get('/cities', ListSchema)).data).toEqual([{ id: 3 }]);
  });

  it('keeps serving the stale answer while the API fails, and asks again on the next visit', async () => {
    reset();
    cacheControl = 'public, max-age=60, stale-while-revalidate=600';
    let clock = 1_000_000;
    const cache = createPublicCache({ baseUrl: () => baseUrl, now: () => clock });
    await cache.get('/map', ListSchema);
    clock += 61_000;
    status = 503;
    expect((await cache.get('/map', ListSchema)).data).toEqual([{ id: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = 200;
    expect((await cache.get('/map', ListSchema)).data).toEqual([{ id: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await cache.get('/map', ListSchema)).data).toEqual([{ id: 3 }]);
    expect(calls).toHaveLength(3);
  });

  it('shares one call among concurrent misses', async () => {
    reset();
    const cache = createPublicCache({ baseUrl: () => baseUrl });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('/same', ListSchema)));
    expect(new Set(answers.map((a) => a.data[0]!.id))).toEqual(new Set([1]));
    expect(calls).toHaveLength(1);
  });

  it('keeps nothing the API does not allow to keep, and no failure', async () => {
    reset();
    const cache = createPublicCache({ baseUrl: () => baseUrl });
    cacheControl = 'private, max-age=60';
    await cache.get('/private', ListSchema);
    await cache.get('/private', ListSchema);
    expect(calls).toHaveLength(2);
    expect(cache.size).toBe(0);

    cacheControl = 'public, max-age=60';
    status = 503;
    await expect(cache.get('/down', ListSchema)).rejects.toBeInstanceOf(PublicApiError);
    status = 200;
    expect((await cache.get('/down', ListSchema)).data).toEqual([{ id: 4 }]);
  });

  it('refuses an answer that does not match the schema, and does not keep it', async () => {
    reset();
    const cache = createPublicCache({ baseUrl: () => baseUrl });
    await expect(cache.get('/shape', z.array(z.object({ name: z.string() })))).rejects.toThrow();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    reset();
    const cache = createPublicCache({ baseUrl: () => baseUrl, maxEntries: 2 });
    await cache.get('/a', ListSchema);
    await cache.get('/b', ListSchema);
    await cache.get('/a', ListSchema); // /a is now the most recently used
    await cache.get('/c', ListSchema); // drops /b
    expect(cache.size).toBe(2);
    await cache.get('/a', ListSchema);
    await cache.get('/b', ListSchema);
    expect(calls.map((c) => c.url)).toEqual(['/a', '/b', '/c', '/b']);
  });

  it('says the API is unreachable when nothing listens', async () => {
    const cache = createPublicCache({ baseUrl: () => 'http://127.0.0.1:9' });
    const error = await cache.get('/x', ListSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublicApiError);
    expect((error as PublicApiError).status).toBeNull();
  });
});
