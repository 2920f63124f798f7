import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { outbox, type Database } from '@freight/db';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = Pick<
  typeof outbox.$inferInsert,
  'channel' | 'recipient' | 'subject' | 'body' | 'bodyRedacted' | 'kind'
>;

export async function insertOutbox(
  db: Database,
  values: NewOutboxRow,
  nextAttemptAt: Date,
  now: Date,
): Promise<OutboxRow> {
  const [row] = await db
    .insert(outbox)
    .values({ ...values, nextAttemptAt, createdAt: now })
    .returning();
  if (!row) throw new Error('outbox insert returned no row');
  return row;
}

/**
 * Claims message `id` for one attempt: a pending one, or one whose sender stopped mid-attempt
 * (still `sending` — its job expired and came back). Returns null for a message already sent or
 * failed, so a job run twice never sends twice.
 */
export async function claimMessage(db: Database, id: number): Promise<OutboxRow | null> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1` })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['pending', 'sending'])))
    .returning();
  return row ?? null;
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

export async function markRetry(db: Database, id: number, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'pending', lockedUntil: null, lastError: error.slice(0, 500) })
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
