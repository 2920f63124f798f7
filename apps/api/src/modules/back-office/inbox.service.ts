import {
  codePointLength,
  formatDateTime,
  formatPhoneSpaced,
  isValidEmail,
  isValidPhone,
  normalizePhone,
  MESSAGES,
  truncateText,
  type InboxStatus,
} from '@freight/domain';
import { BO_CLIENTS_TEXTS, INBOX_ANSWER_SMS_MAX_LENGTH } from '@freight/domain/texts/back-office-clients';
import type {
  BugReportDetail,
  BugReportPage,
  FeedbackDetail,
  FeedbackPage,
  InboxAnswer,
  InboxAnswerResult,
  InboxDelivery,
} from '@freight/contracts/back-office-clients';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import type { SmsPolicy } from '../messaging/sms-policy';
import type { StoredFileDownload } from '../uploads/attachment';
import type { BackOfficeDeps } from './back-office.deps';
import type { Audit } from './client-work.service';
import * as repo from './inbox.repository';
import type { InboxKind } from './inbox.repository';

const T = BO_CLIENTS_TEXTS;
const staffInboxStatusLabel = (status: InboxStatus) => MESSAGES.backOffice.inboxStatus[status];
const asDb = (tx: unknown) => tx as Database;

/** The inboxes need the SMS policy besides the back-office's deps (answers to a phone). */
export interface InboxDeps extends BackOfficeDeps {
  sms: SmsPolicy;
}

/** Characters of a message shown in a list. */
export const INBOX_EXCERPT_LENGTH = 200;
/** Characters of the original message quoted under an e-mailed answer. */
const QUOTE_LENGTH = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function excerpt(text: string, length = INBOX_EXCERPT_LENGTH): string {
  const cut = truncateText(text, length);
  return cut.length < text.length ? `${cut}…` : cut;
}

/** A contact as shown: a phone as +7 (XXX) XXX-XX-XX, anything else as typed. */
function contactOut(contact: string | null): string | null {
  if (!contact) return null;
  return isValidPhone(contact) ? formatPhoneSpaced(normalizePhone(contact)) : contact;
}

const statusOf = (value: string): InboxStatus => (value === 'in_work' || value === 'answered' ? value : 'new');

function answersOut(rows: Awaited<ReturnType<typeof repo.listAnswers>>): InboxAnswer[] {
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    staff_name: row.staffName,
    created_at: row.createdAt.toISOString(),
  }));
}

async function authorOf(db: Database, userId: number | null) {
  const author = userId ? await repo.findAuthor(db, userId) : null;
  return author ? { user_id: author.id, name: author.name } : null;
}

function bugReportNotFound(): AppError {
  return new AppError('NOT_FOUND', 404, T.errors.bugReportNotFound);
}

function feedbackNotFound(): AppError {
  return new AppError('NOT_FOUND', 404, T.errors.feedbackNotFound);
}

// ---------------------------------------------------------------- bug reports

/** Where the back-office shows a report's screenshot. */
export function bugReportFileUrl(reportId: string, fileId: string): string {
  return `/api/v1/back-office/bug_reports/${reportId}/files/${fileId}`;
}

/** GET bug_reports: a page, newest first. */
export async function listBugReports(
  deps: BackOfficeDeps,
  query: { status?: InboxStatus | undefined; page: number; per_page: number },
): Promise<BugReportPage> {
  const { rows, total } = await repo.listBugReports(deps.db, {
    status: query.status,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    items: rows.map(({ report, filesCount, answersCount }) => {
      const status = statusOf(report.status);
      return {
        id: report.id,
        excerpt: excerpt(report.text),
        files_count: Number(filesCount),
        status,
        status_label: staffInboxStatusLabel(status),
        contact: contactOut(report.contact),
        created_at: report.createdAt.toISOString(),
        answers_count: Number(answersCount),
      };
    }),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

/** GET bug_reports/:id: the report, its screenshots and answers. */
export async function getBugReport(deps: BackOfficeDeps, id: string): Promise<BugReportDetail> {
  const report = UUID.test(id) ? await repo.findBugReport(deps.db, id) : null;
  if (!report) throw bugReportNotFound();
  const [files, answers, author] = await Promise.all([
    repo.listBugReportFiles(deps.db, id),
    repo.listAnswers(deps.db, 'bug_report', id),
    authorOf(deps.db, report.userId),
  ]);
  const status = statusOf(report.status);
  return {
    id: report.id,
    text: report.text,
    user_agent: report.userAgent,
    author,
    files: files.map((file) => ({
      id: file.id,
      name: file.originalName,
      type: file.mimeType === 'image/png' ? 'image/png' : 'image/jpeg',
      size: file.sizeBytes,
      width: file.width,
      height: file.height,
      url: bugReportFileUrl(id, file.id),
    })),
    answers: answersOut(answers),
    status,
    status_label: staffInboxStatusLabel(status),
    contact: contactOut(report.contact),
    created_at: report.createdAt.toISOString(),
    answers_count: answers.length,
  };
}

/** GET bug_reports/:id/files/:fileId: the stored screenshot, or 404. */
export async function openBugReportFile(deps: BackOfficeDeps, id: string, fileId: string): Promise<StoredFileDownload> {
  const row = UUID.test(id) && UUID.test(fileId) ? await repo.findBugReportFile(deps.db, id, fileId) : null;
  const object = row ? await deps.storage.open(row.storageKey) : null;
  if (!row || !object) throw new AppError('NOT_FOUND', 404, T.errors.fileNotFound);
  return { ...object, name: row.originalName, mimeType: row.mimeType, storageKey: row.storageKey };
}

/** PATCH bug_reports/:id: a new status (audited when it changes). */
export async function setBugReportStatus(
  deps: BackOfficeDeps,
  audit: Audit,
  id: string,
  status: InboxStatus,
): Promise<BugReportDetail> {
  if (!UUID.test(id)) throw bugReportNotFound();
  await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const report = await repo.findBugReport(tx, id, { lock: true });
    if (!report) throw bugReportNotFound();
    if (report.status === status) return;
    await repo.setBugReportStatus(tx, id, status);
    await audit(tx, {
      action: 'bug_report.status',
      entityType: 'bug_report',
      entityId: id,
      before: { status: report.status },
      after: { status },
    });
  });
  return getBugReport(deps, id);
}

/** POST bug_reports/:id/answers. */
export async function answerBugReport(
  deps: InboxDeps,
  audit: Audit,
  staffId: number,
  id: string,
  text: string,
): Promise<InboxAnswerResult> {
  if (!UUID.test(id)) throw bugReportNotFound();
  return answerItem(deps, audit, staffId, 'bug_report', text, async (tx) => {
    const report = await repo.findBugReport(tx, id, { lock: true });
    if (!report) throw bugReportNotFound();
    return {
      id,
      status: report.status,
      contact: report.contact,
      userId: report.userId,
      createdAt: report.createdAt,
      text: report.text,
      setAnswered: () => repo.setBugReportStatus(tx, id, 'answered'),
    };
  });
}

// ---------------------------------------------------------------- feedback

/** GET feedback: a page, newest first. */
export async function listFeedback(
  deps: BackOfficeDeps,
  query: { status?: InboxStatus | undefined; page: number; per_page: number },
): Promise<FeedbackPage> {
  const { rows, total } = await repo.listFeedback(deps.db, {
    status: query.status,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    items: rows.map(({ message, answersCount }) => {
      const status = statusOf(message.status);
      return {
        id: message.id,
        excerpt: excerpt(message.message),
        name: message.name,
        channel: message.channel,
        channel_label: channelLabel(message.channel),
        status,
        status_label: staffInboxStatusLabel(status),
        contact: contactOut(message.contact),
        created_at: message.createdAt.toISOString(),
        answers_count: Number(answersCount),
      };
    }),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

function channelLabel(channel: string): string {
  return channel === 'support_widget' || channel === 'footer_form' ? T.feedbackChannels[channel] : channel;
}

/** GET feedback/:id. */
export async function getFeedback(deps: BackOfficeDeps, id: number): Promise<FeedbackDetail> {
  const message = await repo.findFeedback(deps.db, id);
  if (!message) throw feedbackNotFound();
  const [answers, author] = await Promise.all([
    repo.listAnswers(deps.db, 'feedback', String(id)),
    authorOf(deps.db, message.userId),
  ]);
  const status = statusOf(message.status);
  return {
    id: message.id,
    message: message.message,
    name: message.name,
    channel: message.channel,
    channel_label: channelLabel(message.channel),
    author,
    answers: answersOut(answers),
    status,
    status_label: staffInboxStatusLabel(status),
    contact: contactOut(message.contact),
    created_at: message.createdAt.toISOString(),
    answers_count: answers.length,
  };
}

/** PATCH feedback/:id. */
export async function setFeedbackStatus(
  deps: BackOfficeDeps,
  audit: Audit,
  id: number,
  status: InboxStatus,
): Promise<FeedbackDetail> {
  await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const message = await repo.findFeedback(tx, id, { lock: true });
    if (!message) throw feedbackNotFound();
    if (message.status === status) return;
    await repo.setFeedbackStatus(tx, id, status);
    await audit(tx, {
      action: 'feedback.status',
      entityType: 'feedback',
      entityId: id,
      before: { status: message.status },
      after: { status },
    });
  });
  return getFeedback(deps, id);
}

/** POST feedback/:id/answers. */
export async function answerFeedback(
  deps: InboxDeps,
  audit: Audit,
  staffId: number,
  id: number,
  text: string,
): Promise<InboxAnswerResult> {
  return answerItem(deps, audit, staffId, 'feedback', text, async (tx) => {
    const message = await repo.findFeedback(tx, id, { lock: true });
    if (!message) throw feedbackNotFound();
    return {
      id: String(id),
      status: message.status,
      contact: message.contact,
      userId: message.userId,
      createdAt: message.createdAt,
      text: message.message,
      setAnswered: () => repo.setFeedbackStatus(tx, id, 'answered'),
    };
  });
}

// ---------------------------------------------------------------- answers

interface LockedItem {
  id: string;
  status: string;
  contact: string | null;
  userId: number | null;
  createdAt: Date;
  text: string;
  setAnswered(): Promise<void>;
}

/**
 * Stores an answer, marks the item answered and sends the answer to the author, all in one
 * transaction with its audit entry. Where it goes: an e-mail contact gets an e-mail; a phone
 * contact gets an SMS through the SMS policy (Russian mobiles, hourly budgets) only when the
 * message fits {@link INBOX_ANSWER_SMS_MAX_LENGTH} characters; otherwise — or when the contact is
 * neither — the author's account e-mail, when there is one. Else the answer is only stored and
 * the delivery note says why. The sender loop is woken after the commit.
 */
async function answerItem(
  deps: InboxDeps,
  audit: Audit,
  staffId: number,
  kind: InboxKind,
  text: string,
  lock: (tx: Database) => Promise<LockedItem>,
): Promise<InboxAnswerResult> {
  const now = deps.clock();
  const result = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const item = await lock(tx);
    const answer = await repo.insertAnswer(tx, { kind, itemId: item.id, staffId, text, createdAt: now });
    await item.setAnswered();
    const delivery = await deliver(tx, deps, kind, item, text);
    await audit(tx, {
      action: `${kind}.answer`,
      entityType: kind,
      entityId: item.id,
      before: { status: item.status },
      after: { status: 'answered', answer_id: answer.id, delivery: { channel: delivery.channel, to: delivery.to } },
    });
    return { answer, delivery };
  });
  if (result.delivery.channel) deps.outbox.wake();
  const [stored] = answersOut(
    (await repo.listAnswers(deps.db, kind, String(result.answer.itemId))).filter((a) => a.id === result.answer.id),
  );
  return { answer: stored!, status: 'answered', delivery: result.delivery };
}

async function deliver(
  tx: Database,
  deps: InboxDeps,
  kind: InboxKind,
  item: LockedItem,
  text: string,
): Promise<InboxDelivery> {
  const contact = item.contact?.trim() ?? '';
  const email = async (to: string): Promise<InboxDelivery> => {
    const body = T.answer.email(text, formatDateTime(item.createdAt), truncateText(item.text, QUOTE_LENGTH));
    await deps.outbox.enqueue(
      {
        channel: 'email',
        to,
        subject: kind === 'bug_report' ? T.answer.bugReportSubject : T.answer.feedbackSubject,
        body,
        bodyRedacted: body,
        kind: 'inbox_answer',
      },
      tx,
    );
    return { channel: 'email', to, note: T.delivery.email(to) };
  };
  const accountEmail = async (): Promise<string | null> => {
    const author = item.userId ? await repo.findAuthor(tx, item.userId) : null;
    return author?.email && author.deletedAt === null ? author.email : null;
  };

  if (isValidEmail(contact)) return email(contact.toLowerCase());
  if (isValidPhone(contact)) {
    const phone = normalizePhone(contact)!;
    const body = T.answer.sms(text);
    let refusal: string = T.delivery.tooLongForSms(INBOX_ANSWER_SMS_MAX_LENGTH);
    if (codePointLength(body) <= INBOX_ANSWER_SMS_MAX_LENGTH) {
      const outcome = await deps.sms.send(tx, { to: phone, body, bodyRedacted: body, kind: 'inbox_answer', ip: null });
      if (outcome.sent) {
        const to = formatPhoneSpaced(phone);
        return { channel: 'sms', to, note: T.delivery.sms(to) };
      }
      refusal = outcome.reason === 'not_mobile' ? T.delivery.notMobile : T.delivery.smsBudget;
    }
    const fallback = await accountEmail();
    return fallback ? email(fallback) : { channel: null, to: null, note: refusal };
  }
  const fallback = await accountEmail();
  return fallback ? email(fallback) : { channel: null, to: null, note: T.delivery.none };
}
