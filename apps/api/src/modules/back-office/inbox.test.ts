import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bugReports, inboxAnswers, outbox, staffAuditLog, users } from '@freight/db';
import { MESSAGES, STAFF_ROLE_PERMISSIONS, formatPhoneSpaced, type StaffRole } from '@freight/domain';
import { BO_CLIENTS_TEXTS, INBOX_ANSWER_SMS_MAX_LENGTH } from '@freight/domain/texts/back-office-clients';
import type {
  BugReportDetail,
  BugReportPage,
  FeedbackDetail,
  FeedbackPage,
  InboxAnswerResult,
} from '@freight/contracts/back-office-clients';
import { cookiePair, createTestContext, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { staffSession, type TestStaff } from '../../test/staff';
import { nextIp, nextPhone, signUp } from '../auth/identity-test-kit';
import { JPEG_4X3, makePng, MULTIPART_CONTENT_TYPE, multipartBody } from '../uploads/test-images';
import { INLINE_FILE_CSP } from './inline-file';

const T = BO_CLIENTS_TEXTS;
const BO = '/api/v1/back-office';

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> };
}

describe('back-office: inboxes (bug reports, feedback)', () => {
  let ctx: TestContext;
  let dataDir: string;
  let operator: TestStaff;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bo-inbox-test-'));
    ctx = await createTestContext({ DATA_DIR: dataDir, CAPTCHA_MODE: 'off' });
    operator = await staffSession(ctx, 'operator');
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (staff: { cookie: string } | null, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: staff ? { cookie: staff.cookie } : {} });
  const send = (staff: TestStaff, method: 'POST' | 'PATCH', url: string, payload: unknown) =>
    ctx.app.inject({ method, url, headers: staff.headers, payload: payload as object });

  async function anonymousCookie(ip: string): Promise<string> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/authorization/anonymous_token',
      remoteAddress: ip,
    });
    return cookiePair(res.headers['set-cookie'], ctx.config.sessionCookie)!;
  }

  /** A bug report as a visitor sends it: text, contact, two screenshots. */
  async function reportBug(text: string, contact: string): Promise<string> {
    const ip = nextIp();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/duty_bug_report/',
      query: { text, contact, policy_agreement: 'true' },
      remoteAddress: ip,
      headers: {
        origin: TEST_ORIGIN,
        cookie: await anonymousCookie(ip),
        'content-type': MULTIPART_CONTENT_TYPE,
        'user-agent': 'Mozilla/5.0 (test)',
      },
      payload: multipartBody([
        { name: 'Снимок.png', type: 'image/png', content: makePng(6, 4) },
        { name: 'screen.jpg', type: 'image/jpeg', content: JPEG_4X3 },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  /** A feedback message from the support widget (anonymous unless a cookie is given). */
  async function sendFeedback(message: string, contact: string, cookie?: string): Promise<number> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/feedback',
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: { name: 'Мария', contact, message, consent: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  const sentTo = (recipient: string) => ctx.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
  const auditOf = (entityType: string, entityId: string | number) =>
    ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.entityType, entityType), eq(staffAuditLog.entityId, String(entityId))));

  it('lists a bug report, shows its screenshots inline, changes its status and answers it by e-mail', async () => {
    const email = `reporter-${process.pid}-${Date.now()}@example.ru`;
    const id = await reportBug('Кнопка «Рассчитать» не нажимается на планшете', email);

    const list = (await get(operator, `${BO}/bug_reports?status=new&per_page=100`)).json() as BugReportPage;
    expect(list.items.find((i) => i.id === id)).toMatchObject({
      excerpt: 'Кнопка «Рассчитать» не нажимается на планшете',
      contact: email,
      files_count: 2,
      answers_count: 0,
      status: 'new',
      status_label: 'Новое',
    });

    const detail = (await get(operator, `${BO}/bug_reports/${id}`)).json() as BugReportDetail;
    expect(detail).toMatchObject({ id, contact: email, user_agent: 'Mozilla/5.0 (test)', author: null, answers: [] });
    expect(detail.files.map((f) => [f.name, f.type, f.width, f.height])).toEqual([
      ['Снимок.png', 'image/png', 6, 4],
      ['screen.jpg', 'image/jpeg', 4, 3],
    ]);
    const shot = await get(operator, detail.files[0]!.url);
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    expect(shot.headers['content-disposition']).toMatch(/^inline; /);
    expect(shot.headers['x-content-type-options']).toBe('nosniff');
    expect(shot.headers['content-security-policy']).toBe(INLINE_FILE_CSP);
    expect([...shot.rawPayload.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    // Viewable only here: not by another visitor's session through the public route.
    const stranger = await anonymousCookie(nextIp());
    const publicUrl = `/api/v1/duty_bug_report/files/${detail.files[0]!.id}`;
    expect((await ctx.app.inject({ method: 'GET', url: publicUrl, headers: { cookie: stranger } })).statusCode).toBe(
      404,
    );
    expect((await get(operator, `${BO}/bug_reports/${id}/files/${id}`)).statusCode).toBe(404);

    const working = await send(operator, 'PATCH', `${BO}/bug_reports/${id}`, { status: 'in_work' });
    expect(working.statusCode, working.body).toBe(200);
    expect(working.json()).toMatchObject({ status: 'in_work', status_label: 'В работе' });
    const wrong = await send(operator, 'PATCH', `${BO}/bug_reports/${id}`, { status: 'closed' });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as ErrorJson).error.fields).toEqual({ status: T.errors.statusInvalid });
    const inWork = (await get(operator, `${BO}/bug_reports?status=in_work&per_page=100`)).json() as BugReportPage;
    expect(inWork.items.map((i) => i.id)).toContain(id);
    expect(inWork.items.every((i) => i.status === 'in_work')).toBe(true);

    const empty = await send(operator, 'POST', `${BO}/bug_reports/${id}/answers`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as ErrorJson).error.fields).toEqual({ text: T.errors.answerRequired });
    const tooLong = await send(operator, 'POST', `${BO}/bug_reports/${id}/answers`, { text: 'а'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect((tooLong.json() as ErrorJson).error.fields).toEqual({ text: T.errors.answerTooLong });

    const answered = await send(operator, 'POST', `${BO}/bug_reports/${id}/answers`, {
      text: 'Спасибо! Исправили, обновите страницу.',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const result = answered.json() as InboxAnswerResult;
    expect(result).toMatchObject({
      status: 'answered',
      delivery: { channel: 'email', to: email, note: T.delivery.email(email) },
      answer: { text: 'Спасибо! Исправили, обновите страницу.' },
    });
    const [mail] = await sentTo(email);
    expect(mail).toMatchObject({ channel: 'email', kind: 'inbox_answer', subject: T.answer.bugReportSubject });
    expect(mail!.body).toContain('Спасибо! Исправили, обновите страницу.');
    expect(mail!.body).toContain('Кнопка «Рассчитать» не нажимается на планшете');

    const after = (await get(operator, `${BO}/bug_reports/${id}`)).json() as BugReportDetail;
    expect(after.status).toBe('answered');
    expect(after.answers).toEqual([expect.objectContaining({ text: 'Спасибо! Исправили, обновите страницу.' })]);
    expect(after.answers[0]!.staff_name).toBeTruthy();
    const [row] = await ctx.database.db.select().from(bugReports).where(eq(bugReports.id, id));
    expect(row!.status).toBe('answered');

    const audit = await auditOf('bug_report', id);
    expect(audit.map((a) => [a.action, a.staffId, a.before, (a.after as { status: string }).status])).toEqual([
      ['bug_report.status', operator.id, { status: 'new' }, 'in_work'],
      ['bug_report.answer', operator.id, { status: 'in_work' }, 'answered'],
    ]);
    expect((await get(operator, `${BO}/bug_reports/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await send(operator, 'POST', `${BO}/bug_reports/not-an-id/answers`, { text: 'Ответ' })).statusCode).toBe(
      404,
    );
  });

  it('answers feedback by SMS when short, and stores a long answer to a phone without sending it', async () => {
    const phone = nextPhone();
    const id = await sendFeedback('Можно ли забрать груз в субботу?', phone.typed);

    const list = (await get(operator, `${BO}/feedback?per_page=100`)).json() as FeedbackPage;
    expect(list.items.find((i) => i.id === id)).toMatchObject({
      name: 'Мария',
      contact: formatPhoneSpaced(phone.stored),
      channel: 'support_widget',
      channel_label: 'Виджет поддержки',
      status: 'new',
    });

    const short = await send(operator, 'POST', `${BO}/feedback/${id}/answers`, { text: 'Да, с 10 до 16.' });
    expect(short.statusCode, short.body).toBe(201);
    expect((short.json() as InboxAnswerResult).delivery).toEqual({
      channel: 'sms',
      to: formatPhoneSpaced(phone.stored),
      note: T.delivery.sms(formatPhoneSpaced(phone.stored)),
    });
    const [sms] = await sentTo(phone.stored);
    expect(sms).toMatchObject({ channel: 'sms', kind: 'inbox_answer', body: T.answer.sms('Да, с 10 до 16.') });

    const long = 'Подробный ответ. '.repeat(Math.ceil(INBOX_ANSWER_SMS_MAX_LENGTH / 10));
    const stored = await send(operator, 'POST', `${BO}/feedback/${id}/answers`, { text: long });
    expect(stored.statusCode).toBe(201);
    expect((stored.json() as InboxAnswerResult).delivery).toEqual({
      channel: null,
      to: null,
      note: T.delivery.tooLongForSms(INBOX_ANSWER_SMS_MAX_LENGTH),
    });
    expect(await sentTo(phone.stored)).toHaveLength(1);

    const detail = (await get(operator, `${BO}/feedback/${id}`)).json() as FeedbackDetail;
    expect(detail).toMatchObject({ message: 'Можно ли забрать груз в субботу?', status: 'answered', answers_count: 2 });
    expect(detail.answers.map((a) => a.text)).toEqual(['Да, с 10 до 16.', long.trim()]);
    const answers = await ctx.database.db
      .select()
      .from(inboxAnswers)
      .where(eq(inboxAnswers.itemId, String(id)));
    expect(answers.map((a) => [a.kind, a.staffId])).toEqual([
      ['feedback', operator.id],
      ['feedback', operator.id],
    ]);

    const reopened = await send(operator, 'PATCH', `${BO}/feedback/${id}`, { status: 'in_work' });
    expect(reopened.json()).toMatchObject({ status: 'in_work' });
    // Setting the status it already has changes nothing and logs nothing.
    await send(operator, 'PATCH', `${BO}/feedback/${id}`, { status: 'in_work' });
    expect((await auditOf('feedback', id)).map((a) => a.action)).toEqual([
      'feedback.answer',
      'feedback.answer',
      'feedback.status',
    ]);
    expect((await get(operator, `${BO}/feedback/99999999`)).statusCode).toBe(404);
    expect((await get(operator, `${BO}/feedback/abc`)).statusCode).toBe(400);
  });

  it("sends a long answer to a signed-in author's account e-mail instead", async () => {
    const author = await signUp(ctx, { name: 'Антон Автор' });
    const email = `author-${process.pid}-${Date.now()}@example.ru`;
    await ctx.database.db.update(users).set({ email }).where(eq(users.id, author.user.id));
    const id = await sendFeedback('Где мой груз?', author.phone.typed, author.visitor.cookie);
    const long = 'Ваш груз на складе в Новосибирске, выдача с 9 до 18 по будням. '.repeat(4);
    const res = await send(operator, 'POST', `${BO}/feedback/${id}/answers`, { text: long });
    expect((res.json() as InboxAnswerResult).delivery).toMatchObject({ channel: 'email', to: email });
    const [mail] = await sentTo(email);
    expect(mail).toMatchObject({ kind: 'inbox_answer', subject: T.answer.feedbackSubject });
    const detail = (await get(operator, `${BO}/feedback/${id}`)).json() as FeedbackDetail;
    expect(detail.author).toEqual({ user_id: author.user.id, name: 'Антон Автор' });
  });

  const roles: StaffRole[] = ['operator', 'client_manager', 'content_editor', 'admin'];

  it.each(roles)('lets %s into the inboxes only with inbox.work', async (role) => {
    const staff = role === 'operator' ? operator : await staffSession(ctx, role);
    const allowed = STAFF_ROLE_PERMISSIONS[role].includes('inbox.work');
    for (const url of [`${BO}/bug_reports`, `${BO}/feedback`]) {
      expect((await get(staff, url)).statusCode, `${role} ${url}`).toBe(allowed ? 200 : 403);
    }
    const patch = await send(staff, 'PATCH', `${BO}/feedback/99999999`, { status: 'in_work' });
    expect(patch.statusCode).toBe(allowed ? 404 : 403);
  });

  it('refuses a client session (403), nobody (401) and a call without our Origin (CSRF)', async () => {
    const client = await signUp(ctx);
    for (const url of [`${BO}/bug_reports`, `${BO}/feedback`]) {
      expect((await get(null, url)).statusCode).toBe(401);
      const asClient = await ctx.app.inject({ method: 'GET', url, headers: { cookie: client.visitor.cookie! } });
      expect(asClient.statusCode).toBe(403);
      expect((asClient.json() as ErrorJson).error.message).toBe(MESSAGES.backOffice.errors.forbidden);
    }
    const id = await sendFeedback('Проверка CSRF', `csrf-${process.pid}@example.ru`);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `${BO}/feedback/${id}/answers`,
      headers: { cookie: operator.cookie },
      payload: { text: 'Ответ' },
    });
    expect(forged.statusCode).toBe(403);
    expect((forged.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: `${BO}/feedback/${id}`,
      headers: { origin: TEST_ORIGIN },
      payload: { status: 'in_work' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await auditOf('feedback', id)).toEqual([]);
  });
});
