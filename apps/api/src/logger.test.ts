import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@freight/db/testing';
import { seedReference } from '@freight/db';
import { buildApp } from './app';
import { loadConfig } from './config/env';
import pino from 'pino';
import { logDestination, loggerOptions } from './logger';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type LogLine = Record<string, unknown> & { level: number; msg: string; reqId?: string };

/** The secrets the requests below carry; none may reach the log. */
const SESSION_TOKEN = 'S3cr3tT0kenValue_abcdefghijklmnopqrstuvwxyz0';
const BEARER = 'Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.c2lnbmF0dXJlLXZhbHVl';
const API_KEY = 'api-key-0f9e8d7c6b5a4f3e2d1c';
/** A client API key as `Authorization: Bearer` carries it (modules/api-keys). */
const CLIENT_KEY = 'mg_live_Ab12Cd34_0123456789abcdefghijABCDEFGHIJklmnopqrst';
const QUERY_PHONE = '79123456789';
const BODY_EMAIL = 'secret.person@example.ru';
const BODY_PHONE = '+7 (916) 555-12-34';
const SECRETS = [
  SESSION_TOKEN,
  BEARER.slice('Bearer '.length),
  API_KEY,
  CLIENT_KEY,
  QUERY_PHONE,
  BODY_EMAIL,
  '555-12-34',
];

describe('request logs', () => {
  const written: string[] = [];
  const lines = (): LogLine[] =>
    written
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const ofRequest = (id: string) => lines().filter((line) => line.reqId === id);
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReference(database.db);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk, _enc, done) {
        written.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ config, database, logger: loggerOptions(config, stream) });
    // What a developer chasing a bug might add to a handler: the request, its headers and its body
    // logged whole. The redaction must hold for it as it does for the request line.
    // It reads Authorization itself (`ownBearer`, as the operator's calls do), so the API-key check
    // (which refuses a cookie and a key together) leaves it to the handler.
    app.post('/api/v1/test-only/logs-everything', { config: { ownBearer: true } }, async (request, reply) => {
      request.log.warn({ req: request, headers: request.headers, body: request.body }, 'diagnostic dump');
      return reply.code(204).send();
    });
    // A route that asks for warnings only: its request line is not written.
    app.get('/api/v1/test-only/quiet', { logLevel: 'warn' }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('are one line per request with method, route pattern, status, time and request id, without secrets', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/duty_dynamic_content/dynamic_content?phone=${QUERY_PHONE}`,
      headers: {
        cookie: `auth_token=${SESSION_TOKEN}`,
        authorization: BEARER,
        'x-api-key': API_KEY,
        'x-request-id': 'req-12345678',
      },
    });
    const posted = await app.inject({
      method: 'POST',
      url: '/api/v1/user/feedback',
      payload: { name: 'Иван', contact: BODY_EMAIL, message: `Позвоните мне: ${BODY_PHONE}`, consent: true },
      headers: { cookie: `auth_token=${SESSION_TOKEN}`, authorization: BEARER, 'x-request-id': 'req-87654321' },
    });
    const unknown = await app.inject({ method: 'GET', url: `/api/v1/no-such-call?phone=${QUERY_PHONE}` });
    // A client API key that is not a live one: refused (401), and out of the log all the same.
    const keyCall = await app.inject({
      method: 'GET',
      url: '/api/v1/cargo/cargo',
      headers: { authorization: `Bearer ${CLIENT_KEY}`, 'x-request-id': 'req-key-0001' },
    });
    expect(keyCall.statusCode).toBe(401);
    expect(ofRequest('req-key-0001')).toEqual([
      expect.objectContaining({ msg: 'request', route: '/api/v1/cargo/cargo', statusCode: 401 }),
    ]);

    const [get] = ofRequest('req-12345678');
    expect(ofRequest('req-12345678')).toHaveLength(1);
    expect(get).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/api/v1/duty_dynamic_content/dynamic_content',
      statusCode: response.statusCode,
    });
    expect(get!.responseTime).toEqual(expect.any(Number));

    expect(ofRequest('req-87654321')).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'POST',
        route: '/api/v1/user/feedback',
        statusCode: posted.statusCode,
      }),
    ]);
    // A call no route knows is logged by its path, still without the query string.
    const unknownId = unknown.headers['x-request-id'] as string;
    expect(ofRequest(unknownId)).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', path: '/api/v1/no-such-call', statusCode: 404 }),
    ]);
    // A route's own log level holds for its request line.
    await app.inject({ method: 'GET', url: '/api/v1/test-only/quiet', headers: { 'x-request-id': 'req-quiet-0001' } });
    expect(ofRequest('req-quiet-0001')).toEqual([]);
    // Fastify's own pair of lines is off.
    expect(lines().filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);

    const log = written.join('');
    for (const secret of SECRETS) expect(log).not.toContain(secret);
  });

  it('hide cookies, authorization and personal data even where a line carries the whole request', async () => {
    await app.inject({
      method: 'POST',
      url: `/api/v1/test-only/logs-everything?phone=${QUERY_PHONE}`,
      payload: { contact: BODY_EMAIL, phone: BODY_PHONE, email: BODY_EMAIL, password: 'Pa55word!x', code: '482913' },
      headers: {
        cookie: `auth_token=${SESSION_TOKEN}`,
        authorization: BEARER,
        'x-api-key': API_KEY,
        'x-request-id': 'req-dump-0001',
        // As a browser sends it (the CSRF check, plugins/csrf.ts).
        'sec-fetch-site': 'same-origin',
      },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/test-only/logs-everything',
      payload: {},
      headers: { authorization: `Bearer ${CLIENT_KEY}`, 'x-request-id': 'req-dump-0002' },
    });
    const keyDump = ofRequest('req-dump-0002').find((line) => line.msg === 'diagnostic dump');
    expect(keyDump!.headers).toMatchObject({ authorization: '[скрыто]' });
    const dump = ofRequest('req-dump-0001').find((line) => line.msg === 'diagnostic dump');
    expect(dump).toBeDefined();
    expect(dump!.headers).toMatchObject({ cookie: '[скрыто]', authorization: '[скрыто]', 'x-api-key': '[скрыто]' });
    expect(dump!.body).toEqual({
      contact: '[скрыто]',
      phone: '[скрыто]',
      email: '[скрыто]',
      password: '[скрыто]',
      code: '[скрыто]',
    });
    expect(dump!.req).toMatchObject({ method: 'POST', url: '/api/v1/test-only/logs-everything' });
    const text = JSON.stringify([...ofRequest('req-dump-0001'), ...ofRequest('req-dump-0002')]);
    for (const secret of [...SECRETS, 'Pa55word!x', '482913']) expect(text).not.toContain(secret);
  });
});

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function exited(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(child.exitCode)));
}

const parseFile = (file: string): LogLine[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);

describe('the log file, written asynchronously', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'api-log-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes a quiet server's line within a moment, without waiting for a full batch", async () => {
    const file = path.join(dir, 'quiet.log');
    const fd = openSync(file, 'a');
    const destination = logDestination(fd);
    pino({}, destination).info({ n: 1 }, 'a lone line');
    expect(readFileSync(file, 'utf8')).toBe(''); // queued, not written on the event loop
    const deadline = Date.now() + 5000;
    while (readFileSync(file, 'utf8') === '' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(parseFile(file)).toEqual([expect.objectContaining({ msg: 'a lone line', n: 1 })]);
    destination.end();
  });

  it('keeps every line written just before the process dies of an uncaught error', async () => {
    const file = path.join(dir, 'crash.log');
    // As the server's standard output: a file descriptor open before the logger starts.
    const script = `
      import { openSync } from 'node:fs';
      import pino from 'pino';
      import { logDestination } from ${JSON.stringify(path.join(apiDir, 'src/logger.ts'))};
      const log = pino({}, logDestination(openSync(${JSON.stringify(file)}, 'a')));
      for (let i = 0; i < 20000; i += 1) log.info({ i }, 'line before the crash');
      setImmediate(() => { throw new Error('boom'); });
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: apiDir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    expect(await exited(child)).not.toBe(0);
    expect(stderr).toContain('boom');
    const written = parseFile(file);
    expect(written).toHaveLength(20000);
    expect(written.at(-1)).toMatchObject({ msg: 'line before the crash', i: 19999 });
  });

  it('keeps the lines of the last requests and of the shutdown when the server gets SIGTERM', async () => {
    const file = path.join(dir, 'api.log');
    const out = openSync(file, 'a');
    const err = openSync(path.join(dir, 'api.stderr'), 'a');
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiDir, 'src/server.ts')], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        API_PORT: String(port),
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: '',
      },
      stdio: ['ignore', out, err],
    });
    closeSync(out);
    closeSync(err);
    const ids: string[] = [];
    try {
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 150_000;
      for (;;) {
        const up = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error('the API did not start');
        await new Promise((r) => setTimeout(r, 250));
      }
      // 400 requests in bursts of 40, then SIGTERM the moment the last answer is in.
      for (let burst = 0; burst < 10; burst += 1) {
        await Promise.all(
          Array.from({ length: 40 }, async (_, i) => {
            const id = `req-last-${burst}-${i}`;
            ids.push(id);
            const response = await fetch(`${url}/api/health`, { headers: { 'x-request-id': id } });
            await response.arrayBuffer();
          }),
        );
      }
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const written = parseFile(file);
    const requestLines = written.filter((line) => line.msg === 'request' && String(line.reqId).startsWith('req-last-'));
    expect(requestLines.map((line) => line.reqId).sort()).toEqual(ids.sort());
    expect(requestLines.every((line) => line.route === '/api/health' && line.statusCode === 200)).toBe(true);
    expect(written.at(-1)).toMatchObject({ msg: 'shutting down', signal: 'SIGTERM' });
  }, 180_000);
});
