import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '@freight/db';
import { cookiePair, createTestContext, type TestContext } from '../../test/helpers';
import { hashToken } from './session.service';

const URL_ = '/api/v1/authorization/anonymous_token';

describe('GET /api/v1/authorization/anonymous_token', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('issues an HttpOnly, SameSite=Lax auth_token cookie with a ≥128-bit token and stores only its hash', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: URL_ });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ anonymous: true });
    expect(res.headers['cache-control']).toBe('no-store');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^auth_token=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    const token = cookiePair(res.headers['set-cookie'], 'auth_token')!.split('=')[1]!;
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    const rows = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await ctx.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(all.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('keeps an existing live session instead of creating another', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: URL_ });
    const cookie = cookiePair(first.headers['set-cookie'], 'auth_token')!;
    const before = (await ctx.database.db.select().from(sessions)).length;
    const second = await ctx.app.inject({ method: 'GET', url: URL_, headers: { cookie } });
    expect(second.statusCode).toBe(200);
    expect(second.headers['set-cookie']).toBeUndefined();
    expect((await ctx.database.db.select().from(sessions)).length).toBe(before);
  });

  it('replaces a forged or expired token with a fresh session', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: URL_,
      headers: { cookie: 'auth_token=' + 'A'.repeat(43) },
    });
    expect(res.statusCode).toBe(200);
    expect(cookiePair(res.headers['set-cookie'], 'auth_token')).not.toBe('auth_token=' + 'A'.repeat(43));
  });

  it('marks the cookie Secure in production', async () => {
    const prod = await createTestContext({ NODE_ENV: 'production' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: URL_ });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=(\d+)/);
      const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['strict-transport-security']))![1]);
      expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    } finally {
      await prod.close();
    }
  });
});
