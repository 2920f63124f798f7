import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authEvents, consents, feedbackMessages, sessions, users, verificationCodes } from '@freight/db';
import { MESSAGES, PD_CONSENT } from '@freight/domain';
import type { TestContext } from '../../test/helpers';
import { documentSha256 } from '../consents/consent.service';
import {
  PASSWORD,
  Visitor,
  createIdentityContext,
  lastCode,
  messagesTo,
  nextIp,
  nextPhone,
  signUp,
  testClock,
} from './identity-test-kit';
import { hashToken } from './session.service';
import { PASSWORD_COST } from './password';

const CODE = '/api/v1/user/phone/verification_code';
const CONFIRM = '/api/v1/authorization_v2/phone_confirmation';
const REGISTER = '/api/v1/authorization_v2/registration';
const SIGN_IN = '/api/v1/authorization_v2/authorization';
const DISPOSABLE = '/api/v1/authorization_v2/disposable_authorization';
const USER_INFO = '/api/v1/user/get_user_info';

describe('identity: sign-up, sign-in, codes and sessions', () => {
  let ctx: TestContext;
  const clock = testClock();

  beforeAll(async () => {
    ctx = await createIdentityContext({}, clock.now);
  });
  afterAll(async () => ctx.close());

  const tokenOf = (v: Visitor) => v.cookie!.slice('auth_token='.length);
  const sessionRow = async (v: Visitor) =>
    (
      await ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(tokenOf(v))))
    )[0];

  it('signs up by phone: code → confirmation → name and password → a verified client in a NEW session that kept the visitor’s data', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const anonymous = await sessionRow(visitor);
    // Something the anonymous visitor did before signing up: a support message with its consent.
    const feedback = await visitor.post('/api/v1/user/feedback', {
      contact: 'a@b.ru',
      message: 'Здравствуйте',
      consent: true,
    });
    expect(feedback.statusCode).toBe(201);

    const phone = nextPhone();
    const sent = await visitor.post(CODE, { phone: phone.typed, purpose: 'registration' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: true, message: MESSAGES.auth.codeSent, resend_after: 60, expires_in: 300 });
    expect(sent.headers['cache-control']).toBe('no-store');
    const [sms] = await messagesTo(ctx, phone.stored);
    expect(sms!.body).toMatch(/^Код подтверждения регистрации в «Магистраль»: \d{6}\. Никому его не сообщайте$/);
    const code = /\d{6}/.exec(sms!.body)![0];

    // Only a hash of the code is stored.
    const stored = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.phone, phone.stored));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.codeHash).toMatch(/^scrypt\$/);
    expect(stored[0]!.codeHash).not.toContain(code);

    const early = await visitor.post(REGISTER, { name: 'Анна', password: PASSWORD, consent: true });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.phone).toBe(MESSAGES.auth.phoneNotConfirmed);

    const confirmed = await visitor.post(CONFIRM, { phone: phone.typed, code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ phone_confirmed: true, expires_in: 1800 });

    const noConsent = await visitor.post(REGISTER, { name: 'Анна', password: PASSWORD, consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().error.fields.consent).toBe(MESSAGES.auth.consentRequired);
    const weak = await visitor.post(REGISTER, { name: 'Анна', password: 'короткий', consent: true });
    expect(weak.json().error.fields.password).toBe(MESSAGES.auth.passwordWeak);

    const oldCookie = visitor.cookie;
    const registered = await visitor.post(REGISTER, { name: '  Анна   Смирнова ', password: PASSWORD, consent: true });
    expect(registered.statusCode).toBe(201);
    const user = registered.json().user;
    expect(user).toMatchObject({
      name: 'Анна Смирнова',
      phone: phone.stored,
      email: null,
      is_verified: true,
      display_name: 'Анна Смирнова',
    });
    expect(user.id).toBeGreaterThanOrEqual(1000);
    const setCookie = String(registered.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');

    // Session rotation: a new token and row; the anonymous one is revoked.
    expect(visitor.cookie).not.toBe(oldCookie);
    const signedIn = await sessionRow(visitor);
    expect(signedIn!.id).not.toBe(anonymous!.id);
    expect(signedIn!.userId).toBe(user.id);
    const [revoked] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, anonymous!.id));
    expect(revoked!.revokedAt).not.toBeNull();

    // The anonymous session's data moved to the new session.
    const [message] = await ctx.database.db
      .select()
      .from(feedbackMessages)
      .where(eq(feedbackMessages.id, feedback.json().id));
    expect(message!.sessionId).toBe(signedIn!.id);

    // Consent to personal-data processing recorded as its own document.
    const consentRows = await ctx.database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(consentRows).toHaveLength(1);
    expect(consentRows[0]).toMatchObject({
      documentType: 'pd_consent',
      documentVersion: PD_CONSENT.version,
      documentSha256: documentSha256(PD_CONSENT),
      channel: 'registration',
      userAgent: 'vitest',
      ip: visitor.ip,
    });

    const info = await visitor.get(USER_INFO);
    expect(info.statusCode).toBe(200);
    expect(info.json().display_name).toBe('Анна Смирнова');

    // The old anonymous cookie no longer works.
    const stale = await ctx.app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: oldCookie! } });
    expect(stale.statusCode).toBe(401);

    // The code was single use.
    const other = await new Visitor(ctx, nextIp()).start();
    expect((await visitor.post(CONFIRM, { phone: phone.typed, code })).json().error.fields.code).toBe(
      MESSAGES.auth.codeInvalid,
    );
    expect((await other.post(CONFIRM, { phone: phone.typed, code })).statusCode).toBe(400);

    // Sign-in attempts are logged without the phone number.
    const events = await ctx.database.db.select().from(authEvents).where(eq(authEvents.userId, user.id));
    expect(events.map((e) => e.event)).toContain('registration');
    expect(JSON.stringify(events)).not.toContain(phone.stored);
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
  });

  it('a code expires after 5 minutes', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const phone = nextPhone();
    await visitor.post(CODE, { phone: phone.typed, purpose: 'registration' });
    const code = await lastCode(ctx, phone.stored);
    clock.advance(5 * 60_000 + 1_000);
    const res = await visitor.post(CONFIRM, { phone: phone.typed, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.code).toBe(MESSAGES.auth.codeExpired);
  });

  it('a code dies after 5 wrong entries, even if the 6th is right', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const phone = nextPhone();
    await visitor.post(CODE, { phone: phone.typed, purpose: 'registration' });
    const code = await lastCode(ctx, phone.stored);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await visitor.post(CONFIRM, { phone: phone.typed, code: wrong });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().error.fields.code);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill(MESSAGES.auth.codeInvalid));
    expect(messages[4]).toBe(MESSAGES.auth.codeAttemptsExceeded);
    const right = await visitor.post(CONFIRM, { phone: phone.typed, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().error.fields.code).toBe(MESSAGES.auth.codeAttemptsExceeded);
  });

  it('accepts a pasted code with spaces; rejects a malformed one with a Russian message', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const phone = nextPhone();
    await visitor.post(CODE, { phone: phone.typed, purpose: 'registration' });
    const code = await lastCode(ctx, phone.stored);
    const bad = await visitor.post(CONFIRM, { phone: phone.typed, code: '12a' });
    expect(bad.json().error.fields.code).toBe(MESSAGES.auth.codeFormat);
    const ok = await visitor.post(CONFIRM, { phone: phone.typed, code: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
    expect(ok.statusCode).toBe(200);
  });

  it('a code is bound to the session that asked for it and to its purpose', async () => {
    const { phone } = await signUp(ctx);
    clock.advance(61_000); // the sign-up code started the resend pause for this phone
    const a = await new Visitor(ctx, nextIp()).start();
    const b = await new Visitor(ctx, nextIp()).start();
    await a.post(CODE, { phone: phone.typed, purpose: 'sign_in' });
    const code = await lastCode(ctx, phone.stored);
    expect((await b.post(DISPOSABLE, { phone: phone.typed, code })).statusCode).toBe(400);
    const reset = await a.post('/api/v1/authorization_v2/reset_password_phone', {
      phone: phone.typed,
      code,
      new_password: 'Новый2026пароль',
    });
    expect(reset.statusCode).toBe(400);
    const ok = await a.post(DISPOSABLE, { phone: phone.typed, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.phone).toBe(phone.stored);
    expect((await a.post(DISPOSABLE, { phone: phone.typed, code })).statusCode).toBe(400);
  });

  it('resend waits 60 s and then longer; at most 3 codes per phone per hour and 6 per day', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const phone = nextPhone();
    const ask = () => visitor.post(CODE, { phone: phone.typed, purpose: 'registration' });

    expect((await ask()).json().resend_after).toBe(60);
    const tooSoon = await ask();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.message).toBe('Повторно запросить код можно через 1 минуту');
    expect(tooSoon.headers['retry-after']).toBe('60');

    clock.advance(30_000);
    expect((await ask()).json().error.message).toBe('Повторно запросить код можно через 30 секунд');
    clock.advance(30_000);
    const second = await ask();
    expect(second.statusCode).toBe(200);
    expect(second.json().resend_after).toBe(120);
    clock.advance(60_000);
    expect((await ask()).statusCode).toBe(429);
    clock.advance(60_000);
    expect((await ask()).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    const hourLimit = await ask();
    expect(hourLimit.statusCode).toBe(429);
    expect(hourLimit.json().error.message).toBe(MESSAGES.auth.phoneHourLimit);

    clock.advance(61 * 60_000);
    for (let i = 0; i < 3; i += 1) {
      expect((await ask()).statusCode).toBe(200);
      clock.advance(5 * 60_000);
    }
    clock.advance(61 * 60_000);
    const dayLimit = await ask();
    expect(dayLimit.statusCode).toBe(429);
    expect(dayLimit.json().error.message).toBe(MESSAGES.auth.phoneDayLimit);
    expect(await messagesTo(ctx, phone.stored)).toHaveLength(6);
  });

  it('at most 10 codes per IP per hour, whatever the phones', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    for (let i = 0; i < 10; i += 1) {
      expect((await visitor.post(CODE, { phone: nextPhone().typed, purpose: 'registration' })).statusCode).toBe(200);
    }
    const eleventh = await visitor.post(CODE, { phone: nextPhone().typed, purpose: 'registration' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toBe(MESSAGES.auth.ipHourLimit);
  });

  it('only Russian numbers', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const res = await visitor.post(CODE, { phone: '+44 20 7946 0958', purpose: 'registration' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.phone).toBe(MESSAGES.phone.invalid);
  });

  it('answers never reveal whether a phone is registered', async () => {
    const { phone: registered } = await signUp(ctx);
    clock.advance(61 * 60_000); // both phones start with the same send history in the last hour
    const unknown = nextPhone();
    const visitor = await new Visitor(ctx, nextIp()).start();
    const strip = (body: string) => JSON.parse(body) as unknown;

    for (const purpose of ['registration', 'sign_in', 'reset_password']) {
      const a = await visitor.post(CODE, { phone: registered.typed, purpose });
      const b = await visitor.post(CODE, { phone: unknown.typed, purpose });
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(strip(a.body)).toEqual(strip(b.body));
      clock.advance(5 * 60_000);
    }
    // The owner of a registered phone gets a notice instead of a sign-up code; unknown phones get no sign-in code.
    const toRegistered = await messagesTo(ctx, registered.stored);
    expect(toRegistered.find((m) => m.kind === 'code:registration')!.body).toBe(MESSAGES.auth.smsAlreadyRegistered);
    const toUnknown = await messagesTo(ctx, unknown.stored);
    expect(toUnknown.map((m) => m.kind)).toEqual(['code:registration']);

    // Confirming any code for a registered phone fails exactly like a wrong code.
    const fresh = await new Visitor(ctx, nextIp()).start();
    await fresh.post(CODE, { phone: registered.typed, purpose: 'registration' });
    const guess = await fresh.post(CONFIRM, { phone: registered.typed, code: '123456' });
    expect(guess.json().error.fields.code).toBe(MESSAGES.auth.codeInvalid);

    // Password sign-in: unknown phone and wrong password answer the same.
    const wrongPassword = await visitor.post(SIGN_IN, { phone: registered.typed, password: 'НеТот123' });
    const unknownPhone = await visitor.post(SIGN_IN, { phone: unknown.typed, password: 'НеТот123' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(strip(wrongPassword.body)).toEqual(strip(unknownPhone.body));
    expect(wrongPassword.json().error.message).toBe(MESSAGES.auth.wrongCredentials);

    // Forgot password by e-mail: the same answer for any address.
    const f1 = await visitor.post('/api/v1/authorization_v2/forgot_password', { email: 'nobody@example.ru' });
    expect(f1.statusCode).toBe(200);
    expect(f1.json()).toEqual({ sent: true, message: MESSAGES.auth.emailSent });
  });

  it('password sign-in rotates the session; the old cookie stops working', async () => {
    const { visitor, phone, user } = await signUp(ctx);
    const before = visitor.cookie;
    const beforeRow = await sessionRow(visitor);
    const res = await visitor.post(SIGN_IN, { phone: phone.typed, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect(visitor.cookie).not.toBe(before);
    const [old] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, beforeRow!.id));
    expect(old!.revokedAt).not.toBeNull();
    const stale = await ctx.app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: before! } });
    expect(stale.statusCode).toBe(401);
    expect((await visitor.get(USER_INFO)).statusCode).toBe(200);

    const events = await ctx.database.db.select().from(authEvents).where(eq(authEvents.userId, user.id));
    expect(events.filter((e) => e.event === 'sign_in_password' && e.outcome === 'success')).toHaveLength(1);
  });

  it('10 wrong passwords pause password sign-in for that phone; the SMS code still works', async () => {
    const { phone } = await signUp(ctx);
    clock.advance(61_000);
    const attacker = await new Visitor(ctx, nextIp()).start();
    for (let i = 0; i < 10; i += 1) {
      expect((await attacker.post(SIGN_IN, { phone: phone.typed, password: `Wrong${i}xx` })).statusCode).toBe(400);
    }
    const locked = await attacker.post(SIGN_IN, { phone: phone.typed, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(MESSAGES.auth.signInLocked);

    const owner = await new Visitor(ctx, nextIp()).start();
    await owner.post(CODE, { phone: phone.typed, purpose: 'sign_in' });
    const code = await lastCode(ctx, phone.stored);
    expect((await owner.post(DISPOSABLE, { phone: phone.typed, code })).statusCode).toBe(200);

    clock.advance(16 * 60_000);
    expect((await attacker.post(SIGN_IN, { phone: phone.typed, password: PASSWORD })).statusCode).toBe(200);
  });

  it('logout ends the session on the server; GET logout only same-origin', async () => {
    const { visitor, phone } = await signUp(ctx);
    const cookie = visitor.cookie!;
    const crossSite = await visitor.get('/api/v1/user/logout', { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const noHeaders = await visitor.get('/api/v1/user/logout');
    expect(noHeaders.statusCode).toBe(403);
    const foreignOrigin = await visitor.get('/api/v1/user/logout', { origin: 'https://evil.example' });
    expect(foreignOrigin.statusCode).toBe(403);
    expect((await visitor.get(USER_INFO)).statusCode).toBe(200);

    const res = await visitor.get('/api/v1/user/logout', { 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^auth_token=;/);
    const replay = await ctx.app.inject({ method: 'GET', url: USER_INFO, headers: { cookie } });
    expect(replay.statusCode).toBe(401);

    const again = await new Visitor(ctx, nextIp()).start();
    await again.post(SIGN_IN, { phone: phone.typed, password: PASSWORD });
    const cookie2 = again.cookie!;
    expect((await again.post('/api/v1/user/logout')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: cookie2 } })).statusCode).toBe(
      401,
    );
  });

  it('a cross-origin POST is refused before anything happens', async () => {
    const { phone } = await signUp(ctx);
    const visitor = await new Visitor(ctx, nextIp()).start();
    const res = await visitor.post(
      SIGN_IN,
      { phone: phone.typed, password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
    const fetchMeta = await visitor.post(
      CODE,
      { phone: phone.typed, purpose: 'sign_in' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchMeta.statusCode).toBe(403);
    expect(await messagesTo(ctx, phone.stored)).toHaveLength(1); // only the sign-up code
  });

  it('lists own sessions and ends one; another user’s session is not found', async () => {
    const { visitor, phone } = await signUp(ctx);
    const second = await new Visitor(ctx, nextIp()).start();
    await second.post(SIGN_IN, { phone: phone.typed, password: PASSWORD });
    const list = await visitor.get('/api/v1/user/sessions');
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Array<{ id: string; current: boolean; user_agent: string }>;
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    const other = rows.find((r) => !r.current)!;

    const stranger = (await signUp(ctx)).visitor;
    expect((await stranger.call('DELETE', `/api/v1/user/sessions/${other.id}`)).statusCode).toBe(404);
    expect((await second.get(USER_INFO)).statusCode).toBe(200);

    expect((await visitor.call('DELETE', `/api/v1/user/sessions/${other.id}`)).statusCode).toBe(200);
    expect((await second.get(USER_INFO)).statusCode).toBe(401);
    expect((await visitor.get('/api/v1/user/sessions')).json()).toHaveLength(1);
  });

  it('anonymous calls to user endpoints get 401', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    expect((await visitor.get(USER_INFO)).statusCode).toBe(401);
    expect((await visitor.get('/api/v1/user/profile')).statusCode).toBe(401);
    expect((await visitor.call('PUT', '/api/v1/user/change_name?name=Пётр')).statusCode).toBe(401);
  });

  it('cookie-and-object refreshes the cookie and returns the session with its user', async () => {
    const anon = await new Visitor(ctx, nextIp()).start();
    const a = await anon.post('/api/v1/authorization_v2/cookie-and-object');
    expect(a.json()).toMatchObject({ anonymous: true, user: null });
    const { visitor } = await signUp(ctx, { name: 'Олег' });
    const b = await visitor.post('/api/v1/authorization_v2/cookie-and-object');
    expect(b.json()).toMatchObject({ anonymous: false, user: { name: 'Олег' } });
    expect(String(b.headers['set-cookie'])).toContain('HttpOnly');
  });

  it('stores only scrypt password hashes', async () => {
    const { user } = await signUp(ctx);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    // The cost in force (a cheap one under the test runner; password.test.ts checks the real one).
    const { log2N, r, p } = PASSWORD_COST;
    expect(row!.passwordHash).toMatch(
      new RegExp(`^scrypt\\$${log2N}\\$${r}\\$${p}\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$`),
    );
  });
});
