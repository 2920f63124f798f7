import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@freight/domain';
import { createIdentityContext, nextIp, signUp, Visitor } from '../modules/auth/identity-test-kit';
import type { TestContext } from '../test/helpers';

const FEEDBACK = '/api/v1/user/feedback';
const LOGOUT = '/api/v1/user/logout';
const DRAFT = '/api/v1/requests/draft';
const USER_INFO = '/api/v1/user/get_user_info';

const UNSUPPORTED = { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: MESSAGES.common.unsupportedMediaType } };

/**
 * JSON endpoints take JSON only: a body of any other type (text/plain and form-urlencoded are the
 * ones a cross-site form sends without a preflight) is answered 415 in Russian before any handler.
 */
describe('JSON endpoints answer 415 to other content types', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createIdentityContext();
  });
  afterAll(async () => ctx?.close());

  it.each([
    ['POST', FEEDBACK, 'text/plain', '{"name":"Анна","contact":"+79123456789","text":"Здравствуйте"}'],
    ['POST', FEEDBACK, 'text/plain;charset=UTF-8', '{}'],
    ['POST', FEEDBACK, 'application/x-www-form-urlencoded', 'name=%D0%90&text=x'],
    [
      'POST',
      FEEDBACK,
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    ],
    ['POST', FEEDBACK, 'application/xml', '<a/>'],
    ['POST', LOGOUT, 'text/plain', 'bye'],
    ['PUT', DRAFT, 'text/plain', '{"draft":{}}'],
    ['DELETE', DRAFT, 'text/plain', 'x'],
  ] as const)('%s %s with %s: 415 in Russian', async (method, url, contentType, body) => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const res = await visitor.call(method, url, body, { 'content-type': contentType });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(UNSUPPORTED);
  });

  it('a text/plain logout does not end the session', async () => {
    const { visitor } = await signUp(ctx);
    const res = await visitor.call('POST', LOGOUT, 'bye', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
    expect((await visitor.get(USER_INFO)).statusCode).toBe(200);
  });

  it('JSON, with or without a charset, and bodiless calls still pass', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const json = await visitor.call('PUT', DRAFT, '{"draft":{}}', {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(json.statusCode).not.toBe(415);
    const { visitor: signedIn } = await signUp(ctx);
    const bodiless = await signedIn.call('POST', LOGOUT);
    expect(bodiless.statusCode).toBe(200);
  });
});
