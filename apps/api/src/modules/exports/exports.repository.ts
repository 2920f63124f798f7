import { and, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { exportJobs, type Database } from '@freight/db';

/*
 * The `export_jobs` table (modules/exports, decision 015). Every change of a running export names
 * the claim it belongs to (`attempts`): a worker whose claim was taken over (it stalled past the
 * lease) changes nothing.
 */

export type ExportJobRow = typeof exportJobs.$inferSelect;
export type NewExportJob = Pick<
  typeof exportJobs.$inferInsert,
  'kind' | 'userId' | 'profileId' | 'params' | 'format' | 'createdAt' | 'expiresAt'
>;

export async function insertExportJob(db: Database, values: NewExportJob): Promise<ExportJobRow> {
  const [row] = await db.insert(exportJobs).values(values).returning();
  return row!;
}

export async function findExportJob(db: Database, id: string): Promise<ExportJobRow | null> {
  const [row] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
  return row ?? null;
}

/** The user's exports not yet expired, newest first. */
export async function listRecentExports(db: Database, userId: number, now: Date, limit: number) {
  return db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.userId, userId), gt(exportJobs.expiresAt, now)))
    .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
    .limit(limit);
}

/** The user's exports waiting or being prepared now. */
export async function countActiveExports(db: Database, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exportJobs)
    .where(
      and(
        eq(exportJobs.userId, userId),
        inArray(exportJobs.status, ['queued', 'running']),
        gt(exportJobs.expiresAt, now),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Takes an export for rendering: `queued` (or `running` whose claim started before `staleBefore`:
 * its worker died) → `running`, attempts + 1, progress reset. Null when it is finished, being
 * rendered by someone else, expired or gone.
 */
export async function claimExportJob(
  db: Database,
  id: string,
  now: Date,
  staleBefore: Date,
): Promise<ExportJobRow | null> {
  const [row] = await db
    .update(exportJobs)
    .set({ status: 'running', attempts: sql`${exportJobs.attempts} + 1`, startedAt: now, rowsDone: 0 })
    .where(
      and(
        eq(exportJobs.id, id),
        gt(exportJobs.expiresAt, now),
        or(
          eq(exportJobs.status, 'queued'),
          and(eq(exportJobs.status, 'running'), lte(exportJobs.startedAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

const ownClaim = (id: string, attempt: number) =>
  and(eq(exportJobs.id, id), eq(exportJobs.status, 'running'), eq(exportJobs.attempts, attempt));

/** Rows done (and, when known, the total) of a running export. */
export async function setExportProgress(
  db: Database,
  id: string,
  attempt: number,
  progress: { rowsDone: number; rowsTotal?: number },
): Promise<void> {
  await db.update(exportJobs).set(progress).where(ownClaim(id, attempt));
}

/** The file is in storage: `ready`. False when the claim is no longer this worker's (the file is then not used). */
export async function finishExportJob(
  db: Database,
  id: string,
  attempt: number,
  file: Required<
    Pick<
      ExportJobRow,
      'storageKey' | 'fileName' | 'asciiFileName' | 'contentType' | 'sizeBytes' | 'rowsDone' | 'finishedAt'
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(exportJobs)
    .set({ ...file, status: 'ready', rowsTotal: file.rowsDone, errorMessage: null })
    .where(ownClaim(id, attempt))
    .returning({ id: exportJobs.id });
  return rows.length > 0;
}

/** A failed attempt that will be retried: back to `queued`. */
export async function requeueExportJob(db: Database, id: string, attempt: number): Promise<void> {
  await db.update(exportJobs).set({ status: 'queued', rowsDone: 0 }).where(ownClaim(id, attempt));
}

/** Given up: `failed` with the Russian reason the user sees. */
export async function failExportJob(
  db: Database,
  id: string,
  attempt: number,
  message: string,
  now: Date,
): Promise<void> {
  await db
    .update(exportJobs)
    .set({ status: 'failed', errorMessage: message, finishedAt: now })
    .where(ownClaim(id, attempt));
}

/**
 * Running exports whose claim started before `staleBefore` and that nobody took over (their
 * worker died on its last attempt): `failed`. Returns how many.
 */
export async function failStaleExports(db: Database, staleBefore: Date, message: string, now: Date): Promise<number> {
  const rows = await db
    .update(exportJobs)
    .set({ status: 'failed', errorMessage: message, finishedAt: now })
    .where(and(eq(exportJobs.status, 'running'), lte(exportJobs.startedAt, staleBefore)))
    .returning({ id: exportJobs.id });
  return rows.length;
}

/** Exports whose time is up (any status), oldest first. */
export async function listExpiredExports(db: Database, now: Date, limit: number) {
  return db
    .select({ id: exportJobs.id, storageKey: exportJobs.storageKey })
    .from(exportJobs)
    .where(lte(exportJobs.expiresAt, now))
    .orderBy(exportJobs.expiresAt)
    .limit(limit);
}

export async function deleteExportJob(db: Database, id: string): Promise<void> {
  await db.delete(exportJobs).where(eq(exportJobs.id, id));
}
