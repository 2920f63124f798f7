import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { clientProfiles, outbox, staffAuditLog, staffUsers, users } from '@freight/db';
import {
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  STAFF_ROLE_PERMISSIONS,
  addWorkingDays,
  toIsoDate,
  type StaffPermission,
  type StaffRole,
} from '@freight/domain';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import type { AccessRequest, Profile } from '@freight/contracts';
import type {
  AccessDecisionResult,
  AccessQueuePage,
  AccessRequestDetail,
  ClientDetail,
  ClientPage,
  ManagerList,
} from '@freight/contracts/back-office-clients';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { insertStaff, staffSession, type TestStaff } from '../../test/staff';
import { signUp, type Visitor } from '../auth/identity-test-kit';
import { JPEG_4X3, MULTIPART_CONTENT_TYPE, multipartBody, type MultipartFilePart } from '../uploads/test-images';
import { createOrder, loadNetwork, validDraft } from '../orders/orders-test-kit';
import { INLINE_FILE_CSP } from './inline-file';

const A = MESSAGES.accessRequest;
const T = BO_CLIENTS_TEXTS;
const BO = '/api/v1/back-office';
const USER_BASE = '/api/v1/user/request_access';

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> };
}

async function makePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Extract from the register', {
    x: 20,
    y: 100,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

let innCounter = 0;
/** A valid 10-digit ИНН (its check digit computed) that no other test of this file uses. */
function nextInn(): string {
  innCounter += 1;
  const body = String(770_000_000 + ((innCounter * 7919 + (process.pid % 1000) * 104_729) % 99_999_999));
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
  return `${body}${(sum % 11) % 10}`;
}

describe('back-office: full-access requests, clients, managers', () => {
  let ctx: TestContext;
  let dataDir: string;
  let operator: TestStaff;
  let manager: TestStaff;
  let pdf: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bo-client-work-test-'));
    ctx = await createTestContext({ DATA_DIR: dataDir, CAPTCHA_MODE: 'off' });
    operator = await staffSession(ctx, 'operator');
    manager = await staffSession(ctx, 'client_manager');
    pdf = await makePdf();
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (staff: { cookie: string } | null, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: staff ? { cookie: staff.cookie } : {} });
  const send = (staff: TestStaff, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    ctx.app.inject({ method, url, headers: staff.headers, payload: payload as object });

  /** Submits a full-access request through the user API, as the personal account does. */
  async function submitRequest(
    visitor: Visitor,
    fields: Record<string, string>,
    files: MultipartFilePart[],
  ): Promise<AccessRequest> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${USER_BASE}/request_full_access?${new URLSearchParams(fields).toString()}`,
      remoteAddress: visitor.ip,
      headers: { origin: TEST_ORIGIN, cookie: visitor.cookie!, 'content-type': MULTIPART_CONTENT_TYPE },
      payload: multipartBody(files),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AccessRequest;
  }

  const legal = (name: string, inn = nextInn()) => ({ type: 'legal', name, tin: inn, rrc: '773601001' });
  const files = () => [
    { name: 'Выписка.pdf', type: 'application/pdf', content: pdf },
    { name: 'scan.jpg', type: 'image/jpeg', content: JPEG_4X3 },
  ];

  /** The account's confirmed e-mail (as the link in the confirmation letter would set it). */
  async function confirmEmail(userId: number, email: string) {
    await ctx.database.db.update(users).set({ email }).where(eq(users.id, userId));
  }

  const decide = (staff: TestStaff, id: string, body: unknown) =>
    send(staff, 'POST', `${BO}/access_requests/${id}/decision`, body);

  async function auditRows(entityType: string, entityId: string) {
    return ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.entityType, entityType), eq(staffAuditLog.entityId, entityId)));
  }

  it('shows a submitted request in the queue and inline, asks for corrections, then approves it', async () => {
    const email = `applicant-${process.pid}-${Date.now()}@example.ru`;
    const applicant = await signUp(ctx, { name: 'Ольга Заявитель' });
    await confirmEmail(applicant.user.id, email);
    const inn = nextInn();
    const submitted = await submitRequest(applicant.visitor, legal('ООО «Северный ветер»', inn), files());

    // The queue: pending, oldest first, with the applicant's phone and the number of documents.
    const queue = (await get(operator, `${BO}/access_requests?per_page=100`)).json() as AccessQueuePage;
    const item = queue.items.find((i) => i.id === submitted.id);
    expect(item).toMatchObject({
      type: 'legal',
      name: 'ООО «Северный ветер»',
      inn,
      kpp: '773601001',
      files_count: 2,
      status: 'pending',
      status_label: 'На проверке',
      user_id: applicant.user.id,
    });
    expect(item!.phone).toMatch(/^\+7 \(916\) \d{3}-\d{2}-\d{2}$/);
    const created = queue.items.map((i) => i.created_at);
    expect(created).toEqual([...created].sort());
    const byInn = (await get(operator, `${BO}/access_requests?status=all&q=${inn}`)).json() as AccessQueuePage;
    expect(byInn.items.map((i) => i.id)).toEqual([submitted.id]);

    // The request with its documents.
    const detailRes = await get(operator, `${BO}/access_requests/${submitted.id}`);
    expect(detailRes.statusCode).toBe(200);
    const detail = detailRes.json() as AccessRequestDetail;
    expect(detail).toMatchObject({
      open: true,
      applicant: { user_id: applicant.user.id, name: 'Ольга Заявитель', email, deleted: false },
      history: [],
      profile: null,
    });
    expect(detail.files.map((f) => [f.name, f.type])).toEqual([
      ['Выписка.pdf', 'application/pdf'],
      ['scan.jpg', 'image/jpeg'],
    ]);

    // The PDF inline, byte for byte, framable by our own pages only.
    const file = await get(operator, detail.files[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="[a-z0-9-]+\.pdf"; filename\*=UTF-8''/);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('Выписка.pdf'));
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe(INLINE_FILE_CSP);
    expect(file.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const image = await get(operator, detail.files[1]!.url);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['content-security-policy']).toBe(INLINE_FILE_CSP);
    expect([...image.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    // Another request's path or an unknown file: 404; the JSON answers stay unframable.
    expect((await get(operator, `${BO}/access_requests/${submitted.id}/files/${submitted.id}`)).statusCode).toBe(404);
    expect(detailRes.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    // Corrections: the applicant sees «Нужны исправления» with the comment.
    const corrections = await decide(operator, submitted.id, {
      decision: 'corrections',
      comment: 'Приложите выписку не старше месяца',
    });
    expect(corrections.statusCode, corrections.body).toBe(200);
    expect((corrections.json() as AccessDecisionResult).request.status).toBe('needs_changes');
    const seen = await applicant.visitor.get(`${USER_BASE}/fa_request?request_id=${submitted.id}`);
    expect(seen.json()).toMatchObject({
      status: 'needs_changes',
      status_label: 'Нужны исправления',
      reviewer_comment: 'Приложите выписку не старше месяца',
    });
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.map((m) => m.kind)).toEqual(['access_request_decision']);

    // Approval: the company profile exists and the applicant has full access.
    const approved = await decide(manager, submitted.id, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const result = approved.json() as AccessDecisionResult;
    expect(result.profile).toMatchObject({ role: 'owner', created: true });
    expect(result.notified).toBe(email);
    expect(result.request).toMatchObject({ status: 'approved', open: false });
    expect(result.request.profile?.account_uuid).toBe(result.profile!.account_uuid);
    expect(result.request.history.map((h) => [h.status, h.comment])).toEqual([
      ['needs_changes', 'Приложите выписку не старше месяца'],
      ['approved', null],
    ]);
    const [company] = await ctx.database.db.select().from(clientProfiles).where(eq(clientProfiles.inn, inn));
    expect(company).toMatchObject({ kind: 'legal', name: 'ООО «Северный ветер»' });
    const profile = (await applicant.visitor.get('/api/v1/user/profile')).json() as Profile;
    expect(profile.full_access).toBe(true);
    expect(profile.profiles.map((p) => p.inn)).toContain(inn);

    // A decided request cannot be decided again (the CLI's 409).
    const again = await decide(operator, submitted.id, { decision: 'reject', comment: 'Поздно' });
    expect(again.statusCode).toBe(409);
    expect((again.json() as ErrorJson).error.message).toBe(A.notOpen);

    // Both decisions are in the audit log, with who and what.
    const audit = await auditRows('access_request', submitted.id);
    expect(audit.map((a) => [a.action, a.staffId, (a.after as { status: string }).status])).toEqual([
      ['access.decide', operator.id, 'needs_changes'],
      ['access.decide', manager.id, 'approved'],
    ]);
    expect(audit[0]!.before).toEqual({ status: 'pending', reviewer_comment: null });
  });

  it('rejects with a reason; refuses a rejection or corrections without a comment, and a wrong decision', async () => {
    const applicant = await signUp(ctx, { name: 'Пётр Отказов' });
    const submitted = await submitRequest(
      applicant.visitor,
      { type: 'individual', name: 'Отказов Пётр Петрович', document_seria: '4510', document_number: '654321' },
      [{ name: 'passport.jpg', type: 'image/jpeg', content: JPEG_4X3 }],
    );

    const noReason = await decide(operator, submitted.id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect((noReason.json() as ErrorJson).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: A.rejectReasonRequired,
      fields: { comment: A.rejectReasonRequired },
    });
    const blank = await decide(operator, submitted.id, { decision: 'corrections', comment: '   ' });
    expect(blank.statusCode).toBe(400);
    expect((blank.json() as ErrorJson).error.fields).toEqual({ comment: A.changesCommentRequired });
    const wrong = await decide(operator, submitted.id, { decision: 'needs_changes', comment: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as ErrorJson).error.fields).toEqual({ decision: T.errors.decisionInvalid });
    const long = await decide(operator, submitted.id, { decision: 'reject', comment: 'я'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect((long.json() as ErrorJson).error.message).toBe(A.commentTooLong);
    expect(await auditRows('access_request', submitted.id)).toEqual([]);

    const byPassport = (await get(operator, `${BO}/access_requests?q=654321`)).json() as AccessQueuePage;
    expect(byPassport.items.map((i) => [i.id, i.passport])).toEqual([[submitted.id, '4510 654321']]);

    const rejected = await decide(operator, submitted.id, { decision: 'reject', comment: 'Паспорт не читается' });
    expect(rejected.statusCode).toBe(200);
    expect((rejected.json() as AccessDecisionResult).request).toMatchObject({
      status: 'rejected',
      status_label: 'Отклонена',
      reviewer_comment: 'Паспорт не читается',
    });
    const seen = await applicant.visitor.get(`${USER_BASE}/fa_request?request_id=${submitted.id}`);
    expect(seen.json()).toMatchObject({ status: 'rejected', reviewer_comment: 'Паспорт не читается' });
    // Out of the default (pending) queue, in the rejected one.
    const pending = (await get(operator, `${BO}/access_requests?per_page=100`)).json() as AccessQueuePage;
    expect(pending.items.some((i) => i.id === submitted.id)).toBe(false);
    const rejectedQueue = (
      await get(operator, `${BO}/access_requests?status=rejected&per_page=100`)
    ).json() as AccessQueuePage;
    expect(rejectedQueue.items.some((i) => i.id === submitted.id)).toBe(true);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(operator, `${BO}/access_requests/${unknown}`)).statusCode).toBe(404);
    expect((await get(operator, `${BO}/access_requests/not-a-uuid`)).statusCode).toBe(404);
    expect((await decide(operator, unknown, { decision: 'approve' })).statusCode).toBe(404);
  });

  it('finds clients by a phone in another format, by ИНН, name and e-mail, and shows their cargos', async () => {
    const email = `client-${process.pid}-${Date.now()}@example.ru`;
    const client = await signUp(ctx, { name: 'Семён Искомый' });
    await confirmEmail(client.user.id, email);
    const inn = nextInn();
    const submitted = await submitRequest(client.visitor, legal('ООО «Искомая компания»', inn), files());
    expect((await decide(operator, submitted.id, { decision: 'approve' })).statusCode).toBe(200);

    // An order as the personal profile.
    const net = await loadNetwork(ctx.database.db);
    const date = addWorkingDays(toIsoDate(new Date())!, 2, RU_PRODUCTION_CALENDAR);
    const order = await createOrder(client.visitor, validDraft(net, date));
    expect(order.statusCode, order.body).toBe(201);
    const track = (order.json() as { track_number: string }).track_number;

    const digits = client.phone.stored.slice(2); // 10 national digits
    const formats = [
      `+7 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`,
      `7${digits}`,
      digits.slice(3),
      inn,
      'искомый',
      email.toUpperCase(),
      'Искомая компания',
    ];
    for (const q of formats) {
      const page = (await get(operator, `${BO}/clients?q=${encodeURIComponent(q)}`)).json() as ClientPage;
      expect(
        page.items.map((c) => c.id),
        q,
      ).toEqual([client.user.id]);
    }
    const [found] = ((await get(operator, `${BO}/clients?q=${inn}`)).json() as ClientPage).items;
    expect(found).toMatchObject({ name: 'Семён Искомый', email, full_access: true, cargo_count: 1, deleted: false });
    expect(found!.profiles.map((p) => [p.kind, p.role, p.inn])).toEqual([
      ['legal', 'owner', inn],
      ['individual', 'owner', null],
    ]);
    expect(
      ((await get(operator, `${BO}/clients?q=${encodeURIComponent('нет такого клиента')}`)).json() as ClientPage).total,
    ).toBe(0);

    const detail = (await get(operator, `${BO}/clients/${client.user.id}`)).json() as ClientDetail;
    expect(detail.user).toMatchObject({ id: client.user.id, full_access: true, cargo_count: 1 });
    expect(detail.cargo_counts).toEqual([{ status: 'created', label: expect.any(String), count: 1 }]);
    expect(detail.cargos).toEqual([
      expect.objectContaining({
        track_number: track,
        status: 'created',
        status_label: 'Заявка оформлена',
        route: 'Москва → Новосибирск',
      }),
    ]);
    expect(detail.requests.map((r) => [r.id, r.status])).toEqual([[submitted.id, 'approved']]);
    const company = detail.profiles.find((p) => p.kind === 'legal')!;
    expect(company.members).toEqual([expect.objectContaining({ user_id: client.user.id, role: 'owner' })]);
    expect(company.manager).toBeNull();
    expect((await get(operator, `${BO}/clients/99999999`)).statusCode).toBe(404);
  });

  it('assigns a personal manager: only an enabled client manager, audited; null removes', async () => {
    const client = await signUp(ctx, { name: 'Клиент Менеджерский' });
    const submitted = await submitRequest(client.visitor, legal('ООО «С менеджером»'), files());
    const approved = (await decide(operator, submitted.id, { decision: 'approve' })).json() as AccessDecisionResult;
    const uuid = approved.profile!.account_uuid;
    const url = `${BO}/profiles/${uuid}/manager`;

    const managers = (await get(operator, `${BO}/managers`)).json() as ManagerList;
    expect(managers.managers.map((m) => m.id)).toContain(manager.id);
    expect(managers.managers.map((m) => m.id)).not.toContain(operator.id);

    // The operator may view but not assign.
    expect((await send(operator, 'PUT', url, { staff_id: manager.id })).statusCode).toBe(403);
    // Only a client manager is a manager.
    const refused = await send(manager, 'PUT', url, { staff_id: operator.id });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ErrorJson).error.fields).toEqual({ staff_id: T.errors.managerInvalid });
    const disabled = await insertStaff(ctx, 'client_manager');
    await ctx.database.db.update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.id, disabled.id));
    expect((await send(manager, 'PUT', url, { staff_id: disabled.id })).statusCode).toBe(400);
    expect((await send(manager, 'PUT', url, { staff_id: 99_999_999 })).statusCode).toBe(400);
    expect((await send(manager, 'PUT', url, { staff_id: 'один' })).statusCode).toBe(400);
    expect(await auditRows('client_profile', uuid)).toEqual([]);

    const ok = await send(manager, 'PUT', url, { staff_id: manager.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ account_uuid: uuid, manager: { id: manager.id } });
    const detail = (await get(operator, `${BO}/clients/${client.user.id}`)).json() as ClientDetail;
    expect(detail.profiles.find((p) => p.account_uuid === uuid)!.manager?.id).toBe(manager.id);

    const cleared = await send(manager, 'PUT', url, { staff_id: null });
    expect(cleared.json()).toMatchObject({ manager: null });
    const [row] = await ctx.database.db.select().from(clientProfiles).where(eq(clientProfiles.accountUuid, uuid));
    expect(row!.managerStaffId).toBeNull();
    const audit = await auditRows('client_profile', uuid);
    expect(audit.map((a) => [a.action, a.staffId, a.before, a.after])).toEqual([
      ['profile.manager', manager.id, { manager_staff_id: null }, { manager_staff_id: manager.id }],
      ['profile.manager', manager.id, { manager_staff_id: manager.id }, { manager_staff_id: null }],
    ]);

    expect(
      (await send(manager, 'PUT', `${BO}/profiles/00000000-0000-4000-8000-000000000000/manager`, { staff_id: null }))
        .statusCode,
    ).toBe(404);
  });

  const roles: StaffRole[] = ['operator', 'client_manager', 'content_editor', 'admin'];
  const reads: [string, StaffPermission][] = [
    [`${BO}/access_requests`, 'access.review'],
    [`${BO}/clients`, 'clients.view'],
    [`${BO}/managers`, 'clients.view'],
  ];

  it.each(roles)('lets %s do exactly what its permissions say', async (role) => {
    const staff = role === 'operator' ? operator : role === 'client_manager' ? manager : await staffSession(ctx, role);
    for (const [url, permission] of reads) {
      const allowed = STAFF_ROLE_PERMISSIONS[role].includes(permission);
      expect((await get(staff, url)).statusCode, `${role} ${url}`).toBe(allowed ? 200 : 403);
    }
    const assign = await send(staff, 'PUT', `${BO}/profiles/00000000-0000-4000-8000-000000000000/manager`, {
      staff_id: null,
    });
    expect(assign.statusCode).toBe(STAFF_ROLE_PERMISSIONS[role].includes('clients.assign_manager') ? 404 : 403);
    const decision = await decide(staff, '00000000-0000-4000-8000-000000000000', { decision: 'approve' });
    expect(decision.statusCode).toBe(STAFF_ROLE_PERMISSIONS[role].includes('access.review') ? 404 : 403);
  });

  it('refuses a client session (403), nobody (401) and a staff call without our Origin (CSRF)', async () => {
    const client = await signUp(ctx);
    for (const [url] of reads) {
      expect((await get(null, url)).statusCode).toBe(401);
      const asClient = await ctx.app.inject({ method: 'GET', url, headers: { cookie: client.visitor.cookie! } });
      expect(asClient.statusCode).toBe(403);
      expect((asClient.json() as ErrorJson).error.message).toBe(MESSAGES.backOffice.errors.forbidden);
    }
    const anonymousDecision = await ctx.app.inject({
      method: 'POST',
      url: `${BO}/access_requests/00000000-0000-4000-8000-000000000000/decision`,
      headers: { origin: TEST_ORIGIN },
      payload: { decision: 'approve' },
    });
    expect(anonymousDecision.statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `${BO}/access_requests/00000000-0000-4000-8000-000000000000/decision`,
      headers: { cookie: operator.cookie },
      payload: { decision: 'approve' },
    });
    expect(forged.statusCode).toBe(403);
    expect((forged.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
  });
});
