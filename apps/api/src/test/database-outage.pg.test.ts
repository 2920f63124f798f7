import { createServer, Socket, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, seedReference, type DatabaseHandle } from '@freight/db';
import { createTestDatabase, testDbKind, type TestDatabase } from '@freight/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';

/**
 * A TCP relay between the API and PostgreSQL that the test can cut: while it is "down" it
 * refuses new connections, exactly what clients see while a server restarts.
 */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async start(port = 0): Promise<void> {
    this.server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

describe.runIf(testDbKind() === 'pg')('the API survives a PostgreSQL restart', () => {
  let testDb: TestDatabase;
  let relay: Relay;
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const idleErrors: Error[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedReference(testDb.db);
    const url = new URL(testDb.url!);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.start();
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    handle = await openDatabase({ url: url.toString(), maxConnections: 4, onIdleError: (e) => idleErrors.push(e) });
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database: handle });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close().catch(() => undefined);
    await relay?.stop();
    await testDb?.close();
  });

  const links = () => app.inject({ method: 'GET', url: '/api/v1/duty_dynamic_content/dynamic_content' });

  it('answers 503 with a clear Russian error during the outage and recovers by itself afterwards', async () => {
    // Warm the pool so idle connections exist when the server goes away.
    await Promise.all([links(), links(), links()]);
    expect((await links()).statusCode).toBe(200);

    // "Restart": the server terminates every backend of our database (as a shutdown does: 57P01)
    // and accepts no connections until it is back.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const relayPort = relay.port;
    await relay.stop();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [new URL(testDb.url!).pathname.slice(1)],
    );
    await admin.end();
    await new Promise((r) => setTimeout(r, 200));

    const during = await links();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Сервис временно недоступен. Повторите попытку через минуту',
      },
    });
    expect(during.headers['retry-after']).toBe('5');
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);

    // The server is back on the same address.
    await relay.start(relayPort);
    let recovered = false;
    for (let i = 0; i < 40 && !recovered; i += 1) {
      recovered = (await links()).statusCode === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    // The idle connections' errors reached the listener instead of crashing the process.
    expect(idleErrors.length).toBeGreaterThan(0);
  });
});
