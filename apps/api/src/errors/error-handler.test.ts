import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { MESSAGES } from '@freight/domain';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/helpers';

/*
 * Issue 20, finding 7: Fastify's own errors reached callers in English, echoing the request
 * (`FST_ERR_MAX_PARAM_LENGTH` with the whole path, `'…' is not a valid url component`). Every
 * Fastify error a caller can cause now answers `{ error: { code, message } }` in Russian.
 */

const FEEDBACK = '/api/v1/user/feedback';
const LONG_TRACK = `MG-${'7'.repeat(300)}`;
const json = (payload: string, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: FEEDBACK,
  headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
  payload,
});

/** What no answer may show: Fastify's codes and English texts. */
const TECHNICAL = /FST_|is not a valid|exceeding|Body |content-type|Content-Length|Unsupported|Request body/;

describe('Fastify errors answer in Russian without echoing the request', () => {
  let ctx: TestContext;
  let address = 0;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it.each<[string, InjectOptions, number, string, string, string | null]>([
    [
      'a path parameter over the limit (FST_ERR_MAX_PARAM_LENGTH)',
      { method: 'GET', url: `/api/v1/tracking/${LONG_TRACK}` },
      414,
      'URI_TOO_LONG',
      MESSAGES.input.urlTooLong,
      LONG_TRACK.slice(0, 40),
    ],
    [
      'a broken %-sequence in the path (FST_ERR_BAD_URL)',
      { method: 'GET', url: '/api/v1/tracking/MG-2611-%E0%A4%A' },
      400,
      'BAD_URL',
      MESSAGES.input.badUrl,
      '%E0%A4%A',
    ],
    [
      'a body shorter than its Content-Length (FST_ERR_CTP_INVALID_CONTENT_LENGTH)',
      json('{"message":"Текст"}', { 'content-length': '500' }),
      400,
      'BAD_REQUEST',
      MESSAGES.input.bodyLengthMismatch,
      null,
    ],
    [
      'broken JSON (FST_ERR_CTP_INVALID_JSON_BODY)',
      json('{"message":'),
      400,
      'BAD_REQUEST',
      MESSAGES.common.badJson,
      null,
    ],
    ['an empty JSON body (FST_ERR_CTP_EMPTY_JSON_BODY)', json(''), 400, 'BAD_REQUEST', MESSAGES.common.badJson, null],
    [
      'a __proto__ key (prototype poisoning)',
      json('{"__proto__":{"admin":true}}'),
      400,
      'BAD_REQUEST',
      MESSAGES.common.badJson,
      null,
    ],
    [
      'a body over 1 MB (FST_ERR_CTP_BODY_TOO_LARGE)',
      json(JSON.stringify({ message: 'я'.repeat(600_000) })),
      413,
      'PAYLOAD_TOO_LARGE',
      MESSAGES.common.payloadTooLarge,
      null,
    ],
    [
      'a content type nobody parses (FST_ERR_CTP_INVALID_MEDIA_TYPE)',
      { ...json('<message/>'), headers: { origin: TEST_ORIGIN, 'content-type': 'application/xml' } },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      MESSAGES.common.unsupportedMediaType,
      null,
    ],
  ])('%s', async (_label, request, status, code, message, echoed) => {
    address += 1;
    const res = await ctx.app.inject({ ...request, remoteAddress: `10.30.0.${address}` });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code, message } });
    expect(res.body).not.toMatch(TECHNICAL);
    if (echoed) expect(res.body).not.toContain(echoed);
  });
});

describe('requests the HTTP parser cannot read get a Russian answer on the socket', () => {
  let ctx: TestContext;
  let port = 0;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => ctx.close());

  /** Writes `raw` to a fresh connection and resolves with everything the server answered. */
  const exchange = (raw: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.end(raw);
    });

  it.each([
    ['a garbage request line', 'NOT AN HTTP REQUEST\r\n\r\n', 400, 'BAD_REQUEST', MESSAGES.input.malformedRequest],
    [
      'headers over the limit',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
      MESSAGES.input.headersTooLarge,
    ],
  ])('%s', async (_label, raw, status, code, message) => {
    const answer = await exchange(raw);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(JSON.parse(body ?? '')).toEqual({ error: { code, message } });
    expect(answer).not.toMatch(/Client Error|Exceeded maximum/);
  });
});
