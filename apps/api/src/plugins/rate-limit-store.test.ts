import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers';
import { TcpRelay } from '../test/tcp-relay';
import { LocalWindows, RATE_LIMIT_NAMESPACE, sharedRateLimitStore } from './rate-limit-store';
import { registerRedis } from './redis';

/** The Redis of the machine and of CI (node-svc); TEST_REDIS_URL points elsewhere. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 3;

/** Log lines of one app, parsed. */
function logSink() {
  const lines: { level: number; msg: string; reason?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

/**
 * A minimal API instance: the real Redis client and store of plugins/, the real rate-limit
 * plugin, one route allowing {@link LIMIT} calls a minute per client address.
 */
async function instance(url: string, keyPrefix: string) {
  const log = logSink();
  const app = Fastify({ logger: { level: 'info', stream: log.stream } });
  const redis = await registerRedis(app, { url, keyPrefix });
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(redis!, app.log) });
  app.get('/limited', { config: { rateLimit: { max: LIMIT, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  await app.ready();
  return { app, log: log.lines };
}

const hit = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'GET', url: '/limited', remoteAddress: ip }).then((res) => res.statusCode);

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('rate limits in Redis (REDIS_URL)', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const target = new URL(REDIS_URL);
  const relay = new TcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
  let inspect: Redis;
  let a: Awaited<ReturnType<typeof instance>>;
  let b: Awaited<ReturnType<typeof instance>>;

  beforeAll(async () => {
    await relay.start();
    const through = new URL(REDIS_URL);
    through.hostname = '127.0.0.1';
    through.port = String(relay.port);
    a = await instance(through.toString(), prefix);
    b = await instance(through.toString(), prefix);
    inspect = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    const keys = await inspect.keys(`${prefix}*`);
    if (keys.length > 0) await inspect.del(...keys);
    await inspect.quit();
    await relay.stop();
  });

  it('counts one limit for both instances, under the key prefix, with the window as expiry', async () => {
    const ip = '10.1.0.1';
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i++) answers.push(await hit(i % 2 === 0 ? a.app : b.app, ip));
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    const key = `${prefix}${RATE_LIMIT_NAMESPACE}GET/limited:${ip}`;
    expect(await inspect.get(key)).toBe(String(LIMIT + 2));
    const ttl = await inspect.pttl(key);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // Another address has a limit of its own.
    expect(await hit(b.app, '10.1.0.2')).toBe(200);
  });

  it('while Redis is away each instance counts alone (no request fails), with a warning; then shares again', async () => {
    await relay.stop();
    await until(() => a.app.redis?.status !== 'ready' && b.app.redis?.status !== 'ready', 'the lost connection');

    const ip = '10.1.0.3';
    const alone = async (app: FastifyInstance) => {
      const answers = [];
      for (let i = 0; i < LIMIT + 1; i++) answers.push(await hit(app, ip));
      return answers;
    };
    expect(await alone(a.app)).toEqual([200, 200, 200, 429]);
    // B never saw A's hits: its own count starts at one.
    expect(await alone(b.app)).toEqual([200, 200, 200, 429]);
    const warnings = a.log.filter((l) => l.level === 40 && l.msg.startsWith('Redis cannot count rate limits'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.reason).toMatch(/not connected/);
    // The client reports the lost connection once, when reconnecting fails.
    await until(() => a.log.some((l) => l.level === 40 && l.msg === 'Redis connection lost; reconnecting'), 'the log');

    await relay.start();
    await until(() => a.app.redis?.status === 'ready' && b.app.redis?.status === 'ready', 'the reconnection');
    const ip2 = '10.1.0.4';
    expect([await hit(a.app, ip2), await hit(b.app, ip2), await hit(a.app, ip2), await hit(b.app, ip2)]).toEqual([
      200, 200, 200, 429,
    ]);
    expect(a.log.some((l) => l.level === 30 && l.msg === 'Redis counts the rate limits of every instance again')).toBe(
      true,
    );
  });

  it('an instance starting while Redis cannot be reached starts, counts alone and closes cleanly', async () => {
    // A port nobody listens on: the relay's, stopped.
    const gone = new TcpRelay({ host: '127.0.0.1', port: 1 });
    await gone.start(0);
    const port = gone.port;
    await gone.stop();
    const lonely = await instance(`redis://127.0.0.1:${port}`, prefix);
    try {
      const answers = [];
      for (let i = 0; i < LIMIT + 1; i++) answers.push(await hit(lonely.app, '10.1.0.5'));
      expect(answers).toEqual([200, 200, 200, 429]);
      expect(lonely.log.some((l) => l.level === 40 && l.msg.startsWith('Redis cannot count rate limits'))).toBe(true);
    } finally {
      await lonely.app.close();
    }
    // Closed: the client has stopped trying (it retries every 100–300 ms until then).
    let retries = 0;
    lonely.app.redis!.on('reconnecting', () => (retries += 1));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(retries).toBe(0);
  });
});

describe('buildApp with REDIS_URL', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  let ctx: TestContext;
  let inspect: Redis;

  beforeAll(async () => {
    ctx = await createTestContext({ REDIS_URL, REDIS_KEY_PREFIX: prefix });
    inspect = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await inspect.keys(`${prefix}*`);
    if (keys.length > 0) await inspect.del(...keys);
    await inspect.quit();
  });

  it('counts the routes’ limits in Redis under REDIS_KEY_PREFIX and quits Redis on close', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/authorization/anonymous_token',
      remoteAddress: '10.1.1.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
    expect(await inspect.get(`${prefix}${RATE_LIMIT_NAMESPACE}GET/api/v1/authorization/anonymous_token:10.1.1.1`)).toBe(
      '1',
    );
    await ctx.close();
    expect(ctx.app.redis?.status).toBe('end');
  });

  it('without REDIS_URL there is no client: app.redis is null', async () => {
    const plain = await createTestContext();
    try {
      expect(plain.app.redis).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('LocalWindows (the fallback counters)', () => {
  it('opens a window on the first hit, counts inside it, starts again after it', () => {
    const windows = new LocalWindows();
    expect(windows.hit('k', 1_000, 0)).toEqual({ current: 1, ttl: 1_000 });
    expect(windows.hit('k', 1_000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(windows.hit('k', 1_000, 1_000)).toEqual({ current: 1, ttl: 1_000 });
  });

  it('stays within its size: ended windows go first, then the oldest tenth', () => {
    const windows = new LocalWindows(10);
    for (let i = 0; i < 10; i++) windows.hit(`old-${i}`, i < 5 ? 100 : 10_000, 0);
    windows.hit('new', 10_000, 200);
    expect(windows.size).toBe(6);
    for (let i = 0; i < 4; i++) windows.hit(`more-${i}`, 10_000, 200);
    windows.hit('full', 10_000, 200);
    expect(windows.size).toBe(10);
    // old-5, the oldest live window, went to make room.
    expect(windows.hit('old-5', 10_000, 300).current).toBe(1);
  });
});
