import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { securityAlerts, staffAuditLog, type Database } from '@freight/db';
import { MESSAGES, STAFF_ROLE_PERMISSIONS, formatPhoneSpaced, maskPhone, type StaffRole } from '@freight/domain';
import { BO_ALERTS_TEXTS } from '@freight/domain/texts/back-office-alerts';
import type { SecurityAlert, SecurityAlertPage } from '@freight/contracts/back-office-alerts';
import { TEST_ORIGIN, createTestContext, type TestContext } from '../../test/helpers';
import { insertStaff, signInStaff, type TestStaff } from '../../test/staff';
import { Visitor, nextIp, nextPhone, signUp, testClock } from '../auth/identity-test-kit';
import { raiseSecurityAlert } from '../security-alerts/security-alerts.repository';

/*
 * The back-office's security alerts (issue 20): a real SMS budget hit — the code request API
 * driven past small budgets — appears in the list with its Russian name and details, is resolved
 * once (audited), and the next hit opens a new alert.
 */

const T = BO_ALERTS_TEXTS;
const BO = '/api/v1/back-office';
const CODE = '/api/v1/user/phone/verification_code';

const NAMES: Record<StaffRole, string> = {
  operator: 'Ольга Дежурная',
  client_manager: 'Мария Менеджер',
  content_editor: 'Егор Редактор',
  admin: 'Анна Администратор',
};

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> };
}

describe('back-office: security alerts', () => {
  let ctx: TestContext;
  const clock = testClock(Date.now());
  const staff = {} as Record<StaffRole, TestStaff>;
  let clientCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext(
      {
        CAPTCHA_MODE: 'off',
        SMS_BUDGET_PHONE_HOUR: '2',
        SMS_BUDGET_PREFIX_HOUR: '3',
        SMS_BUDGET_IP_HOUR: '3',
      },
      { clock: clock.now },
    );
    // Staff sign in now: their TOTP codes follow the real time, and the clock only moves minutes ahead.
    for (const role of ['operator', 'client_manager', 'content_editor', 'admin'] as const) {
      staff[role] = await signInStaff(ctx, await insertStaff(ctx, role, { name: NAMES[role] }));
    }
    clientCookie = (await signUp(ctx)).visitor.cookie!;
  });
  afterAll(async () => ctx.close());

  const get = (who: { cookie: string } | null, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const resolve = (who: TestStaff, id: number | string, payload: unknown = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `${BO}/security_alerts/${id}/resolve`,
      headers: who.headers,
      payload: payload as object,
    });
  const list = async (who: TestStaff, query = '') => {
    const res = await get(who, `${BO}/security_alerts${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SecurityAlertPage;
  };
  const requestCode = async (phone: string, visitor?: Visitor) =>
    (visitor ?? (await new Visitor(ctx, nextIp()).start())).post(CODE, { phone, purpose: 'registration' });
  const alertRows = (db: Database, kind: string) =>
    db.select().from(securityAlerts).where(eq(securityAlerts.kind, kind)).orderBy(securityAlerts.id);
  const auditOf = (id: number) =>
    ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.entityType, 'security_alert'), eq(staffAuditLog.entityId, String(id))));

  /** Three codes to one phone from fresh addresses: the third is past SMS_BUDGET_PHONE_HOUR=2. */
  async function hitPhoneBudget(phone: { typed: string; stored: string }) {
    expect((await requestCode(phone.typed)).statusCode).toBe(200);
    clock.advance(61_000); // the resend pause after one code
    expect((await requestCode(phone.typed)).statusCode).toBe(200);
    clock.advance(121_000); // … and after two
    const refused = await requestCode(phone.typed);
    expect(refused.statusCode, refused.body).toBe(429);
    expect((refused.json() as ErrorJson).error.message).toBe(MESSAGES.auth.smsBudget.phone);
  }

  let phoneAlert: SecurityAlert;
  const phone = nextPhone();

  it('a spent per-phone budget shows up with its Russian name and details; the phone only masked', async () => {
    expect((await list(staff.operator)).items).toEqual([]);
    await hitPhoneBudget(phone);

    const page = await list(staff.operator);
    expect(page.total).toBe(1);
    phoneAlert = page.items[0]!;
    expect(phoneAlert).toMatchObject({
      kind: 'sms_budget_phone',
      kind_label: 'Исчерпан лимит SMS на номер',
      subject: `Номер ${maskPhone(phone.stored)}`,
      details: [
        'Лимит: 2 SMS в час, отправлено 2.',
        'Последний запрос: код для регистрации.',
        `Номер: ${maskPhone(phone.stored)}.`,
      ],
      hits: 1,
      status: 'open',
      status_label: 'Открыт',
      resolved_at: null,
      resolved_by: null,
      comment: null,
    });
    expect(phoneAlert.first_seen_at).toBe(clock.now().toISOString());
    expect(phoneAlert.last_seen_at).toBe(phoneAlert.first_seen_at);
    const raw = JSON.stringify(page);
    expect(raw).not.toContain(phone.stored);
    expect(raw).not.toContain(formatPhoneSpaced(phone.stored));
    expect(raw).not.toContain(phone.stored.slice(2));

    // A repeat while it is open only moves «Последний раз» and counts.
    clock.advance(60_000);
    expect((await requestCode(phone.typed)).statusCode).toBe(429);
    const [again] = (await list(staff.operator)).items;
    expect(again).toMatchObject({ id: phoneAlert.id, hits: 2, first_seen_at: phoneAlert.first_seen_at });
    expect(again!.last_seen_at).toBe(clock.now().toISOString());
    expect(again!.details.at(-1)).toBe('Сработал 2 раза.');
  });

  it('the per-prefix and per-IP budgets and a conversion drop: open first, the most recently seen first', async () => {
    clock.advance(60_000);
    const inPrefix = (i: number) => `+7 917 321-00-0${i}`;
    for (let i = 0; i < 3; i += 1) expect((await requestCode(inPrefix(i))).statusCode).toBe(200);
    const fourth = await requestCode(inPrefix(3));
    expect((fourth.json() as ErrorJson).error.message).toBe(MESSAGES.auth.smsBudget.prefix);

    clock.advance(60_000);
    const visitor = await new Visitor(ctx, nextIp()).start();
    for (let i = 0; i < 3; i += 1) expect((await requestCode(nextPhone().typed, visitor)).statusCode).toBe(200);
    const overIp = await requestCode(nextPhone().typed, visitor);
    expect((overIp.json() as ErrorJson).error.message).toBe(MESSAGES.auth.smsBudget.ip);

    clock.advance(60_000);
    await ctx.database.db.transaction(async (tx) =>
      raiseSecurityAlert(tx as unknown as Database, {
        kind: 'captcha_conversion',
        scope: 'global',
        details: { sent: 41, verified: 10, threshold: 0.3, window: '1h' },
        now: clock.now(),
      }),
    );

    const page = await list(staff.admin, '?status=open');
    expect(page.items.map((a) => [a.kind_label, a.subject])).toEqual([
      ['Упала доля подтверждённых SMS-кодов', 'Весь сайт'],
      ['Исчерпан лимит SMS с одного IP-адреса', `IP-адрес ${visitor.ip}`],
      ['Исчерпан лимит SMS на префикс номера', 'Номера +7 (917) 321-XX-XX'],
      ['Исчерпан лимит SMS на номер', `Номер ${maskPhone(phone.stored)}`],
    ]);
    expect(page.items[0]!.details).toEqual([
      'За час отправлено 41 код, подтверждено 10 (24\u00a0%).',
      'Порог: 30\u00a0%; ниже него код выдаётся только после проверки «я не робот».',
    ]);
    expect(page.items[1]!.details).toEqual([
      'Лимит: 3 SMS в час, отправлено 3.',
      'Последний запрос: код для регистрации.',
      expect.stringMatching(/^Номер: \+7 \(9\*\*\) \*\*\*-\*\*-\d\d\.$/),
      `IP-адрес: ${visitor.ip}.`,
    ]);
    expect(page.items[2]!.details).toEqual([
      'Лимит: 3 SMS в час, отправлено 3.',
      'Последний запрос: код для регистрации.',
      'Номер: +7 (9**) ***-**-03.',
      'Префикс: +7 (917) 321-XX-XX.',
    ]);
    const paged = await list(staff.admin, '?per_page=2&page=2');
    expect(paged).toMatchObject({ total: 4, page: 2, per_page: 2 });
    expect(paged.items.map((a) => a.id)).toEqual(page.items.slice(2).map((a) => a.id));

    const overview = (await get(staff.operator, `${BO}/overview`)).json() as { open_security_alerts: number | null };
    expect(overview.open_security_alerts).toBe(4);
    const manager = (await get(staff.client_manager, `${BO}/overview`)).json() as { open_security_alerts: unknown };
    expect(manager.open_security_alerts).toBeNull();
  });

  it('resolves an alert once, with the comment in the audit log; a second resolve is 409; the next hit opens a new one', async () => {
    const tooLong = await resolve(staff.operator, phoneAlert.id, { comment: 'а'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect((tooLong.json() as ErrorJson).error.fields).toEqual({ comment: T.errors.commentTooLong });
    const extra = await resolve(staff.operator, phoneAlert.id, { comment: 'ок', reason: 'x' });
    expect(extra.statusCode).toBe(400);

    clock.advance(30_000);
    const res = await resolve(staff.operator, phoneAlert.id, { comment: '  Проверили: ботов нет  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: phoneAlert.id,
      status: 'resolved',
      status_label: 'Закрыт',
      resolved_at: clock.now().toISOString(),
      resolved_by: NAMES.operator,
      comment: 'Проверили: ботов нет',
    });
    const [row] = await ctx.database.db.select().from(securityAlerts).where(eq(securityAlerts.id, phoneAlert.id));
    expect(row!.resolvedAt?.toISOString()).toBe(clock.now().toISOString());

    const second = await resolve(staff.admin, phoneAlert.id);
    expect(second.statusCode).toBe(409);
    expect((second.json() as ErrorJson).error).toEqual({ code: 'CONFLICT', message: 'Сигнал уже закрыт' });

    const audit = await auditOf(phoneAlert.id);
    expect(audit.map((a) => [a.action, a.staffId, a.staffName, a.before, a.after])).toEqual([
      [
        'alert.resolve',
        staff.operator.id,
        NAMES.operator,
        { kind: 'sms_budget_phone', scope: row!.scope, resolved_at: null },
        { resolved_at: clock.now().toISOString(), comment: 'Проверили: ботов нет' },
      ],
    ]);
    expect(audit[0]!.at.toISOString()).toBe(clock.now().toISOString());

    // Resolved: out of the open list, in the closed one with who and why; last in «Все».
    expect((await list(staff.operator)).items.map((a) => a.id)).not.toContain(phoneAlert.id);
    const closed = await list(staff.operator, '?status=resolved');
    expect(closed.items).toEqual([
      expect.objectContaining({
        id: phoneAlert.id,
        status: 'resolved',
        resolved_by: NAMES.operator,
        comment: 'Проверили: ботов нет',
      }),
    ]);
    const all = await list(staff.operator, '?status=all');
    expect(all.total).toBe(4);
    expect(all.items.at(-1)!.id).toBe(phoneAlert.id);

    // Without a body too (no comment).
    const bare = await ctx.app.inject({
      method: 'POST',
      url: `${BO}/security_alerts/${all.items[0]!.id}/resolve`,
      headers: staff.admin.headers,
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toMatchObject({ status: 'resolved', resolved_by: NAMES.admin, comment: null });

    // The same phone over its budget again: a new open alert, the closed one stays closed.
    clock.advance(60_000);
    expect((await requestCode(phone.typed)).statusCode).toBe(429);
    const phoneRows = await alertRows(ctx.database.db, 'sms_budget_phone');
    expect(phoneRows.map((r) => r.resolvedAt === null)).toEqual([false, true]);
    const reopened = (await list(staff.operator)).items.find((a) => a.kind === 'sms_budget_phone');
    expect(reopened).toMatchObject({ hits: 1, status: 'open' });
    expect(reopened!.id).not.toBe(phoneAlert.id);
  });

  it('answers 404 for an unknown alert, 400 for a malformed id or filter, in Russian', async () => {
    const unknown = await resolve(staff.operator, 99_999_999);
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as ErrorJson).error).toEqual({ code: 'NOT_FOUND', message: 'Сигнал не найден' });
    expect((await resolve(staff.operator, 'abc')).statusCode).toBe(400);
    const filter = await get(staff.operator, `${BO}/security_alerts?status=closed`);
    expect(filter.statusCode).toBe(400);
    expect((filter.json() as ErrorJson).error.fields).toEqual({ status: T.errors.filterInvalid });
    expect(await auditOf(99_999_999)).toEqual([]);
  });

  const roles: StaffRole[] = ['operator', 'client_manager', 'content_editor', 'admin'];

  it.each(roles)('lets %s in only with alerts.work', async (role) => {
    const allowed = STAFF_ROLE_PERMISSIONS[role].includes('alerts.work');
    expect(allowed).toBe(role === 'operator' || role === 'admin');
    const res = await get(staff[role], `${BO}/security_alerts?status=all`);
    expect(res.statusCode).toBe(allowed ? 200 : 403);
    if (!allowed) expect((res.json() as ErrorJson).error.message).toBe(MESSAGES.backOffice.errors.forbidden);
    expect((await resolve(staff[role], 99_999_999)).statusCode).toBe(allowed ? 404 : 403);
  });

  it('refuses a client session (403), nobody (401) and a resolve without our Origin (CSRF)', async () => {
    const [open] = (await list(staff.operator)).items;
    expect(open).toBeDefined();
    const url = `${BO}/security_alerts`;
    expect((await get(null, url)).statusCode).toBe(401);
    const asClient = await ctx.app.inject({ method: 'GET', url, headers: { cookie: clientCookie } });
    expect(asClient.statusCode).toBe(403);
    expect((asClient.json() as ErrorJson).error.message).toBe(MESSAGES.backOffice.errors.forbidden);
    const clientResolve = await ctx.app.inject({
      method: 'POST',
      url: `${url}/${open!.id}/resolve`,
      headers: { cookie: clientCookie, origin: TEST_ORIGIN },
      payload: {},
    });
    expect(clientResolve.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `${url}/${open!.id}/resolve`,
      headers: { origin: TEST_ORIGIN },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `${url}/${open!.id}/resolve`,
      headers: { cookie: staff.operator.cookie },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    expect((forged.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
    expect(await auditOf(open!.id)).toEqual([]);
    expect((await list(staff.operator)).items.map((a) => a.id)).toContain(open!.id);
  });
  it('two staff members resolving one alert at once: one closes it, the other gets 409; one audit entry', async () => {
    const [open] = (await list(staff.operator)).items;
    const answers = await Promise.all([resolve(staff.operator, open!.id), resolve(staff.admin, open!.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(open!.id)).toHaveLength(1);
  });
});
