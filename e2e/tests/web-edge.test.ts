import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { E2E_SKIP } from '../lib/browser';

/**
 * What the web process (apps/web/server.mjs, src/server/http-edge.ts) answers itself, and the
 * client address it passes to the API — tested through the real, built web server.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `head` (a request line and headers, CRLF-terminated) as is, and reads the whole answer. */
function raw(baseUrl: string, head: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(15_000, () => socket.destroy(new Error('no answer in 15 s')));
    socket.write(`${head}Connection: close\r\n\r\n`);
  });
}

/** Posts `body` through the web process; `chunked` leaves out Content-Length. */
function post(
  baseUrl: string,
  path: string,
  body: Buffer,
  chunked: boolean,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: baseUrl,
          ...(chunked ? {} : { 'content-length': String(body.length) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    if (chunked) {
      const piece = 64 * 1024;
      for (let i = 0; i < body.length; i += piece) req.write(body.subarray(i, i + piece));
      req.end();
    } else {
      req.end(body);
    }
  });
}

const METHOD_NOT_ALLOWED = { error: { code: 'METHOD_NOT_ALLOWED', message: 'Этот метод не поддерживается' } };
const BAD_TARGET = { error: { code: 'BAD_REQUEST', message: 'Неверный адрес запроса' } };
const TOO_LARGE = { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Слишком большой запрос' } };
const MALFORMED = { error: { code: 'BAD_REQUEST', message: 'Запрос не удалось прочитать' } };

describe.skipIf(E2E_SKIP)('the web server answers odd requests itself', () => {
  const baseUrl = inject('baseUrl');
  const host = new URL(baseUrl).host;

  it.each([
    ['TRACE', '/'],
    ['TRACE', '/api/health'],
    ['TRACK', '/'],
    ['PROPFIND', '/'],
    ['CONNECT', 'evil.example:443'],
  ])('%s %s: 405 with Allow, the API error shape in Russian', async (method, target) => {
    const answer = await raw(baseUrl, `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual(METHOD_NOT_ALLOWED);
  });

  it.each([
    ['OPTIONS', '*', BAD_TARGET],
    ['GET', '*', BAD_TARGET],
    ['GET', 'http://evil.example/', BAD_TARGET],
    ['GET', 'https://evil.example/api/health', BAD_TARGET],
    ['GET', '/%E0%A4%A', BAD_TARGET],
    // Node's HTTP parser itself refuses this one (authority-form outside CONNECT).
    ['GET', 'evil.example:443', MALFORMED],
  ])('%s %s: 400 in Russian', async (method, target, expected) => {
    const answer = await raw(baseUrl, `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(expected);
  });

  it('an absolute-form target naming our own host is served as its path', async () => {
    const answer = await raw(baseUrl, `GET ${baseUrl}/api/health HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"status":"ok"');
  });

  it.each([false, true])(
    'a 1.5 MB JSON body to the API (chunked: %s) gets the API’s 413 in Russian, not 503',
    async (chunked) => {
      const body = Buffer.from(JSON.stringify({ contact: 'a@example.ru', message: 'x'.repeat(1_500_000) }));
      const answer = await post(baseUrl, '/api/v1/user/feedback', body, chunked);
      expect(answer).toMatchObject({ status: 413 });
      expect(JSON.parse((answer as { body: string }).body)).toEqual(TOO_LARGE);
    },
  );

  it('a JSON body within the limit still reaches the API', async () => {
    const body = Buffer.from(JSON.stringify({ contact: 'a@example.ru', message: 'x'.repeat(300_000) }));
    const answer = await post(baseUrl, '/api/v1/user/feedback', body, true);
    // The API read it whole and judged it (a 4xx of its own), the web process did not cut it.
    const status = (answer as { status: number }).status;
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(status).not.toBe(413);
  });
});

describe.skipIf(E2E_SKIP)('the client address the API sees is the one the web process saw', () => {
  const baseUrl = inject('baseUrl');
  const ANONYMOUS = `${baseUrl}/api/v1/authorization/anonymous_token`;

  async function remaining(init: RequestInit): Promise<number> {
    const res = await fetch(ANONYMOUS, init);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    return Number(res.headers.get('x-ratelimit-remaining'));
  }

  it('two requests with different spoofed X-Forwarded-For share one rate-limit budget', async () => {
    const first = await remaining({ headers: { 'x-forwarded-for': '198.51.100.1' } });
    const second = await remaining({ headers: { 'x-forwarded-for': '198.51.100.2' } });
    const third = await remaining({
      headers: { 'x-forwarded-for': '198.51.100.3, 203.0.113.3', 'x-real-ip': '1.1.1.1' },
    });
    expect(second).toBe(first - 1);
    expect(third).toBe(first - 2);
  });

  it('the anonymous session a page bootstraps (src/proxy.ts) counts against the same address', async () => {
    const before = await remaining({ headers: { 'x-forwarded-for': '198.51.100.4' } });
    const page = await fetch(`${baseUrl}/about`, { headers: { 'x-forwarded-for': '198.51.100.5' } });
    await page.arrayBuffer();
    expect(page.headers.getSetCookie().some((c) => c.startsWith('auth_token='))).toBe(true);
    const after = await remaining({ headers: { 'x-forwarded-for': '198.51.100.6' } });
    expect(after).toBe(before - 2);
  });
});
