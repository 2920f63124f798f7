import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { sessions, type Database } from '@freight/db';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Database,
  values: { tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null; userId?: number | null },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('session insert returned no row');
  return row;
}

/** A session that is neither revoked, nor past its absolute expiry, nor idle for longer than `idleMs`. */
export async function findLiveSessionByTokenHash(
  db: Database,
  tokenHash: string,
  now: Date,
  idleMs: number,
): Promise<SessionRow | null> {
  const idleCutoff = new Date(now.getTime() - idleMs);
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Database, id: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

/** Deletes sessions that can never be used again. Returns how many went. */
export async function deleteDeadSessions(db: Database, now: Date, idleMs: number): Promise<number> {
  const idleCutoff = new Date(now.getTime() - idleMs);
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff), sql`${sessions.revokedAt} is not null`))
    .returning({ id: sessions.id });
  return rows.length;
}
