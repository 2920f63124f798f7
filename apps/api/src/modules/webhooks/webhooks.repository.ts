import { and, count, desc, eq, getTableColumns, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  cargos,
  cities,
  clientProfiles,
  contracts,
  ledgerEntries,
  subdivisions,
  users,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEndpoints,
  type Database,
} from '@freight/db';
import type { WebhookDeliveryEvent, WebhookEvent } from '@freight/domain';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids arrive from the client: anything that is not a uuid is a record that does not exist. */
export const isUuid = (value: string) => UUID.test(value);

// --- Endpoints -----------------------------------------------------------------------------------

/** Serialises endpoint creation of one profile (the per-profile cap) on the profile's row. */
export async function lockProfile(db: Database, profileId: number): Promise<void> {
  await db.select({ id: clientProfiles.id }).from(clientProfiles).where(eq(clientProfiles.id, profileId)).for('update');
}

export async function countEndpoints(db: Database, profileId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.profileId, profileId));
  return Number(row?.n ?? 0);
}

export async function insertEndpoint(
  db: Database,
  values: Pick<
    typeof webhookEndpoints.$inferInsert,
    'id' | 'profileId' | 'url' | 'events' | 'secretEncrypted' | 'createdByUserId' | 'createdAt'
  >,
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

/** An endpoint row with the display name of the member who added it. */
export type EndpointListRow = EndpointRow & { creatorName: string | null };

/** The profile's endpoints, newest first. */
export async function listEndpoints(db: Database, profileId: number): Promise<EndpointListRow[]> {
  return db
    .select({ ...getTableColumns(webhookEndpoints), creatorName: users.name })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdByUserId))
    .where(eq(webhookEndpoints.profileId, profileId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function findEndpoint(db: Database, id: string): Promise<EndpointListRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ ...getTableColumns(webhookEndpoints), creatorName: users.name })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdByUserId))
    .where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export async function updateEndpoint(
  db: Database,
  id: string,
  change: { events?: WebhookEvent[]; isActive?: boolean; disabledAt?: Date | null },
): Promise<void> {
  await db.update(webhookEndpoints).set(change).where(eq(webhookEndpoints.id, id));
}

/** Deletes an endpoint and, by cascade, its deliveries and their attempts. */
export async function deleteEndpoint(db: Database, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The active endpoints of a profile subscribed to `event`. */
export async function listSubscribedEndpoints(
  db: Database,
  profileId: number,
  event: WebhookEvent,
): Promise<{ id: string }[]> {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.profileId, profileId),
        eq(webhookEndpoints.isActive, true),
        sql`${event} = any(${webhookEndpoints.events})`,
      ),
    );
}

// --- Event facts ---------------------------------------------------------------------------------

/** The cargo an event is about: its owner profile (none while an anonymous session owns it). */
export async function findCargoOwner(
  db: Database,
  cargoId: number,
): Promise<{ ownerProfileId: number | null; trackNumber: string } | null> {
  const [row] = await db
    .select({ ownerProfileId: cargos.ownerProfileId, trackNumber: cargos.trackNumber })
    .from(cargos)
    .where(eq(cargos.id, cargoId));
  return row ?? null;
}

/** An office as the cargo card names it. */
export async function findOffice(
  db: Database,
  officeId: number,
): Promise<{ id: number; name: string; city: string } | null> {
  const [row] = await db
    .select({ id: subdivisions.id, name: subdivisions.name, city: cities.name })
    .from(subdivisions)
    .innerJoin(cities, eq(cities.id, subdivisions.cityId))
    .where(eq(subdivisions.id, officeId));
  return row ?? null;
}

/**
 * The invoice of a cargo: its charges on the contract (one УПД per cargo, packages/db finance.ts
 * bookCargoStatus), summed. Null when none are booked.
 */
export async function findCargoInvoice(
  db: Database,
  cargoId: number,
): Promise<{
  documentNumber: string;
  documentDate: string;
  dueOn: string | null;
  amountKopecks: number;
  contractNumber: string;
} | null> {
  const [row] = await db
    .select({
      documentNumber: sql<string>`min(${ledgerEntries.documentNumber})`,
      documentDate: sql<string>`min(${ledgerEntries.documentDate})::text`,
      dueOn: sql<string | null>`max(${ledgerEntries.dueOn})::text`,
      amountKopecks: sql<number>`coalesce(sum(${ledgerEntries.amountKopecks}), 0)::bigint`,
      contractNumber: sql<string>`min(${contracts.number})`,
      n: count(),
    })
    .from(ledgerEntries)
    .innerJoin(contracts, eq(contracts.id, ledgerEntries.contractId))
    .where(and(eq(ledgerEntries.cargoId, cargoId), eq(ledgerEntries.kind, 'charge')));
  if (!row || Number(row.n) === 0) return null;
  return {
    documentNumber: row.documentNumber,
    documentDate: row.documentDate,
    dueOn: row.dueOn,
    amountKopecks: Number(row.amountKopecks),
    contractNumber: row.contractNumber,
  };
}

// --- Deliveries ----------------------------------------------------------------------------------

export interface NewDelivery {
  endpointId: string;
  event: WebhookDeliveryEvent;
  eventId: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Inserts deliveries due now; an (endpoint, event id) pair that exists already is skipped, so a
 * fan-out job that runs twice creates each delivery once. Returns the ids of those created.
 */
export async function insertDeliveries(db: Database, rows: readonly NewDelivery[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const created = await db
    .insert(webhookDeliveries)
    .values(rows.map((row) => ({ ...row, status: 'pending', nextAttemptAt: row.createdAt })))
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
    .returning({ id: webhookDeliveries.id });
  return created.map((row) => row.id);
}

/** A delivery with what an attempt needs of its endpoint. */
export type DeliveryWithEndpoint = DeliveryRow & {
  url: string;
  secretEncrypted: string;
  endpointActive: boolean;
  profileId: number;
};

export async function findDelivery(db: Database, id: string): Promise<DeliveryWithEndpoint | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      ...getTableColumns(webhookDeliveries),
      url: webhookEndpoints.url,
      secretEncrypted: webhookEndpoints.secretEncrypted,
      endpointActive: webhookEndpoints.isActive,
      profileId: webhookEndpoints.profileId,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

/**
 * Takes a pending delivery that is due for one attempt: counts the attempt and holds the row
 * until `leaseUntil`, so a second job for the same delivery (a «Повторить» racing the schedule)
 * finds it not due and does nothing. Null when it is not pending or not due.
 */
export async function claimDelivery(
  db: Database,
  id: string,
  now: Date,
  leaseUntil: Date,
): Promise<{ attemptCount: number; firstAttemptAt: Date } | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      attemptCount: sql`${webhookDeliveries.attemptCount} + 1`,
      firstAttemptAt: sql`coalesce(${webhookDeliveries.firstAttemptAt}, ${now.toISOString()}::timestamptz)`,
      lastAttemptAt: now,
      nextAttemptAt: leaseUntil,
    })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
      ),
    )
    .returning({ attemptCount: webhookDeliveries.attemptCount, firstAttemptAt: webhookDeliveries.firstAttemptAt });
  return row ? { attemptCount: row.attemptCount, firstAttemptAt: row.firstAttemptAt! } : null;
}

export interface AttemptRecord {
  number: number;
  manual: boolean;
  startedAt: Date;
  statusCode: number | null;
  response: string | null;
  error: string | null;
  durationMs: number;
}

/**
 * Writes an attempt and the delivery's new state: succeeded, failed for good, or pending until
 * `nextAttemptAt`.
 */
export async function recordAttempt(
  db: Database,
  deliveryId: string,
  attempt: AttemptRecord,
  state: { status: 'succeeded' | 'failed' | 'pending'; nextAttemptAt: Date | null; deliveredAt: Date | null },
): Promise<void> {
  await db.insert(webhookDeliveryAttempts).values({ deliveryId, ...attempt });
  await db
    .update(webhookDeliveries)
    .set({
      status: state.status,
      nextAttemptAt: state.nextAttemptAt,
      deliveredAt: state.deliveredAt,
      lastStatusCode: attempt.statusCode,
      lastResponse: attempt.response,
      lastError: attempt.error,
      durationMs: attempt.durationMs,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** A pending delivery of a switched-off endpoint stops: failed, with the reason, without an attempt. */
export async function stopDelivery(db: Database, id: string, reason: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, lastError: reason })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/** «Повторить»: the delivery is pending and due now. */
export async function makeDueNow(db: Database, id: string, now: Date): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'pending', nextAttemptAt: now }).where(eq(webhookDeliveries.id, id));
}

/** One page of an endpoint's deliveries, newest first, and how many there are in all. */
export async function listDeliveries(
  db: Database,
  endpointId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The latest `perDelivery` attempts of each delivery, newest first. */
export async function listAttempts(
  db: Database,
  deliveryIds: readonly string[],
  perDelivery: number,
): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  const ranked = db
    .select({
      ...getTableColumns(webhookDeliveryAttempts),
      rank: sql<number>`row_number() over (partition by ${webhookDeliveryAttempts.deliveryId} order by ${webhookDeliveryAttempts.number} desc)`.as(
        'rank',
      ),
    })
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.deliveryId, [...deliveryIds]))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perDelivery))
    .orderBy(ranked.deliveryId, desc(ranked.number));
  return rows.map(({ rank: _rank, ...row }) => row);
}

/**
 * Pending deliveries that were due before `before` and were not taken: their job was lost (the
 * process died during an attempt, after its lease ran out). Oldest first, at most `limit`.
 */
export async function listStalledDeliveries(db: Database, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, before)))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Deliveries (with their attempts) created before `before` go: the account shows a month. */
export async function purgeDeliveries(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(webhookDeliveries)
    .where(
      and(
        sql`${webhookDeliveries.createdAt} < ${before.toISOString()}::timestamptz`,
        sql`${webhookDeliveries.status} <> 'pending'`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}
