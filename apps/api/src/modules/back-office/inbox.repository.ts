import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  bugReportFiles,
  bugReports,
  feedbackMessages,
  inboxAnswers,
  staffUsers,
  users,
  type Database,
} from '@freight/db';

/** The two inboxes; `inbox_answers.kind` and the audit's entity type. */
export type InboxKind = 'bug_report' | 'feedback';

export type BugReportRow = typeof bugReports.$inferSelect;
export type FeedbackRow = typeof feedbackMessages.$inferSelect;

/** Answers of the outer row (written with an alias: drizzle leaves single-table columns unqualified). */
function answersCount(kind: InboxKind, itemId: SQL) {
  return sql<number>`(select count(*)::int from inbox_answers a where a.kind = ${kind} and a.item_id = ${itemId})`;
}

/** A page of bug reports, newest first, with their numbers of files and answers. */
export async function listBugReports(db: Database, options: { status?: string; limit: number; offset: number }) {
  const where = options.status ? eq(bugReports.status, options.status) : undefined;
  const rows = await db
    .select({
      report: bugReports,
      filesCount: sql<number>`(select count(*)::int from bug_report_files f where f.report_id = bug_reports.id)`,
      answersCount: answersCount('bug_report', sql.raw('bug_reports.id::text')),
    })
    .from(bugReports)
    .where(where)
    .orderBy(desc(bugReports.createdAt), desc(bugReports.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(bugReports).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A bug report, optionally locked until the transaction ends. */
export async function findBugReport(db: Database, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(bugReports).where(eq(bugReports.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function listBugReportFiles(db: Database, reportId: string) {
  return db
    .select()
    .from(bugReportFiles)
    .where(eq(bugReportFiles.reportId, reportId))
    .orderBy(asc(bugReportFiles.position));
}

export async function findBugReportFile(db: Database, reportId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(bugReportFiles)
    .where(and(eq(bugReportFiles.id, fileId), eq(bugReportFiles.reportId, reportId)));
  return row ?? null;
}

export async function setBugReportStatus(db: Database, id: string, status: string): Promise<void> {
  await db.update(bugReports).set({ status }).where(eq(bugReports.id, id));
}

/** A page of feedback messages, newest first, with their numbers of answers. */
export async function listFeedback(db: Database, options: { status?: string; limit: number; offset: number }) {
  const where = options.status ? eq(feedbackMessages.status, options.status) : undefined;
  const rows = await db
    .select({
      message: feedbackMessages,
      answersCount: answersCount('feedback', sql.raw('feedback_messages.id::text')),
    })
    .from(feedbackMessages)
    .where(where)
    .orderBy(desc(feedbackMessages.createdAt), desc(feedbackMessages.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(feedbackMessages).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findFeedback(db: Database, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(feedbackMessages).where(eq(feedbackMessages.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setFeedbackStatus(db: Database, id: number, status: string): Promise<void> {
  await db.update(feedbackMessages).set({ status }).where(eq(feedbackMessages.id, id));
}

/** The answers to an item, oldest first, with the name of the staff member who wrote each. */
export async function listAnswers(db: Database, kind: InboxKind, itemId: string) {
  return db
    .select({
      id: inboxAnswers.id,
      text: inboxAnswers.text,
      createdAt: inboxAnswers.createdAt,
      staffName: staffUsers.name,
    })
    .from(inboxAnswers)
    .leftJoin(staffUsers, eq(staffUsers.id, inboxAnswers.staffId))
    .where(and(eq(inboxAnswers.kind, kind), eq(inboxAnswers.itemId, itemId)))
    .orderBy(asc(inboxAnswers.createdAt), asc(inboxAnswers.id));
}

export async function insertAnswer(
  db: Database,
  values: { kind: InboxKind; itemId: string; staffId: number; text: string; createdAt: Date },
) {
  const [row] = await db.insert(inboxAnswers).values(values).returning();
  return row!;
}

/** The author's account (name, e-mail), or null. */
export async function findAuthor(db: Database, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
