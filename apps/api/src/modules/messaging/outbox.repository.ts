import { and, eq, gt, sql } from 'drizzle-orm';
import { outbox, type Database } from '@freight/db';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = Pick<
  typeof outbox.$inferInsert,
  'channel' | 'recipient' | 'subject' | 'body' | 'bodyRedacted' | 'kind'
>;

export async function insertOutbox(db: Database, values: NewOutboxRow, now: Date): Promise<OutboxRow> {
  const [row] = await db
    .insert(outbox)
    .values({ ...values, nextAttemptAt: now, createdAt: now })
    .returning();
  if (!row) throw new Error('outbox insert returned no row');
  return row;
}

/**
 * Claims up to `limit` due messages for this sender: pending ones whose time has come, and
 * ones another sender claimed but never finished (its lock ran out). `FOR UPDATE SKIP LOCKED`
 * makes concurrent senders take disjoint rows, so a message is never sent twice at once.
 */
export async function claimDue(db: Database, now: Date, lockMs: number, limit: number): Promise<OutboxRow[]> {
  const lockedUntil = new Date(now.getTime() + lockMs);
  const result = await db.execute(sql`
    update ${outbox} set status = 'sending', locked_until = ${lockedUntil.toISOString()}::timestamptz, attempts = attempts + 1
    where id in (
      select id from ${outbox}
      where (status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz)
         or (status = 'sending' and locked_until < ${now.toISOString()}::timestamptz)
      order by id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: Array<{ id: number | string }> }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(outbox)
    .where(
      sql`${outbox.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return rows.sort((a, b) => a.id - b.id);
}

/** Delivered: the body with its code or link is replaced by the redacted text. */
export async function markSent(db: Database, id: number, providerMessageId: string | null, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: now,
      lockedUntil: null,
      providerMessageId,
      body: sql`${outbox.bodyRedacted}`,
      lastError: null,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

export async function markRetry(db: Database, id: number, error: string, nextAttemptAt: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'pending', lockedUntil: null, lastError: error.slice(0, 500), nextAttemptAt })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

export async function markFailed(db: Database, id: number, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'failed', lockedUntil: null, lastError: error.slice(0, 500), body: sql`${outbox.bodyRedacted}` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

export async function findOutbox(db: Database, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row ?? null;
}

/** E-mails of one kind queued for an address (case-insensitive) since `since`: the per-recipient cap. */
export async function countEmailsSince(db: Database, recipient: string, kind: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, 'email'),
        eq(outbox.kind, kind),
        sql`lower(${outbox.recipient}) = ${recipient.toLowerCase()}`,
        gt(outbox.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Serialises mails to one address across instances (transaction-scoped advisory lock), for exact caps. */
export async function lockEmailRecipient(db: Database, address: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`email:${address.toLowerCase()}`}))`);
}
