import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consents, emailTokens, sessions, users } from '@freight/db';
import { MESSAGES } from '@freight/domain';
import type { TestContext } from '../../test/helpers';
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
} from '../auth/identity-test-kit';

const CODE = '/api/v1/user/phone/verification_code';
const SIGN_IN = '/api/v1/authorization_v2/authorization';
const USER_INFO = '/api/v1/user/get_user_info';
const NEW_PASSWORD = 'Новый2026пароль';

/** The link and code of the newest mail to `to`. */
async function lastMail(ctx: TestContext, to: string) {
  const [mail] = await messagesTo(ctx, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = /https?:\/\/\S+/.exec(mail.body)?.[0] ?? null;
  const token = link ? new URL(link).searchParams.get('token') : null;
  const code = /\b(\d{6})\b/.exec(mail.body)?.[1] ?? null;
  return { mail, link, token, code };
}

describe('identity: profile, passwords, phone and e-mail changes, account deletion', () => {
  let ctx: TestContext;
  const clock = testClock();

  beforeAll(async () => {
    ctx = await createIdentityContext({ PUBLIC_ORIGIN: 'https://magistral.example' }, clock.now);
  });
  afterAll(async () => ctx.close());

  it('sign-up with an e-mail sends a link and a code; the code confirms it; resend works with a limit', async () => {
    const { visitor } = await signUp(ctx, { email: 'Ivan.Petrov@Mail.ru' });
    const first = await lastMail(ctx, 'ivan.petrov@mail.ru');
    expect(first.mail.subject).toBe(MESSAGES.auth.mailConfirmSubject);
    expect(first.link).toMatch(/^https:\/\/magistral\.example\/auth\/email-confirmation\?token=[A-Za-z0-9_-]{43}$/);

    let profile = (await visitor.get('/api/v1/user/profile')).json();
    expect(profile).toMatchObject({ email: null, pending_email: 'ivan.petrov@mail.ru' });

    const resent = await visitor.post('/api/v1/authorization_v2/resend_email', {});
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ sent: true, message: MESSAGES.auth.emailSent, email: 'iv***@mail.ru' });
    const second = await lastMail(ctx, 'ivan.petrov@mail.ru');
    // The earlier code and link no longer work.
    expect((await visitor.post('/api/v1/authorization_v2/email_confirmation', { token: first.token })).statusCode).toBe(
      400,
    );

    const wrong = await visitor.post('/api/v1/authorization_v2/email_confirmation', {
      code: second.code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().error.fields.code).toBe(MESSAGES.auth.codeInvalid);
    const ok = await visitor.post('/api/v1/authorization_v2/email_confirmation', { code: second.code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('ivan.petrov@mail.ru');
    profile = (await visitor.get('/api/v1/user/profile')).json();
    expect(profile).toMatchObject({ email: 'ivan.petrov@mail.ru', pending_email: null });

    const again = await visitor.post('/api/v1/authorization_v2/resend_email', {});
    expect(again.json().error.fields.email).toBe(MESSAGES.auth.emailNothingPending);

    const other = (await signUp(ctx)).visitor;
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await other.post('/api/v1/authorization_v2/resend_email', { email: 'limit@example.ru' })).statusCode,
      ).toBe(200);
    }
    expect((await other.post('/api/v1/authorization_v2/resend_email', { email: 'limit@example.ru' })).statusCode).toBe(
      429,
    );
  });

  it('forgot password by e-mail: a 1-hour link resets the password, ends every session and signs in', async () => {
    const { visitor, phone } = await signUp(ctx, { email: 'reset.me@example.ru' });
    const confirm = await lastMail(ctx, 'reset.me@example.ru');
    await visitor.post('/api/v1/authorization_v2/email_confirmation', { code: confirm.code });
    const oldCookie = visitor.cookie!;

    const stranger = await new Visitor(ctx, nextIp()).start();
    expect(
      (await stranger.post('/api/v1/authorization_v2/forgot_password', { email: 'RESET.me@example.ru' })).statusCode,
    ).toBe(200);
    const reset = await lastMail(ctx, 'reset.me@example.ru');
    expect(reset.mail.subject).toBe(MESSAGES.auth.mailResetSubject);
    expect(reset.link).toMatch(/^https:\/\/magistral\.example\/auth\/reset-password\?token=/);

    const weak = await stranger.post('/api/v1/authorization_v2/reset_password_email', {
      token: reset.token,
      new_password: '123',
    });
    expect(weak.json().error.fields.new_password).toBe(MESSAGES.auth.passwordTooShort);
    const done = await stranger.post('/api/v1/authorization_v2/reset_password_email', {
      token: reset.token,
      new_password: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    expect((await stranger.get(USER_INFO)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: oldCookie } })).statusCode).toBe(
      401,
    );
    // Single use.
    expect(
      (
        await stranger.post('/api/v1/authorization_v2/reset_password_email', {
          token: reset.token,
          new_password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(400);

    const fresh = await new Visitor(ctx, nextIp()).start();
    expect((await fresh.post(SIGN_IN, { phone: phone.typed, password: PASSWORD })).statusCode).toBe(400);
    expect((await fresh.post(SIGN_IN, { phone: phone.typed, password: NEW_PASSWORD })).statusCode).toBe(200);

    // An expired link.
    await stranger.post('/api/v1/authorization_v2/forgot_password', { email: 'reset.me@example.ru' });
    const late = await lastMail(ctx, 'reset.me@example.ru');
    clock.advance(61 * 60_000);
    const expired = await stranger.post('/api/v1/authorization_v2/reset_password_email', {
      token: late.token,
      new_password: NEW_PASSWORD,
    });
    expect(expired.json().error.fields.token).toBe(MESSAGES.auth.emailLinkInvalid);
  });

  it('forgot password by phone code', async () => {
    const { phone } = await signUp(ctx);
    clock.advance(61_000);
    const visitor = await new Visitor(ctx, nextIp()).start();
    await visitor.post(CODE, { phone: phone.typed, purpose: 'reset_password' });
    const code = await lastCode(ctx, phone.stored);
    expect((await messagesTo(ctx, phone.stored))[0]!.body).toContain('восстановления пароля');
    const res = await visitor.post('/api/v1/authorization_v2/reset_password_phone', {
      phone: phone.typed,
      code,
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const again = await new Visitor(ctx, nextIp()).start();
    expect((await again.post(SIGN_IN, { phone: phone.typed, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('change password needs the current one and ends every other session', async () => {
    const { visitor, phone } = await signUp(ctx);
    const laptop = await new Visitor(ctx, nextIp()).start();
    await laptop.post(SIGN_IN, { phone: phone.typed, password: PASSWORD });

    const wrong = await visitor.call('PUT', '/api/v1/authorization_v2/change_password', {
      current_password: 'не тот 1',
      new_password: NEW_PASSWORD,
    });
    expect(wrong.json().error.fields.current_password).toBe(MESSAGES.auth.currentPasswordWrong);
    const ok = await visitor.call('PUT', '/api/v1/authorization_v2/change_password', {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect((await visitor.get(USER_INFO)).statusCode).toBe(200);
    expect((await laptop.get(USER_INFO)).statusCode).toBe(401);
  });

  it('change phone: re-authenticate with the password, then the code sent to the new number', async () => {
    const { visitor, phone } = await signUp(ctx);
    const newPhone = nextPhone();
    const noPassword = await visitor.post(CODE, { phone: newPhone.typed, purpose: 'change_phone' });
    expect(noPassword.json().error.fields.password).toBe(MESSAGES.auth.currentPasswordRequired);
    const badPassword = await visitor.post(CODE, {
      phone: newPhone.typed,
      purpose: 'change_phone',
      password: 'не тот 1',
    });
    expect(badPassword.json().error.fields.password).toBe(MESSAGES.auth.currentPasswordWrong);
    const same = await visitor.post(CODE, { phone: phone.typed, purpose: 'change_phone', password: PASSWORD });
    expect(same.json().error.fields.phone).toBe(MESSAGES.auth.phoneSameAsCurrent);
    const anonymous = await new Visitor(ctx, nextIp()).start();
    expect(
      (await anonymous.post(CODE, { phone: newPhone.typed, purpose: 'change_phone', password: PASSWORD })).statusCode,
    ).toBe(401);

    expect(
      (await visitor.post(CODE, { phone: newPhone.typed, purpose: 'change_phone', password: PASSWORD })).statusCode,
    ).toBe(200);
    const code = await lastCode(ctx, newPhone.stored);
    const changed = await visitor.post('/api/v1/user/phone/verification/change_phone', { phone: newPhone.typed, code });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().phone).toBe(newPhone.stored);
    const fresh = await new Visitor(ctx, nextIp()).start();
    expect((await fresh.post(SIGN_IN, { phone: newPhone.typed, password: PASSWORD })).statusCode).toBe(200);
    expect((await fresh.post(SIGN_IN, { phone: phone.typed, password: PASSWORD })).statusCode).toBe(400);
  });

  it('a stolen session cannot guess the password: 10 wrong entries pause every re-authentication', async () => {
    const { visitor } = await signUp(ctx);
    for (let i = 0; i < 10; i += 1) {
      const res = await visitor.call('PUT', '/api/v1/authorization_v2/change_password', {
        current_password: `Wrong${i}xx`,
        new_password: NEW_PASSWORD,
      });
      expect(res.json().error.fields.current_password).toBe(MESSAGES.auth.currentPasswordWrong);
    }
    const locked = await visitor.call('DELETE', '/api/v1/user/account', {
      password: PASSWORD,
      confirmation: 'УДАЛИТЬ',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(MESSAGES.auth.reauthLocked);
    clock.advance(16 * 60_000);
    // (change_password also has a per-IP in-process limit of 10 a minute, so the last check uses deletion.)
    const ok = await visitor.call('DELETE', '/api/v1/user/account', { password: PASSWORD, confirmation: 'УДАЛИТЬ' });
    expect(ok.statusCode).toBe(200);
  });

  it('change e-mail: a link to the new address, applied only from our own pages', async () => {
    const { visitor } = await signUp(ctx);
    const sent = await visitor.call('PUT', '/api/v1/user/email/change_email', { email: 'new.box@example.ru' });
    expect(sent.statusCode).toBe(200);
    const { link, token, mail } = await lastMail(ctx, 'new.box@example.ru');
    expect(mail.subject).toBe(MESSAGES.auth.mailChangeSubject);
    expect(link).toContain('/auth/email-confirmation?token=');
    expect(link).toContain('&type=change');

    const url = `/api/v1/user/email/verification/change_email?token=${token}`;
    // A mail scanner or another site following the link: refused, nothing changes.
    expect((await ctx.app.inject({ method: 'GET', url, headers: { 'sec-fetch-site': 'none' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(
      403,
    );
    // Our page calls it (another browser, not signed in, is fine: the link is the proof).
    const applied = await ctx.app.inject({ method: 'GET', url, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().email).toBe('new.box@example.ru');
    expect(
      (await ctx.app.inject({ method: 'GET', url, headers: { 'sec-fetch-site': 'same-origin' } })).statusCode,
    ).toBe(400);

    // Someone else asking for a taken address gets the same answer; the owner's mailbox gets a notice, no link.
    const other = (await signUp(ctx)).visitor;
    const taken = await other.call('PUT', '/api/v1/user/email/change_email', { email: 'new.box@example.ru' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual(sent.json());
    const notice = await lastMail(ctx, 'new.box@example.ru');
    expect(notice.mail.body).toBe(MESSAGES.auth.mailTakenBody);
    expect(notice.token).toBeNull();
  });

  it('change name; the profile shows it', async () => {
    const { visitor } = await signUp(ctx, { name: 'Пётр' });
    const renamed = await visitor.call(
      'PUT',
      `/api/v1/user/change_name?name=${encodeURIComponent('  Пётр   Иванов ')}`,
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Пётр Иванов', display_name: 'Пётр Иванов' });
    const empty = await visitor.call('PUT', '/api/v1/user/change_name?name=%20');
    expect(empty.json().error.fields.name).toBe(MESSAGES.auth.nameRequired);
    const link = await visitor.call('PUT', `/api/v1/user/change_name?name=${encodeURIComponent('Смотри www.spam.ru')}`);
    expect(link.json().error.fields.name).toBe(MESSAGES.text.urlNotAllowed);
    const profile = await visitor.get('/api/v1/user/profile');
    expect(profile.json()).toMatchObject({ name: 'Пётр Иванов', pending_email: null });
    // The personal profile carries the user's current name.
    expect(profile.json().active_profile).toMatchObject({ kind: 'individual', name: 'Пётр Иванов', role: 'owner' });
  });

  it('account deletion: confirmation and password; personal data erased, sessions ended, the phone free again', async () => {
    const { visitor, phone, user } = await signUp(ctx, { name: 'Удаляемый', email: 'gone@example.ru' });
    const confirm = await lastMail(ctx, 'gone@example.ru');
    await visitor.post('/api/v1/authorization_v2/email_confirmation', { code: confirm.code });
    const laptop = await new Visitor(ctx, nextIp()).start();
    await laptop.post(SIGN_IN, { phone: phone.typed, password: PASSWORD });

    const noWord = await visitor.call('DELETE', '/api/v1/user/account', { password: PASSWORD, confirmation: 'да' });
    expect(noWord.json().error.fields.confirmation).toBe(MESSAGES.auth.deleteConfirmRequired);
    const wrong = await visitor.call('DELETE', '/api/v1/user/account', {
      password: 'не тот 1',
      confirmation: 'УДАЛИТЬ',
    });
    expect(wrong.json().error.fields.password).toBe(MESSAGES.auth.currentPasswordWrong);
    const done = await visitor.call('DELETE', '/api/v1/user/account', { password: PASSWORD, confirmation: 'удалить' });
    expect(done.statusCode).toBe(200);
    // This suite runs under an https PUBLIC_ORIGIN: the session cookie carries the __Host- prefix.
    expect(String(done.headers['set-cookie'])).toMatch(/^__Host-auth_token=;.*Secure/);

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: null, phone: null, email: null, passwordHash: null, isVerified: false });
    expect(row!.deletedAt).not.toBeNull();
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toHaveLength(0);
    const [consent] = await ctx.database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(consent!.withdrawnAt).not.toBeNull();
    expect((await laptop.get(USER_INFO)).statusCode).toBe(401);

    const fresh = await new Visitor(ctx, nextIp()).start();
    expect((await fresh.post(SIGN_IN, { phone: phone.typed, password: PASSWORD })).statusCode).toBe(400);
    clock.advance(61 * 60_000);
    await fresh.post(CODE, { phone: phone.typed, purpose: 'registration' });
    expect((await messagesTo(ctx, phone.stored))[0]!.kind).toBe('code:registration');
    expect((await messagesTo(ctx, phone.stored))[0]!.body).not.toBe(MESSAGES.auth.smsAlreadyRegistered);
  });
});

describe('dev outbox', () => {
  it('exists with DEMO_MODE=1 and no provider: recorded messages, newest first', async () => {
    const ctx = await createIdentityContext({ DEMO_MODE: '1' });
    try {
      const a = await new Visitor(ctx, nextIp()).start();
      const p1 = nextPhone();
      const p2 = nextPhone();
      await a.post(CODE, { phone: p1.typed, purpose: 'registration' });
      await a.post(CODE, { phone: p2.typed, purpose: 'registration' });
      await ctx.app.outbox.flush();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<{ to: string; channel: string; body: string }>;
      expect(list.map((m) => m.to).slice(0, 2)).toEqual([p2.stored, p1.stored]);
      expect(list[0]!.channel).toBe('sms');
      expect(list[0]!.body).toMatch(/\d{6}/);
    } finally {
      await ctx.close();
    }
  });

  it.each([
    ['without DEMO_MODE', {}],
    [
      'with DEMO_MODE but real providers configured',
      {
        DEMO_MODE: '1',
        SMS_RU_API_ID: 'x',
        SMS_RU_BASE_URL: 'http://127.0.0.1:9',
        SMTP_URL: 'smtp://127.0.0.1:9',
        TELEGRAM_BOT_TOKEN: '123456:test-token-aaaaaaaaaaaaaaaaaaaa',
        TELEGRAM_API_BASE_URL: 'http://127.0.0.1:9',
      },
    ],
  ])('does not exist %s (404)', async (_label, env) => {
    const ctx = await createIdentityContext(env as Record<string, string>);
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
