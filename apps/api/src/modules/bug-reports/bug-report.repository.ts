import { and, count, eq, gte, lt } from 'drizzle-orm';
import { bugReportAttempts, bugReportFiles, bugReports, users, type Database } from '@freight/db';

/** The account fields the bug report needs: verification and the contact to use. */
export async function findReporter(
  db: Database,
  userId: number,
): Promise<{ isVerified: boolean; phone: string | null; email: string | null } | null> {
  const [row] = await db
    .select({ isVerified: users.isVerified, phone: users.phone, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.deletedAt) return null;
  return { isVerified: row.isVerified, phone: row.phone, email: row.email };
}

/** Records one attempt and counts the attempts of the session and of the IP since the given times. */
export async function recordAttempt(
  db: Database,
  attempt: { sessionId: string; ip: string | null },
  since: { session: Date; ip: Date },
): Promise<{ bySession: number; byIp: number }> {
  await db.insert(bugReportAttempts).values(attempt);
  const [bySession] = await db
    .select({ n: count() })
    .from(bugReportAttempts)
    .where(and(eq(bugReportAttempts.sessionId, attempt.sessionId), gte(bugReportAttempts.createdAt, since.session)));
  const [byIp] = attempt.ip
    ? await db
        .select({ n: count() })
        .from(bugReportAttempts)
        .where(and(eq(bugReportAttempts.ip, attempt.ip), gte(bugReportAttempts.createdAt, since.ip)))
    : [{ n: 0 }];
  return { bySession: bySession?.n ?? 0, byIp: byIp?.n ?? 0 };
}

export async function deleteAttemptsBefore(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(bugReportAttempts)
    .where(lt(bugReportAttempts.createdAt, before))
    .returning({ id: bugReportAttempts.id });
  return rows.length;
}

export async function insertReport(db: Database, values: typeof bugReports.$inferInsert): Promise<void> {
  await db.insert(bugReports).values(values);
}

export async function insertReportFiles(db: Database, values: (typeof bugReportFiles.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(bugReportFiles).values(values);
}

/** A stored file with the owners of its report, for the read-back authorization. */
export async function findReportFile(db: Database, fileId: string) {
  const [row] = await db
    .select({
      storageKey: bugReportFiles.storageKey,
      originalName: bugReportFiles.originalName,
      mimeType: bugReportFiles.mimeType,
      sizeBytes: bugReportFiles.sizeBytes,
      reportSessionId: bugReports.sessionId,
      reportUserId: bugReports.userId,
    })
    .from(bugReportFiles)
    .innerJoin(bugReports, eq(bugReports.id, bugReportFiles.reportId))
    .where(eq(bugReportFiles.id, fileId));
  return row ?? null;
}
