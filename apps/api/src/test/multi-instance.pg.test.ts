import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PricesTermsResponseSchema, RequestCreateResponseSchema } from '@freight/contracts';
import { cargos, cities, openDatabase, seedReference, type DatabaseHandle } from '@freight/db';
import { createTestDatabase, testDbKind, type TestDatabase } from '@freight/db/testing';
import { withStartupLock } from '@freight/db/startup-lock';
import { RU_PRODUCTION_CALENDAR, addWorkingDays, toIsoDate, type OrderDraft } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { idempotencyKey, loadNetwork, validDraft, type NetworkRefs } from '../modules/orders/orders-test-kit';
import { TEST_CAPTCHA_HMAC_KEY, TEST_ORIGIN, cookiePair, type TestContext } from './helpers';
import { staffSession } from './staff';

/** The Redis of the machine and of CI (node-svc); TEST_REDIS_URL points elsewhere. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TEST_QUEUE = 'test-multi-instance';

interface Instance {
  name: 'A' | 'B';
  app: FastifyInstance;
  /** http://127.0.0.1:<port> of the listening server. */
  base: string;
}

/**
 * A browser of the site over real HTTP: one client address (the web process's X-Forwarded-For,
 * which the API trusts from loopback) and one cookie jar, whichever instance it reaches.
 */
class HttpVisitor {
  cookie: string | undefined;
  constructor(
    readonly ip: string,
    private readonly cookieName: string,
  ) {}

  async call(to: Instance, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${to.base}${path}`, {
      method,
      headers: {
        'x-forwarded-for': this.ip,
        'user-agent': 'vitest',
        ...(method === 'GET' ? {} : { origin: TEST_ORIGIN, 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const pair = cookiePair(res.headers.getSetCookie(), this.cookieName);
    if (pair) this.cookie = pair;
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as unknown };
  }
}

/**
 * Two API instances as production runs them (docs/production.md): one PostgreSQL database, one
 * Redis, each instance with its own connection pool, pricing cache and job workers, reached over
 * real HTTP. Whichever instance a call reaches, a rate limit counts once, an order with one
 * idempotency key makes one cargo, a tariff change is priced at once, and a job is done once.
 */
describe.runIf(testDbKind() === 'pg')('several API instances on one PostgreSQL and one Redis', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  let testDb: TestDatabase;
  let second: DatabaseHandle;
  let a: Instance;
  let b: Instance;
  let net: NetworkRefs;
  let cookieName: string;
  /** Jobs of {@link TEST_QUEUE} as they ran: which instance, which job. */
  const ran: { instance: 'A' | 'B'; id: string; n: number }[] = [];
  let ipCounter = 0;
  const nextIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  const config = () =>
    loadConfig({
      NODE_ENV: 'test',
      PORT: '3000',
      CAPTCHA_HMAC_KEY: TEST_CAPTCHA_HMAC_KEY,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      // Workers polling, as every production instance runs them.
      JOB_WORKERS: '1',
      JOB_POLL_SECONDS: '0.5',
    });

  async function start(name: 'A' | 'B', database: DatabaseHandle): Promise<Instance> {
    const app = await buildApp({ config: config(), database });
    // Workers are declared before the app is ready (the queue starts then).
    app.jobs.work<{ n: number }>(TEST_QUEUE, async (job) => {
      ran.push({ instance: name, id: job.id, n: job.data.n });
      // A job takes a moment, as real ones do, so the other instance gets its share.
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { name, app, base: `http://127.0.0.1:${port}` };
  }

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedReference(testDb.db);
    second = await openDatabase({ url: testDb.url!, maxConnections: 5 });
    // One after the other: starting at the same moment is a case of its own (below).
    a = await start('A', testDb);
    b = await start('B', second);
    net = await loadNetwork(testDb.db);
    cookieName = config().sessionCookie;
  });

  afterAll(async () => {
    await b?.app.close();
    await a?.app.close();
    await second?.close();
    await testDb?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('a rate limit counts across both instances: the 61st anonymous session of a minute is refused by either', async () => {
    const visitor = new HttpVisitor(nextIp(), 'none');
    const statuses: number[] = [];
    // GET /authorization/anonymous_token: 60 a minute per client address.
    for (let i = 0; i < 62; i++) {
      statuses.push((await visitor.call(i % 2 === 0 ? a : b, 'GET', '/api/v1/authorization/anonymous_token')).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    // The 61st reached A, the 62nd B: each refuses, though each served only 30.
    expect(statuses.slice(60)).toEqual([429, 429]);
    // Another address is not touched.
    expect(
      (await new HttpVisitor(nextIp(), 'none').call(b, 'GET', '/api/v1/authorization/anonymous_token')).status,
    ).toBe(200);
  });

  describe('an order submitted through both instances with one idempotency key', () => {
    const DATE = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);
    const cargoCount = async () => (await testDb.db.select({ n: count() }).from(cargos))[0]!.n;
    const submit = (visitor: HttpVisitor, to: Instance, draft: OrderDraft, key: string) =>
      visitor.call(to, 'POST', '/api/v1/requests/request_create', { draft }, { 'idempotency-key': key });

    it('one after the other: B replays A’s answer, one cargo', async () => {
      const visitor = new HttpVisitor(nextIp(), cookieName);
      // The anonymous session is made by A and recognised by B (sessions live in PostgreSQL).
      expect((await visitor.call(a, 'GET', '/api/v1/authorization/anonymous_token')).status).toBe(200);
      const before = await cargoCount();
      const key = idempotencyKey();
      const draft = validDraft(net, DATE);
      const first = await submit(visitor, a, draft, key);
      expect(first.status, first.text).toBe(201);
      const again = await submit(visitor, b, draft, key);
      expect(again.status, again.text).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const track = RequestCreateResponseSchema.parse(first.json()).track_number;
      expect(RequestCreateResponseSchema.parse(again.json()).track_number).toBe(track);
      expect(await cargoCount()).toBe(before + 1);
    });

    it('at the same time, ten through each: one cargo', async () => {
      const visitor = new HttpVisitor(nextIp(), cookieName);
      expect((await visitor.call(b, 'GET', '/api/v1/authorization/anonymous_token')).status).toBe(200);
      const before = await cargoCount();
      const key = idempotencyKey();
      const draft = validDraft(net, DATE, (d) => ({ ...d, cargo: { ...d.cargo, weight: 77 } }));
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => submit(visitor, i % 2 === 0 ? a : b, draft, key)),
      );
      // A duplicate that arrives while the first is being created waits for it, or is told 409.
      expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      const tracks = new Set(
        answers.filter((r) => r.status === 201).map((r) => RequestCreateResponseSchema.parse(r.json()).track_number),
      );
      expect(tracks.size).toBe(1);
      expect(await cargoCount()).toBe(before + 1);
      const [row] = await testDb.db
        .select({ n: count() })
        .from(cargos)
        .where(eq(cargos.trackNumber, [...tracks][0]!));
      expect(row!.n).toBe(1);
    });
  });

  it('a tariff change saved through A is priced by B at once, though B’s pricing cache was warm', async () => {
    const ids = new Map<string, number>();
    for (const row of await testDb.db.select({ id: cities.id, name: cities.name }).from(cities)) {
      if (!ids.has(row.name)) ids.set(row.name, row.id);
    }
    const visitor = new HttpVisitor(nextIp(), cookieName);
    const autoPrice = async (to: Instance) => {
      const res = await visitor.call(
        to,
        'GET',
        `/api/v1/requests/prices_terms_calculation?city_from_fias_id=${ids.get('Москва')}&city_to_fias_id=${ids.get('Новосибирск')}&weight=100&volume=0.5`,
      );
      expect(res.status, res.text).toBe(200);
      return PricesTermsResponseSchema.parse(res.json()).prices.find((p) => p.transportation_type.code === 'auto')!
        .price_kopecks;
    };
    const old = await autoPrice(b); // B's cache now holds the tariffs (60 s TTL)
    expect(await autoPrice(a)).toBe(old);

    const admin = await staffSession({ app: a.app, database: testDb, config: config() } as TestContext, 'admin');
    const raised = await fetch(`${a.base}/api/v1/back-office/tariffs/bulk`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ percent_change: 10 }),
    });
    expect(raised.status, await raised.clone().text()).toBe(200);
    const expected = await autoPrice(a);
    expect(expected).toBeGreaterThan(old);

    const started = Date.now();
    let seen = await autoPrice(b);
    while (seen !== expected && Date.now() - started < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await autoPrice(b);
    }
    expect(seen).toBe(expected);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a job is done exactly once: 50 jobs sent through both, each run by one instance, both working', async () => {
    const sent: string[] = [];
    for (let n = 0; n < 50; n++) sent.push(await (n % 2 === 0 ? a : b).app.jobs.send(TEST_QUEUE, { n }));
    const deadline = Date.now() + 20_000;
    while (ran.length < 50 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // Beyond the last job: a second run of any job would show within two polls.
    await new Promise((resolve) => setTimeout(resolve, 1_200));

    expect(ran).toHaveLength(50);
    expect(new Set(ran.map((r) => r.id))).toEqual(new Set(sent));
    expect(new Set(ran.map((r) => r.n)).size).toBe(50);
    const byA = ran.filter((r) => r.instance === 'A').length;
    expect(byA).toBeGreaterThan(0);
    expect(byA).toBeLessThan(50);
    expect(await a.app.jobs.counts(TEST_QUEUE)).toEqual({ completed: 50 });
  });
});

/**
 * Two instances starting together on an empty database: both migrate and seed on start
 * (server.ts). The start-up lock makes them take turns; without it both create the same tables.
 */
describe.runIf(testDbKind() === 'pg')('instances starting together on an empty database', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_start_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const url = (() => {
    const parsed = new URL(adminUrl ?? 'postgres://localhost/x');
    parsed.pathname = `/${name}`;
    return parsed.toString();
  })();
  const handles: DatabaseHandle[] = [];

  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => admin(`create database "${name}"`));
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it('three take turns under the start-up lock: all start, the migrations and reference data are there once', async () => {
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ url, maxConnections: 3 }));
    const spans: { start: number; end: number }[] = [];
    let waited = 0;
    await Promise.all(
      handles.map((handle) =>
        withStartupLock(
          url,
          async () => {
            const start = performance.now();
            await handle.migrate();
            await seedReference(handle.db);
            spans.push({ start, end: performance.now() });
          },
          () => (waited += 1),
        ),
      ),
    );
    expect(waited).toBeGreaterThanOrEqual(1);
    spans.sort((x, y) => x.start - y.start);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(migrations.rows[0].n).toBeGreaterThan(0);
      const moscow = await client.query(`select count(*)::int as n from cities where name = 'Москва'`);
      expect(moscow.rows[0].n).toBeGreaterThan(0);
      // The lock is released: nobody holds it once the work is done.
      const held = await client.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory'
           and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(held.rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('both become ready at the same time on one database (the job queue creates its queues once)', async () => {
    const fresh = await createTestDatabase();
    const other = await openDatabase({ url: fresh.url!, maxConnections: 5 });
    const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', CAPTCHA_HMAC_KEY: TEST_CAPTCHA_HMAC_KEY });
    const apps = [await buildApp({ config, database: fresh }), await buildApp({ config, database: other })];
    try {
      const ready = await Promise.allSettled(apps.map((app) => app.ready()));
      expect(ready.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ready'))).toEqual(['ready', 'ready']);
    } finally {
      await Promise.allSettled(apps.map((app) => app.close()));
      await other.close();
      await fresh.close();
    }
  });
});
