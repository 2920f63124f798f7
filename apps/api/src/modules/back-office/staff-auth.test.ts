import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES, STAFF_SIGN_IN_MAX_FAILURES } from '@freight/domain';
import { createTestContext, cookiePair, type TestContext } from '../../test/helpers';
import { insertStaff, signInStaff, staffSession, totpCode } from '../../test/staff';

type ErrorJson = { error: { code: string; message: string } };
const E = MESSAGES.backOffice.errors;

describe('back-office sign-in: password, TOTP, sessions', () => {
  let ctx: TestContext;
  let origin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    origin = ctx.config.allowedOrigins[0]!;
  });
  afterAll(async () => ctx.close());

  const signIn = (login: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/back-office/auth/sign_in',
      headers: { origin },
      payload: { login, password },
    });

  it('needs the password and then the code; only the full session reaches /me', async () => {
    const staff = await insertStaff(ctx, 'operator');
    const first = await signIn(staff.login, staff.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ stage: 'totp' });
    const pending = cookiePair(first.headers['set-cookie'], ctx.config.staffCookie)!;
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(first.headers['set-cookie'])).toMatch(/SameSite=Strict/);

    const early = await ctx.app.inject({ method: 'GET', url: '/api/v1/back-office/me', headers: { cookie: pending } });
    expect(early.statusCode).toBe(401);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/back-office/auth/totp',
      headers: { origin, cookie: pending },
      payload: { code: totpCode(staff.totpSecret, Date.now(), 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as ErrorJson).error.message).toBe(E.totpInvalid);

    const code = totpCode(staff.totpSecret);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/back-office/auth/totp',
      headers: { origin, cookie: pending },
      payload: { code },
    });
    expect(ok.statusCode).toBe(200);
    const full = cookiePair(ok.headers['set-cookie'], ctx.config.staffCookie)!;
    expect(full).not.toBe(pending);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/back-office/me', headers: { cookie: full } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ login: staff.login, role: 'operator', role_label: 'Оператор' });
    expect(me.headers['cache-control']).toBe('no-store');

    // The pending token is dead, and the same code is never accepted twice.
    const again = await signIn(staff.login, staff.password);
    const pending2 = cookiePair(again.headers['set-cookie'], ctx.config.staffCookie)!;
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/back-office/auth/totp',
      headers: { origin, cookie: pending2 },
      payload: { code },
    });
    expect(replay.statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/back-office/me', headers: { cookie: pending } })).statusCode,
    ).toBe(401);
  });

  it('answers a wrong password and an unknown login alike, and locks after repeated failures', async () => {
    const staff = await insertStaff(ctx, 'content_editor');
    const unknown = await signIn('nobody-here', 'whatever');
    const wrong = await signIn(staff.login, 'wrong-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect((unknown.json() as ErrorJson).error.message).toBe(E.badCredentials);
    expect((wrong.json() as ErrorJson).error.message).toBe(E.badCredentials);
    for (let i = 1; i < STAFF_SIGN_IN_MAX_FAILURES; i += 1) await signIn(staff.login, 'wrong-password');
    const locked = await signIn(staff.login, staff.password);
    expect(locked.statusCode).toBe(429);
    expect((locked.json() as ErrorJson).error.message).toBe(E.locked);
  });

  it('locks TOTP guessing too', async () => {
    const staff = await insertStaff(ctx, 'operator');
    const first = await signIn(staff.login, staff.password);
    const pending = cookiePair(first.headers['set-cookie'], ctx.config.staffCookie)!;
    const codes = [];
    for (let i = 0; i < STAFF_SIGN_IN_MAX_FAILURES; i += 1) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/back-office/auth/totp',
        headers: { origin, cookie: pending },
        payload: { code: String(100000 + i) },
      });
      codes.push(r.statusCode);
    }
    expect(codes.every((c) => c === 400)).toBe(true);
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/back-office/auth/totp',
      headers: { origin, cookie: pending },
      payload: { code: totpCode(staff.totpSecret) },
    });
    expect(right.statusCode).toBe(429);
  });

  it('shows the enrolment QR once, before the first code', async () => {
    const staff = await insertStaff(ctx, 'admin', { enrolled: false });
    const first = await signIn(staff.login, staff.password);
    expect(first.json()).toEqual({ stage: 'enroll' });
    const pending = cookiePair(first.headers['set-cookie'], ctx.config.staffCookie)!;
    const qr = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/back-office/auth/enrolment',
      headers: { cookie: pending },
    });
    expect(qr.statusCode).toBe(200);
    const body = qr.json() as { otpauth_uri: string; qr_svg: string; secret: string };
    expect(body.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(body.qr_svg).toMatch(/^<svg/);
    expect(body.secret).toBe(staff.totpSecret);
    await signInStaff(ctx, staff);
    const after = await signIn(staff.login, staff.password);
    expect(after.json()).toEqual({ stage: 'totp' });
    const pending2 = cookiePair(after.headers['set-cookie'], ctx.config.staffCookie)!;
    const closed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/back-office/auth/enrolment',
      headers: { cookie: pending2 },
    });
    expect(closed.statusCode).toBe(409);
  });

  it('refuses a client session with 403, nobody with 401, a cookie without Origin as CSRF', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/back-office/me' });
    expect(anonymous.statusCode).toBe(401);
    const staff = await staffSession(ctx, 'operator');
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/back-office/auth/sign_out',
      headers: { cookie: staff.cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect((forged.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/back-office/auth/sign_out',
      headers: staff.headers,
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/back-office/me', headers: { cookie: staff.cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps the audit log append-only', async () => {
    await ctx.database.db.execute(
      sql`insert into staff_audit_log (staff_name, action, entity_type, entity_id) values ('Тест', 'test', 'x', '1')`,
    );
    await expect(ctx.database.db.execute(sql`update staff_audit_log set action = 'changed'`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from staff_audit_log`)).rejects.toThrow();
  });
});
