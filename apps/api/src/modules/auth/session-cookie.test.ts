import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_HOST_PREFIXED, SESSION_COOKIE_PLAIN } from '@freight/domain/session-cookie';
import { cookiePair, type TestContext } from '../../test/helpers';
import { createIdentityContext, nextIp, PASSWORD, signUp } from './identity-test-kit';

const ANONYMOUS = '/api/v1/authorization/anonymous_token';
const USER_INFO = '/api/v1/user/get_user_info';
const PUBLIC_ORIGIN = 'https://magistral.example';

/** The attributes of one Set-Cookie line, lower-cased names. */
function attributes(line: string): Map<string, string> {
  const [, ...parts] = line.split(';').map((p) => p.trim());
  return new Map(parts.map((p) => [p.split('=')[0]!.toLowerCase(), p.split('=')[1] ?? '']));
}

describe('the session cookie under an https public origin', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // COOKIE_SECURE=false on purpose: the __Host- prefix needs Secure, so https forces it.
    ctx = await createIdentityContext({ PUBLIC_ORIGIN, COOKIE_SECURE: 'false' });
  });
  afterAll(async () => ctx?.close());

  it('is __Host-auth_token with Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain', async () => {
    expect(ctx.config.sessionCookie).toBe(SESSION_COOKIE_HOST_PREFIXED);
    const res = await ctx.app.inject({ method: 'GET', url: ANONYMOUS, remoteAddress: nextIp() });
    const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^__Host-auth_token=[A-Za-z0-9_-]{43};/);
    const attrs = attributes(lines[0]!);
    expect(attrs.has('secure')).toBe(true);
    expect(attrs.has('httponly')).toBe(true);
    expect(attrs.get('samesite')).toBe('Lax');
    expect(attrs.get('path')).toBe('/');
    expect(attrs.has('domain')).toBe(false);
  });

  it('the API reads exactly that name: the same token under the plain name is no session', async () => {
    const { visitor } = await signUp(ctx);
    const token = visitor.cookie!.slice(`${SESSION_COOKIE_HOST_PREFIXED}=`.length);
    const prefixed = await ctx.app.inject({
      method: 'GET',
      url: USER_INFO,
      headers: { cookie: `${SESSION_COOKIE_HOST_PREFIXED}=${token}` },
    });
    expect(prefixed.statusCode).toBe(200);
    const plain = await ctx.app.inject({
      method: 'GET',
      url: USER_INFO,
      headers: { cookie: `${SESSION_COOKIE_PLAIN}=${token}` },
    });
    expect(plain.statusCode).toBe(401);
  });

  it('signing in and logging out set and clear the prefixed cookie', async () => {
    const { visitor, phone } = await signUp(ctx);
    const signIn = await visitor.post('/api/v1/authorization_v2/authorization', {
      phone: phone.typed,
      password: PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    expect(cookiePair(signIn.headers['set-cookie'], SESSION_COOKIE_HOST_PREFIXED)).toBeDefined();
    const out = await visitor.post('/api/v1/user/logout');
    expect(out.statusCode).toBe(200);
    const cleared = String(out.headers['set-cookie']);
    expect(cleared).toMatch(/^__Host-auth_token=;/);
    expect(cleared).toContain('Secure');
    expect(cleared).toContain('Path=/');
  });
});

describe('the session cookie over plain http (local demo)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createIdentityContext({ PUBLIC_ORIGIN: 'http://localhost:3000' });
  });
  afterAll(async () => ctx?.close());

  it('keeps the spec name auth_token, not Secure', async () => {
    expect(ctx.config.sessionCookie).toBe(SESSION_COOKIE_PLAIN);
    const res = await ctx.app.inject({ method: 'GET', url: ANONYMOUS, remoteAddress: nextIp() });
    const line = String(res.headers['set-cookie']);
    expect(line).toMatch(/^auth_token=[A-Za-z0-9_-]{43};/);
    expect(line).not.toContain('Secure');
  });
});
