import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staffAuditLog } from '@freight/db';
import { MESSAGES } from '@freight/domain';
import { createTestContext, cookiePair, type TestContext } from '../../test/helpers';
import { staffSession, totpCode, type TestStaff } from '../../test/staff';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const S = MESSAGES.backOffice.staffAdmin;
const BO = '/api/v1/back-office';

describe('back-office: staff accounts, overview, audit log', () => {
  let ctx: TestContext;
  let admin: TestStaff;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await staffSession(ctx, 'admin');
  });
  afterAll(async () => ctx.close());

  const call = (staff: TestStaff, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: method === 'GET' ? { cookie: staff.cookie } : staff.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('the administrator adds a staff member, who enrols TOTP at the first sign-in; the log keeps no secret', async () => {
    const login = `new.operator-${Date.now().toString(36)}`;
    const created = await call(admin, 'POST', `${BO}/staff`, {
      login,
      name: 'Пётр Новиков',
      role: 'operator',
      password: 'Temporary-2026',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ login, role: 'operator', role_label: 'Оператор', totp_enrolled: false });
    const again = await call(admin, 'POST', `${BO}/staff`, {
      login,
      name: 'Другой',
      role: 'operator',
      password: 'Temporary-2026',
    });
    expect(again.statusCode).toBe(409);
    expect((again.json() as ErrorJson).error.fields?.login).toBe(S.loginTaken);
    const bad = await call(admin, 'POST', `${BO}/staff`, { login: 'я', name: '', role: 'boss', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as ErrorJson).error.fields ?? {}).sort()).toEqual([
      'login',
      'name',
      'password',
      'role',
    ]);

    const first = await ctx.app.inject({
      method: 'POST',
      url: `${BO}/auth/sign_in`,
      headers: { origin: ctx.config.allowedOrigins[0]! },
      payload: { login, password: 'Temporary-2026' },
    });
    expect(first.json()).toEqual({ stage: 'enroll' });
    const pending = cookiePair(first.headers['set-cookie'], ctx.config.staffCookie)!;
    const qr = (
      await ctx.app.inject({ method: 'GET', url: `${BO}/auth/enrolment`, headers: { cookie: pending } })
    ).json() as {
      secret: string;
    };
    const ok = await ctx.app.inject({
      method: 'POST',
      url: `${BO}/auth/totp`,
      headers: { origin: ctx.config.allowedOrigins[0]!, cookie: pending },
      payload: { code: totpCode(qr.secret) },
    });
    expect(ok.statusCode).toBe(200);

    const [entry] = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'staff.create'));
    expect(entry).toMatchObject({ staffId: admin.id, entityType: 'staff' });
    const logged = JSON.stringify(entry!.after);
    expect(logged).toContain(login);
    expect(logged).not.toMatch(/passwordHash|totpSecret|scrypt/);
  });

  it('disabling an account ends its sessions; nobody disables or demotes themselves', async () => {
    const operator = await staffSession(ctx, 'operator');
    const disabled = await call(admin, 'PATCH', `${BO}/staff/${operator.id}`, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await call(operator, 'GET', `${BO}/me`)).statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: `${BO}/auth/sign_in`,
      headers: { origin: ctx.config.allowedOrigins[0]! },
      payload: { login: operator.login, password: operator.password },
    });
    expect(signIn.statusCode).toBe(401);

    const self = await call(admin, 'PATCH', `${BO}/staff/${admin.id}`, { role: 'operator' });
    expect(self.statusCode).toBe(409);
    expect((self.json() as ErrorJson).error.message).toBe(S.notSelf);
    const unknown = await call(admin, 'PATCH', `${BO}/staff/999999`, { disabled: true });
    expect(unknown.statusCode).toBe(404);

    const reset = await call(admin, 'PATCH', `${BO}/staff/${operator.id}`, { reset_totp: true, disabled: false });
    expect(reset.json()).toMatchObject({ totp_enrolled: false, disabled: false });
  });

  it('the overview counts only what the role may see', async () => {
    const editor = await staffSession(ctx, 'content_editor');
    const mine = (await call(editor, 'GET', `${BO}/overview`)).json() as Record<string, unknown>;
    expect(mine).toEqual({
      cargos_by_status: null,
      cargos_changed_today: null,
      pending_access_requests: null,
      new_bug_reports: null,
      new_feedback: null,
      open_security_alerts: null,
    });
    const all = (await call(admin, 'GET', `${BO}/overview`)).json() as Record<string, unknown>;
    expect(all.cargos_by_status).toEqual([]);
    expect(all.pending_access_requests).toBe(0);
    expect(all.open_security_alerts).toBe(0);
  });

  it('the audit log pages and filters; only the administrator reads it; staff admin is administrator-only', async () => {
    const log = (await call(admin, 'GET', `${BO}/audit?entity_type=staff&per_page=2`)).json() as {
      items: { action: string; staff_name: string }[];
      total: number;
    };
    expect(log.total).toBeGreaterThanOrEqual(3);
    expect(log.items).toHaveLength(2);
    const byAction = (await call(admin, 'GET', `${BO}/audit?action=staff.reset`)).json() as {
      items: { action: string }[];
    };
    expect(byAction.items.map((i) => i.action)).toEqual(['staff.reset_totp']);

    for (const role of ['operator', 'client_manager', 'content_editor'] as const) {
      const staff = await staffSession(ctx, role);
      expect((await call(staff, 'GET', `${BO}/audit`)).statusCode).toBe(403);
      expect((await call(staff, 'GET', `${BO}/staff`)).statusCode).toBe(403);
      expect(
        (await call(staff, 'POST', `${BO}/staff`, { login: 'xxx', name: 'X', role: 'admin', password: 'Password-123' }))
          .statusCode,
      ).toBe(403);
      expect((await call(staff, 'PATCH', `${BO}/staff/${staff.id}`, { role: 'admin' })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `${BO}/audit` })).statusCode).toBe(401);
  });
});
