import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { canHandOver, holdConnection } from './connection-handover';

// These tests pin the Node behaviour connection-handover.ts relies on (its header comment): if a
// Node release changes how the HTTP server reads its sockets, what `_handle` is, or how a sent
// handle is wrapped, they fail.

const BODY_BYTES = 16 * 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: http.Server | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  child?.kill();
  child = undefined;
  if (server) await new Promise((r) => server!.close(r));
  server = undefined;
});

async function listen(handler: http.RequestListener): Promise<number> {
  server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** POSTs `body` with a Content-Length (or chunked), as fast as loopback takes it; resolves with the answer. */
function post(port: number, body: Buffer, chunked = false) {
  return new Promise<{ status: number; connection: string | undefined; json: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        headers: chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection, json: JSON.parse(text) as never }),
        );
      });
      // The server may answer and close before the whole body is sent.
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
      req.end(body);
    },
  );
}

const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('holdConnection', () => {
  it('stops this process reading the connection, even when the request is read, until released', async () => {
    const body = randomBytes(BODY_BYTES);
    const port = await listen((req, res) => {
      void (async () => {
        await sleep(50); // the body is arriving
        expect(canHandOver(req)).toBe(true);
        const held = holdConnection(req);
        const readAtHold = req.socket.bytesRead;
        expect(req.read()).toBeNull(); // the hold took what was buffered; this read would resume the socket
        await sleep(300);
        const readWhileHeld = req.socket.bytesRead - readAtHold;
        held.release();
        let rest = 0;
        req.on('data', (chunk: Buffer) => (rest += chunk.length));
        await once(req, 'end');
        res.end(JSON.stringify({ prefix: held.prefix.length, readWhileHeld, rest }));
      })();
    });
    const { json } = await post(port, body);
    expect(json.readWhileHeld).toBe(0);
    expect(json.prefix).toBeGreaterThan(0);
    expect(json.prefix).toBeLessThan(1024 * 1024);
    expect((json.prefix as number) + (json.rest as number)).toBe(BODY_BYTES);
  });

  it(
    'lends the connection to another process, which reads exactly the rest; this process answers on its copy',
    { timeout: 30_000 },
    async () => {
      child = fork(new URL('./connection-handover.fixture.ts', import.meta.url), {
        execArgv: ['--import', 'tsx'],
        serialization: 'advanced',
      });
      await once(child, 'message');
      const answers = new Map<number, (value: { digest: string; read: number }) => void>();
      child.on('message', (m: { id: number; digest: string; read: number }) => answers.get(m.id)?.(m));
      let next = 0;
      const port = await listen((req, res) => {
        void (async () => {
          await sleep(50);
          expect(canHandOver(req)).toBe(true);
          const held = holdConnection(req);
          const readAtHold = req.socket.bytesRead;
          const id = (next += 1);
          const answer = new Promise<{ digest: string; read: number }>((resolve) => answers.set(id, resolve));
          const rest = Number(req.headers['content-length']) - held.prefix.length;
          child!.send({ id, prefix: held.prefix, rest }, held.handle);
          const { digest: lentDigest, read } = await answer;
          const readHereMeanwhile = req.socket.bytesRead - readAtHold;
          held.release();
          res.setHeader('connection', 'close');
          res.end(JSON.stringify({ digest: lentDigest, read, rest, readHereMeanwhile }));
        })();
      });
      // Three at once: the handles queue in Node's channel while a previous one is acknowledged.
      const bodies = [randomBytes(BODY_BYTES), randomBytes(BODY_BYTES), randomBytes(BODY_BYTES)];
      const results = await Promise.all(bodies.map((body) => post(port, body)));
      results.forEach(({ status, connection, json }, i) => {
        expect(status).toBe(200);
        expect(connection).toBe('close');
        expect(json.digest).toBe(digest(bodies[i]!));
        expect(json.read).toBe(json.rest);
        expect(json.readHereMeanwhile).toBe(0);
      });
      // The server does not count the lent connections as a child's: it closes as usual.
      await new Promise((resolve, reject) => server!.close((error) => (error ? reject(error) : resolve(undefined))));
      server = undefined;
    },
  );

  it.each([
    ['a chunked body', true, BODY_BYTES],
    ['a body that is all here', false, 100],
  ])('does not lend %s', async (_name, chunked, size) => {
    const port = await listen((req, res) => {
      void (async () => {
        await sleep(50);
        const lendable = canHandOver(req);
        req.resume();
        await once(req, 'end');
        res.end(JSON.stringify({ lendable }));
      })();
    });
    const { json } = await post(port, randomBytes(size), chunked);
    expect(json.lendable).toBe(false);
  });
});
