import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outbox, securityAlerts, smsSends, verificationCodes, type Database } from '@freight/db';
import { createTestDatabase, type TestDatabase } from '@freight/db/testing';
import { RequestCreateResponseSchema } from '@freight/contracts';
import { MESSAGES, RU_PRODUCTION_CALENDAR, addWorkingDays, formatPhoneSpaced, toIsoDate } from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import {
  Visitor,
  createIdentityContext,
  messagesTo,
  nextIp,
  nextPhone,
  signUp,
  testClock,
} from '../auth/identity-test-kit';
import { phoneHash } from '../auth/phone-hash';
import { createOrder, loadNetwork, validDraft, type NetworkRefs } from '../orders/orders-test-kit';
import { listOpenSecurityAlerts } from '../security-alerts/security-alerts.repository';
import { JobQueue } from '../jobs/job-queue';
import { Outbox, createTransports } from './outbox.service';
import { SmsPolicy, purgeSmsLedger, smsBudgetPressure, type SmsBudgets } from './sms-policy';

/*
 * The SMS policy of decision 010 (issue 20, SMS pumping): Russian mobile numbers only, hourly
 * budgets per phone, number prefix, IP and in total, alerts, and order confirmations by SMS only
 * to a phone proven by a code. The CAPTCHA (decision 011) is switched off here: it is tested on
 * its own, and these tests are about what happens behind it.
 */

const CODE = '/api/v1/user/phone/verification_code';
const NO_CAPTCHA = { CAPTCHA_MODE: 'off' };
type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

async function ledgerRows(db: Database, phone: string) {
  return db.select().from(smsSends).where(eq(smsSends.phone, phone));
}

async function outboxCount(db: Database, recipient: string, channel: 'sms' | 'email' = 'sms'): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.channel, channel)));
  return row?.n ?? 0;
}

async function openAlerts(db: Database, kind: string) {
  return db.select().from(securityAlerts).where(eq(securityAlerts.kind, kind));
}

describe('SMS policy through the API', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  // Sessions expire by the real time, so the clock starts now and moves by minutes only.
  const clock = testClock(Date.now());
  const DATE = addWorkingDays(toIsoDate(new Date())!, 2, RU_PRODUCTION_CALENDAR);

  beforeAll(async () => {
    ctx = await createTestContext({ ...NO_CAPTCHA, ORDER_EMAILS_PER_RECIPIENT_HOUR: '2' }, { clock: clock.now });
    net = await loadNetwork(ctx.database.db);
  });
  afterAll(async () => ctx.close());

  const visitor = () => new Visitor(ctx, nextIp()).start();

  describe('codes go only to Russian mobile numbers', () => {
    it.each([
      ['+7 809 505-55-55', 'registration'],
      ['8 (809) 505-55-56', 'sign_in'],
      ['+7 800 555-35-35', 'registration'],
      ['8 800 555-35-36', 'reset_password'],
      ['+7 (495) 123-45-67', 'registration'],
      ['+7 383 123-45-67', 'sign_in'],
      ['+7 701 123-45-67', 'registration'],
    ])(
      '%s (%s) is refused with 422 in Russian; nothing reaches the outbox, the ledger or the codes',
      async (typed, purpose) => {
        const res = await (await visitor()).post(CODE, { phone: typed, purpose });
        expect(res.statusCode).toBe(422);
        const body = res.json() as ErrorJson;
        expect(body.error).toEqual({
          code: 'PHONE_NOT_MOBILE',
          message: 'Коды отправляем только на мобильные номера России',
          fields: { phone: MESSAGES.auth.codeMobileOnly },
        });
        const stored = `+7${typed.replace(/\D/g, '').slice(-10)}`;
        expect(await outboxCount(ctx.database.db, stored)).toBe(0);
        expect(await ledgerRows(ctx.database.db, stored)).toEqual([]);
        const codes = await ctx.database.db.select().from(verificationCodes).where(eq(verificationCodes.phone, stored));
        expect(codes).toEqual([]);
      },
    );

    it('a sign-in code for an unknown phone is charged to the budgets like a delivered one (no enumeration)', async () => {
      const phone = nextPhone();
      const ip = nextIp();
      const res = await new Visitor(ctx, ip)
        .start()
        .then((v) => v.post(CODE, { phone: phone.typed, purpose: 'sign_in' }));
      expect(res.statusCode).toBe(200);
      expect(await outboxCount(ctx.database.db, phone.stored)).toBe(0);
      const rows = await ledgerRows(ctx.database.db, phone.stored);
      expect(rows.map((r) => [r.kind, r.prefix, r.ip])).toEqual([['code:sign_in', phone.stored.slice(0, -4), ip]]);
    });
  });

  describe('order confirmations', () => {
    it('an anonymous order sends no SMS to the typed sender phone; the confirmation is on screen', async () => {
      const v = await visitor();
      const res = await createOrder(v, validDraft(net, DATE));
      expect(res.statusCode, res.body).toBe(201);
      const body = RequestCreateResponseSchema.parse(res.json());
      expect(body.notification).toBeNull();
      expect(await outboxCount(ctx.database.db, '+79001234501')).toBe(0);
      expect(await ledgerRows(ctx.database.db, '+79001234501')).toEqual([]);
    });

    it('an anonymous order with an e-mail confirms by e-mail, at most 2 per address per hour here', async () => {
      const email = 'sender.confirm@example.ru';
      const withEmail = validDraft(net, DATE, (d) => ({
        ...d,
        contacts: { ...d.contacts, sender: { ...d.contacts.sender, email } },
      }));
      const notifications = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await createOrder(await visitor(), withEmail);
        expect(res.statusCode, res.body).toBe(201);
        notifications.push(RequestCreateResponseSchema.parse(res.json()).notification);
      }
      expect(notifications).toEqual([{ channel: 'email', to: email }, { channel: 'email', to: email }, null]);
      expect(await outboxCount(ctx.database.db, email, 'email')).toBe(2);
      expect(await outboxCount(ctx.database.db, '+79001234501')).toBe(0);
      const mails = await messagesTo(ctx, email);
      expect(mails[0]?.subject).toMatch(/^Заявка принята: груз MG-/);
    });

    it('a verified client’s confirmation goes by SMS to the account phone (ledger row with the IP), never to a typed sender phone', async () => {
      const { visitor: client, phone } = await signUp(ctx);
      const draft = validDraft(net, DATE); // the sender phone typed is +7 (900) 123-45-01, not the account's
      const res = await createOrder(client, draft);
      expect(res.statusCode, res.body).toBe(201);
      const body = RequestCreateResponseSchema.parse(res.json());
      expect(body.notification).toEqual({ channel: 'sms', to: formatPhoneSpaced(phone.stored) });
      const [sms] = await messagesTo(ctx, phone.stored);
      expect(sms?.kind).toBe('order_created');
      expect(sms?.body).toContain(body.track_number);
      expect(await outboxCount(ctx.database.db, '+79001234501')).toBe(0);
      const rows = await ledgerRows(ctx.database.db, phone.stored);
      expect(rows.map((r) => [r.kind, r.ip])).toEqual([
        ['code:registration', expect.any(String)],
        ['order_created', client.ip],
      ]);
    });

    it('the 6th SMS to one phone in an hour is refused: the 5th order gets no SMS, then a code is 429 with Retry-After and an alert', async () => {
      const { visitor: client, phone } = await signUp(ctx); // SMS 1: the sign-up code
      for (let i = 0; i < 4; i += 1) {
        const res = await createOrder(client, validDraft(net, DATE)); // SMS 2…5
        expect(RequestCreateResponseSchema.parse(res.json()).notification?.channel).toBe('sms');
      }
      const fifth = await createOrder(client, validDraft(net, DATE));
      expect(fifth.statusCode).toBe(201);
      expect(RequestCreateResponseSchema.parse(fifth.json()).notification).toBeNull();
      expect((await messagesTo(ctx, phone.stored)).filter((m) => m.kind === 'order_created')).toHaveLength(4);

      clock.advance(61_000); // past the resend pause of the sign-up code
      const code = await (await visitor()).post(CODE, { phone: phone.typed, purpose: 'sign_in' });
      expect(code.statusCode).toBe(429);
      expect((code.json() as ErrorJson).error.message).toBe(MESSAGES.auth.smsBudget.phone);
      const retryAfter = Number(code.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3_400);
      expect(retryAfter).toBeLessThanOrEqual(3_600);
      expect(await ledgerRows(ctx.database.db, phone.stored)).toHaveLength(5);

      const alerts = await openAlerts(ctx.database.db, 'sms_budget_phone');
      const alert = alerts.find((a) => a.scope === `phone:${phoneHash(phone.stored)}`);
      expect(alert?.resolvedAt).toBeNull();
      expect(alert?.details).toMatchObject({ limit: 5, hits: 2, masked_phone: expect.stringMatching(/\*/) });
      expect(JSON.stringify(alerts)).not.toContain(phone.stored);
    });
  });

  describe('per-prefix budget', () => {
    it('the 21st number of one prefix in an hour is refused; one open alert row counts the repeats', async () => {
      const inPrefix = (i: number) => `+7 916 555-${String(1000 + i).slice(0, 2)}-${String(1000 + i).slice(2)}`;
      for (let i = 0; i < 20; i += 1) {
        const res = await (await visitor()).post(CODE, { phone: inPrefix(i), purpose: 'registration' });
        expect(res.statusCode, res.body).toBe(200);
      }
      const twentyFirst = await (await visitor()).post(CODE, { phone: inPrefix(20), purpose: 'registration' });
      expect(twentyFirst.statusCode).toBe(429);
      expect((twentyFirst.json() as ErrorJson).error.message).toBe(MESSAGES.auth.smsBudget.prefix);
      expect(Number(twentyFirst.headers['retry-after'])).toBeGreaterThan(0);
      expect(await outboxCount(ctx.database.db, '+79165551020')).toBe(0);
      expect(await ledgerRows(ctx.database.db, '+79165551020')).toEqual([]);

      clock.advance(1_000);
      expect((await (await visitor()).post(CODE, { phone: inPrefix(21), purpose: 'sign_in' })).statusCode).toBe(429);
      // The neighbouring range is a budget of its own.
      expect(
        (await (await visitor()).post(CODE, { phone: '+7 916 556-10-00', purpose: 'registration' })).statusCode,
      ).toBe(200);

      const rows = (await openAlerts(ctx.database.db, 'sms_budget_prefix')).filter(
        (a) => a.scope === 'prefix:+7916555',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.details).toMatchObject({ limit: 20, count: 20, hits: 2, prefix: '+7916555' });
      expect(rows[0]!.lastSeenAt.getTime()).toBeGreaterThan(rows[0]!.createdAt.getTime());
      const listed = await listOpenSecurityAlerts(ctx.database.db, { kind: 'sms_budget_*' });
      expect(listed.map((a) => a.scope)).toContain('prefix:+7916555');
    });
  });
});

describe('SMS policy: per-IP budget (SMS_BUDGET_IP_HOUR=3)', () => {
  let ctx: TestContext;
  const clock = testClock(Date.now());
  beforeAll(async () => {
    ctx = await createIdentityContext({ ...NO_CAPTCHA, SMS_BUDGET_IP_HOUR: '3' }, clock.now);
  });
  afterAll(async () => ctx.close());

  it('the 4th SMS from one IP in an hour is refused with 429 and an alert; another IP is not', async () => {
    const v = await new Visitor(ctx, nextIp()).start();
    for (let i = 0; i < 3; i += 1) {
      expect((await v.post(CODE, { phone: nextPhone().typed, purpose: 'registration' })).statusCode).toBe(200);
    }
    const fourth = await v.post(CODE, { phone: nextPhone().typed, purpose: 'registration' });
    expect(fourth.statusCode).toBe(429);
    expect((fourth.json() as ErrorJson).error.message).toBe(MESSAGES.auth.smsBudget.ip);
    expect(fourth.headers['retry-after']).toBeDefined();
    const [alert] = await openAlerts(ctx.database.db, 'sms_budget_ip');
    expect(alert?.scope).toBe(`ip:${v.ip}`);
    const other = await new Visitor(ctx, nextIp()).start();
    expect((await other.post(CODE, { phone: nextPhone().typed, purpose: 'registration' })).statusCode).toBe(200);
  });
});

describe('SMS policy: global budget (SMS_BUDGET_GLOBAL_HOUR=4)', () => {
  let ctx: TestContext;
  const clock = testClock(Date.now());
  beforeAll(async () => {
    ctx = await createIdentityContext({ ...NO_CAPTCHA, SMS_BUDGET_GLOBAL_HOUR: '4' }, clock.now);
  });
  afterAll(async () => ctx.close());

  const ask = async () =>
    (await new Visitor(ctx, nextIp()).start()).post(CODE, { phone: nextPhone().typed, purpose: 'registration' });

  it('the 5th SMS of the hour is refused for everyone, with an alert; the hour slides', async () => {
    expect(await smsBudgetPressure(ctx.database.db, { ip: nextIp() })).toBe(false);
    for (let i = 0; i < 4; i += 1) expect((await ask()).statusCode).toBe(200);
    // The app's budgets are bound to its database handle: 4 of 4 is past 80 %.
    expect(await smsBudgetPressure(ctx.database.db, { ip: nextIp() })).toBe(true);
    const fifth = await ask();
    expect(fifth.statusCode).toBe(429);
    expect((fifth.json() as ErrorJson).error.message).toBe(MESSAGES.auth.smsBudget.global);
    const alerts = await openAlerts(ctx.database.db, 'sms_budget_global');
    expect(alerts.map((a) => a.scope)).toEqual(['global']);
    clock.advance(3_601_000);
    expect((await ask()).statusCode).toBe(200);
  });
});

describe('SmsPolicy on its own', () => {
  let database: TestDatabase;
  const clock = testClock(Date.now());
  const budgets: SmsBudgets = { perPhone: 5, perPrefix: 20, perIp: 10, global: 1_000 };
  const warnings: unknown[] = [];
  const log = {
    info: () => undefined,
    warn: (details: unknown, message: string) => warnings.push({ details, message }),
  } as unknown as FastifyBaseLogger;
  let policy: SmsPolicy;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = new JobQueue({ database, poll: false });
    const box = new Outbox(database.db, createTransports({ mailFrom: 'test' }, clock.now), clock.now, jobs);
    await jobs.start();
    policy = new SmsPolicy({ db: database.db, outbox: box, budgets, clock: clock.now, log });
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  const send = (to: string, ip: string | null) =>
    database.db.transaction((tx) =>
      policy.send(tx as unknown as Database, { to, body: 'Тест', bodyRedacted: 'Тест', kind: 'test', ip }),
    );

  it('20 concurrent sends to one phone against a budget of 5: exactly 5 pass', async () => {
    const phone = '+79165550001';
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => send(phone, `192.0.2.${i + 1}`)));
    expect(outcomes.filter((o) => o.sent)).toHaveLength(5);
    expect(outcomes.filter((o) => !o.sent && o.reason === 'budget' && o.budget === 'phone')).toHaveLength(15);
    expect(await ledgerRows(database.db, phone)).toHaveLength(5);
    expect(await outboxCount(database.db, phone)).toBe(5);
    const alerts = (await openAlerts(database.db, 'sms_budget_phone')).filter(
      (a) => a.scope === `phone:${phoneHash(phone)}`,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.details).toMatchObject({ hits: 15 });
  });

  it('a budget hit is logged at warn with the phone masked', async () => {
    const text = JSON.stringify(warnings);
    expect(warnings.length).toBeGreaterThan(0);
    expect(text).toContain('sms budget hit: phone');
    expect(text).toContain('+7 (9**) ***-**-01');
    expect(text).not.toContain('79165550001');
  });

  it('refuses what is not a Russian mobile number without writing anything', async () => {
    for (const to of ['+78005553535', '+78095055555', '+74951234567', '+77011234567', 'не телефон']) {
      expect(await send(to, '192.0.2.200')).toMatchObject({ sent: false, reason: 'not_mobile' });
    }
    const rows = await database.db.select({ n: count() }).from(smsSends).where(eq(smsSends.ip, '192.0.2.200'));
    expect(rows[0]!.n).toBe(0);
  });

  it('reports pressure from 80 % of a budget that applies', async () => {
    const phone = '+79165550002';
    for (let i = 0; i < 3; i += 1) await send(phone, null);
    expect(await policy.pressure({ ip: '192.0.2.201', phone })).toBe(false);
    await send(phone, null);
    expect(await policy.pressure({ ip: '192.0.2.201', phone })).toBe(true);
    expect(await smsBudgetPressure(database.db, { ip: '192.0.2.201', phone: '+7 916 555-00-02' })).toBe(true);
    expect(await policy.pressure({ ip: '192.0.2.201', phone: '+79175550002' })).toBe(false);
    expect(await policy.pressure({ ip: '192.0.2.201' })).toBe(false);
  });

  it('purges ledger rows older than two days, keeps the rest', async () => {
    const before = (await database.db.select({ n: count() }).from(smsSends))[0]!.n;
    await database.db.insert(smsSends).values({
      phone: '+79165550003',
      prefix: '+7916555',
      kind: 'test',
      createdAt: new Date(Date.now() - 49 * 3_600_000),
    });
    expect(await purgeSmsLedger(database.db)).toBe(1);
    expect((await database.db.select({ n: count() }).from(smsSends))[0]!.n).toBe(before);
  });
});

describe('one door for SMS', () => {
  it('no API source but the SMS policy queues an SMS', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          // An outbox write (enqueue or the repository's insert) whose object literal says channel 'sms'.
          const writesSms = /\b(?:enqueue|insertOutbox)\(\s*(?:\w+,\s*)?\{[^}]*channel:\s*'sms'/;
          if (writesSms.test(readFileSync(full, 'utf8'))) offenders.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual(['modules/messaging/sms-policy.ts']);
  });
});
