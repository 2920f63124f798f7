import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@freight/domain';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/helpers';
import { findControlChars } from './input-guard';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

let address = 0;
/** A fresh client address per POST, so the per-IP limits of feedback and codes stay out of the way. */
const nextAddress = () => `10.20.0.${(address += 1)}`;

/*
 * Issue 20, finding 3: a NUL byte in a public search parameter used to reach PostgreSQL, which
 * refuses it — a 500 whose log line carried the whole SQL statement. Control characters are now
 * refused with a Russian 400 before any query, for every route and every part of the request.
 */

const SEARCHES = [
  ['/api/v1/duty_locality/cities', 'city_name'],
  ['/api/v1/duty_locality/subdivisions', 'subdivision_name'],
  ['/api/v1/duty_locality/subdivision_by_city', 'city_name'],
  ['/api/v1/duty_delivery_subdivisions/city', 'name'],
  ['/api/v1/duty_delivery_subdivisions/subdivision', 'name'],
] as const;

/** Percent-encoded: NUL, SOH, backspace, vertical tab, ESC, unit separator, DEL. */
const CONTROLS = ['%00', '%01', '%08', '%0B', '%1B', '%1F', '%7F'] as const;

const cases = SEARCHES.flatMap(([path, param]) =>
  CONTROLS.map(
    (control) => [`${path}?${param}=${control}`, param, `${path}?${param}=${control}%D0%BC%D0%BE%D1%81`] as const,
  ),
);

describe('control characters are refused before any query', () => {
  let ctx: TestContext;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    ctx = await createTestContext({}, { logger: { level: 'trace', stream } });
  });
  afterAll(async () => ctx.close());
  beforeEach(() => {
    logLines.length = 0;
  });

  it.each(cases)('GET %s → Russian 400 on the field, nothing logged about SQL', async (_label, param, url) => {
    for (const target of [url, url.replace(/%D0%BC%D0%BE%D1%81$/, '')]) {
      const res = await ctx.app.inject({ method: 'GET', url: target });
      expect(res.statusCode).toBe(400);
      const body = res.json() as ErrorJson;
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toBe(MESSAGES.common.validationFailed);
      expect(body.error.fields).toEqual({ [param]: MESSAGES.input.controlCharacters });
    }
    const log = logLines.join('');
    expect(log).toContain('"statusCode":400');
    expect(log).not.toMatch(/select|from "|where|invalid byte sequence|unhandled error|"level":50/i);
  });

  it('the same searches still work with tabs and ordinary text', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/duty_locality/cities?city_name=${encodeURIComponent('\tекат')}`,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Array<{ name: string }>)[0]?.name).toBe('Екатеринбург');
  });

  it('a NUL in a path parameter is refused, not echoed in a «not found» message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/tracking/MG-2611%00-04270' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorJson).error.fields).toEqual({ track_number: MESSAGES.input.controlCharacters });
    expect(res.body).not.toContain('\\u0000');
  });

  it.each([
    ['NUL', '\u0000Сообщение'],
    ['ESC', 'Сообщение\u001b[31m'],
    ['DEL', 'Сооб\u007fщение'],
    ['a lone surrogate', 'Сообщение \ud83d'],
  ])('a JSON body string with %s is refused with the field named', async (_label, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/feedback',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: nextAddress(),
      payload: JSON.stringify({ contact: 'client@example.ru', message, consent: true }),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorJson).error.fields).toEqual({ message: MESSAGES.input.controlCharacters });
  });

  it('multi-line text keeps its tabs and line breaks, and emoji pairs are whole', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/feedback',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: nextAddress(),
      payload: JSON.stringify({ contact: 'client@example.ru', message: 'Строка 1\r\nСтрока 2\tи 😀', consent: true }),
    });
    expect(res.statusCode).toBeLessThan(300);
  });

  it('a control character in a JSON key is refused too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/feedback',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: nextAddress(),
      payload: '{"contact":"client@example.ru","message":"Текст","consent":true,"x\\u0000":1}',
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorJson).error.fields).toEqual({ _: MESSAGES.input.controlCharacters });
  });

  it('a phone with a leading NUL gets no code (finding 8)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/phone/verification_code',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: nextAddress(),
      payload: JSON.stringify({ phone: '\u0000+7 912 345-67-01', purpose: 'registration' }),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorJson).error.fields).toEqual({ phone: MESSAGES.input.controlCharacters });
  });
});

describe('findControlChars', () => {
  it.each([
    [{ a: 'ok', b: ['ok', { c: 'x\u0000' }] }, 'b.1.c'],
    [{ a: 'ok', '\u0001': 'ok' }, '_'],
    [{ 'weird key!': 'x\u007f' }, '_'],
    ['\ud800', '_'],
    [{ a: 'ok\ttab\nline\r' }, null],
    [{ a: '👍🏽 пара суррогатов' }, null],
    [{ a: 1, b: null, c: true }, null],
    [Buffer.from([0, 1, 2]), null],
  ])('%j → %s', (value, field) => {
    expect(findControlChars(value)).toBe(field);
  });

  it('walks a 100 000-deep body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findControlChars(deep)).toMatch(/^0(\.0)*$/);
  });
});
