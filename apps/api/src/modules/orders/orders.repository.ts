import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  cargoFavorites,
  clientProfiles,
  cargoRatings,
  cargoStatusHistory,
  cargos,
  cities,
  idempotencyKeys,
  orderDrafts,
  promoCodes,
  sessions,
  subdivisions,
  type CargoParticipantData,
  ensurePersonalProfile,
  type Database,
} from '@freight/db';
import { activeProfileOf, memberProfileIds } from '../profiles/profiles.repository';

export type CargoRow = typeof cargos.$inferSelect;
export type CargoInsertRow = typeof cargos.$inferInsert;

/**
 * Who owns what: a signed-in user, or an anonymous session. With `profileId` the user acts for
 * that one profile only (a call with an API key, modules/api-keys; the key's check found the
 * user a member of it).
 */
export type Owner = { kind: 'user'; userId: number; profileId?: number } | { kind: 'session'; sessionId: string };

/**
 * The condition «`owner` may see this cargo»: for a user, the cargo belongs to a profile they
 * are a member of (their own, or a company whose team they are in); for an anonymous session,
 * the session created it and no user has taken it over.
 */
export function ownedBy(owner: Owner): SQL {
  if (owner.kind === 'session') return and(eq(cargos.ownerSessionId, owner.sessionId), isNull(cargos.ownerUserId))!;
  return owner.profileId !== undefined
    ? eq(cargos.ownerProfileId, owner.profileId)
    : sql`${cargos.ownerProfileId} in ${memberProfileIds(owner.userId)}`;
}

/** `user:<id>`, `user:<id>:profile:<id>` (an API key's calls) or `session:<uuid>`: the scope of idempotency keys. */
export function ownerScope(owner: Owner): string {
  if (owner.kind === 'session') return `session:${owner.sessionId}`;
  return owner.profileId !== undefined ? `user:${owner.userId}:profile:${owner.profileId}` : `user:${owner.userId}`;
}

// ---- drafts -------------------------------------------------------------------------------------------

const draftOwner = (owner: Owner) =>
  owner.kind === 'user' ? eq(orderDrafts.userId, owner.userId) : eq(orderDrafts.sessionId, owner.sessionId);

/** The owner's draft row; with `lock`, locked until the transaction ends (a save that reads it first). */
export async function findDraft(db: Database, owner: Owner, options: { lock?: boolean } = {}) {
  const query = db
    .select({ payload: orderDrafts.payload, updatedAt: orderDrafts.updatedAt })
    .from(orderDrafts)
    .where(draftOwner(owner))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function saveDraft(db: Database, owner: Owner, payload: unknown, now: Date): Promise<Date> {
  const values =
    owner.kind === 'user'
      ? { userId: owner.userId, payload, updatedAt: now }
      : { sessionId: owner.sessionId, payload, updatedAt: now };
  const target = owner.kind === 'user' ? orderDrafts.userId : orderDrafts.sessionId;
  const [row] = await db
    .insert(orderDrafts)
    .values(values)
    .onConflictDoUpdate({ target, set: { payload, updatedAt: now } })
    .returning({ updatedAt: orderDrafts.updatedAt });
  return row!.updatedAt;
}

export async function deleteDraft(db: Database, owner: Owner): Promise<void> {
  await db.delete(orderDrafts).where(draftOwner(owner));
}

/**
 * At sign-in the anonymous session's order data follows the visitor (called from identity's
 * moveSessionRows): its cargos become the user's, and its draft replaces the user's draft when
 * it is the newer one. When the new session is anonymous too, everything just moves over.
 */
export async function moveOrderSessionRows(db: Database, oldId: string, newId: string): Promise<void> {
  const [target] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, newId)).limit(1);
  const userId = target?.userId ?? null;
  if (userId === null) {
    await db.update(cargos).set({ ownerSessionId: newId }).where(eq(cargos.ownerSessionId, oldId));
    await db.update(orderDrafts).set({ sessionId: newId }).where(eq(orderDrafts.sessionId, oldId));
    return;
  }
  await ensurePersonalProfile(db, userId, null);
  await db
    .update(cargos)
    .set({
      ownerUserId: userId,
      ownerSessionId: null,
      ownerProfileId: sql`(select ${clientProfiles.id} from ${clientProfiles} where ${clientProfiles.personalUserId} = ${userId})`,
    })
    .where(and(eq(cargos.ownerSessionId, oldId), isNull(cargos.ownerUserId)));
  const [anonymous] = await db
    .select({ id: orderDrafts.id, updatedAt: orderDrafts.updatedAt })
    .from(orderDrafts)
    .where(eq(orderDrafts.sessionId, oldId))
    .limit(1);
  if (!anonymous) return;
  const [own] = await db
    .select({ updatedAt: orderDrafts.updatedAt })
    .from(orderDrafts)
    .where(eq(orderDrafts.userId, userId))
    .limit(1);
  if (own && own.updatedAt > anonymous.updatedAt) {
    await db.delete(orderDrafts).where(eq(orderDrafts.id, anonymous.id));
    return;
  }
  await db.delete(orderDrafts).where(eq(orderDrafts.userId, userId));
  await db.update(orderDrafts).set({ sessionId: null, userId }).where(eq(orderDrafts.id, anonymous.id));
}

const ERASED_PARTICIPANT = sql`jsonb_build_object('type', 'individual', 'name', null, 'phone', null, 'email', null, 'inn', null, 'kpp', null)`;

/**
 * 152-FZ erasure (account deletion): the cargo records stay for accounting, but every
 * participant's name, phone, e-mail and ИНН/КПП, the addresses and rating comments go; the
 * drafts and idempotency replies of the user are deleted.
 */
export async function anonymizeUserOrders(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(cargos)
    .set({
      sender: ERASED_PARTICIPANT,
      recipient: ERASED_PARTICIPANT,
      payer: null,
      customer: null,
      senderName: null,
      recipientName: null,
      departureAddress: null,
      deliveryAddress: null,
      profileId: null,
      details: {},
      anonymizedAt: now,
    } as never)
    .where(eq(cargos.ownerUserId, userId));
  await db
    .update(cargoRatings)
    .set({ comment: null })
    .where(sql`${cargoRatings.cargoId} in (select id from ${cargos} where ${cargos.ownerUserId} = ${userId})`);
  await db.delete(orderDrafts).where(eq(orderDrafts.userId, userId));
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, `user:${userId}`));
}

// ---- idempotency keys --------------------------------------------------------------------------------

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export async function findIdempotencyKey(db: Database, scope: string, key: string): Promise<IdempotencyRow | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row ?? null;
}

/**
 * Claims a key atomically. A concurrent transaction holding the same (scope, key) makes this
 * insert wait until it commits or rolls back; true when this caller now owns the key.
 */
export async function claimIdempotencyKey(
  db: Database,
  scope: string,
  key: string,
  requestHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  return rows.length === 1;
}

export async function completeIdempotencyKey(
  db: Database,
  scope: string,
  key: string,
  status: number,
  body: unknown,
  now: Date,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, responseBody: body, completedAt: now })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

export async function purgeIdempotencyKeys(db: Database, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

// ---- promo codes -------------------------------------------------------------------------------------

/** Counts one use of a promo code unless its limit is reached; false when it is (atomic). */
export async function usePromoCode(db: Database, code: string): Promise<{ id: number } | null> {
  const [row] = await db
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        eq(promoCodes.code, code.toUpperCase()),
        sql`(${promoCodes.usageLimit} is null or ${promoCodes.usedCount} < ${promoCodes.usageLimit})`,
      ),
    )
    .returning({ id: promoCodes.id });
  return row ?? null;
}

// ---- cargo ------------------------------------------------------------------------------------------------

export async function trackNumberExists(db: Database, trackNumber: string): Promise<boolean> {
  const rows = await db.select({ id: cargos.id }).from(cargos).where(eq(cargos.trackNumber, trackNumber)).limit(1);
  return rows.length > 0;
}

/** Inserts a cargo; null when the track number is taken (the caller draws another). */
export async function insertCargo(db: Database, values: CargoInsertRow): Promise<CargoRow | null> {
  const rows = await db.insert(cargos).values(values).onConflictDoNothing({ target: cargos.trackNumber }).returning();
  return rows[0] ?? null;
}

/** Writes history rows; returns their ids in the order given. */
export async function insertHistory(
  db: Database,
  values: (typeof cargoStatusHistory.$inferInsert)[],
): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(cargoStatusHistory).values(values).returning({ id: cargoStatusHistory.id });
  return rows.map((r) => Number(r.id));
}

export async function findCargoByTrack(db: Database, trackNumber: string): Promise<CargoRow | null> {
  const [row] = await db.select().from(cargos).where(eq(cargos.trackNumber, trackNumber)).limit(1);
  return row ?? null;
}

export async function findOwnedCargo(db: Database, owner: Owner, trackNumber: string): Promise<CargoRow | null> {
  const [row] = await db
    .select()
    .from(cargos)
    .where(and(eq(cargos.trackNumber, trackNumber), ownedBy(owner)))
    .limit(1);
  return row ?? null;
}

export async function findHistory(db: Database, cargoId: number) {
  return db
    .select({
      status: cargoStatusHistory.status,
      at: cargoStatusHistory.at,
      comment: cargoStatusHistory.comment,
      officeId: subdivisions.id,
      officeName: subdivisions.name,
      cityName: cities.name,
    })
    .from(cargoStatusHistory)
    .leftJoin(subdivisions, eq(subdivisions.id, cargoStatusHistory.officeId))
    .leftJoin(cities, eq(cities.id, subdivisions.cityId))
    .where(eq(cargoStatusHistory.cargoId, cargoId))
    .orderBy(asc(cargoStatusHistory.at), asc(cargoStatusHistory.id));
}

export async function findOffices(db: Database, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; address: string }>();
  const rows = await db
    .select({ id: subdivisions.id, name: subdivisions.name, address: subdivisions.address })
    .from(subdivisions)
    .where(inArray(subdivisions.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findRating(db: Database, cargoId: number) {
  const [row] = await db.select().from(cargoRatings).where(eq(cargoRatings.cargoId, cargoId)).limit(1);
  return row ?? null;
}

/** Inserts the one rating of a cargo; null when it already has one. */
export async function insertRating(db: Database, values: typeof cargoRatings.$inferInsert) {
  const rows = await db.insert(cargoRatings).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function isFavorite(db: Database, cargoId: number): Promise<boolean> {
  const rows = await db
    .select({ id: cargoFavorites.cargoId })
    .from(cargoFavorites)
    .where(eq(cargoFavorites.cargoId, cargoId))
    .limit(1);
  return rows.length > 0;
}

/** Flips the favourite mark; returns the new state. */
export async function toggleFavorite(db: Database, cargoId: number, now: Date): Promise<boolean> {
  const removed = await db
    .delete(cargoFavorites)
    .where(eq(cargoFavorites.cargoId, cargoId))
    .returning({ id: cargoFavorites.cargoId });
  if (removed.length > 0) return false;
  await db.insert(cargoFavorites).values({ cargoId, createdAt: now }).onConflictDoNothing();
  return true;
}

/** New details of the sender or recipient, unless the cargo closed meanwhile; false then. */
/** Replaces a participant's details of an open cargo, linking the consent given with them. */
export async function updateParticipant(
  db: Database,
  cargoId: number,
  participant: 'sender' | 'recipient',
  data: CargoParticipantData,
  consentId: number,
): Promise<boolean> {
  const set =
    participant === 'sender'
      ? { sender: data, senderName: data.name, consentId }
      : { recipient: data, recipientName: data.name, consentId };
  const rows = await db
    .update(cargos)
    .set(set)
    .where(and(eq(cargos.id, cargoId), eq(cargos.closed, false)))
    .returning({ id: cargos.id });
  return rows.length === 1;
}

/** Moves a cargo to `status` only if it is still in one of `from` (so two changes cannot both win). */
export async function changeStatus(
  db: Database,
  cargoId: number,
  from: readonly string[],
  status: string,
  now: Date,
  comment: string | null,
): Promise<boolean> {
  const rows = await db
    .update(cargos)
    .set({ status, statusChangedAt: now })
    .where(and(eq(cargos.id, cargoId), inArray(cargos.status, [...from])))
    .returning({ id: cargos.id });
  if (rows.length === 0) return false;
  await db.insert(cargoStatusHistory).values({ cargoId, status, at: now, comment });
  return true;
}

// ---- the list -------------------------------------------------------------------------------------------

export interface CargoListFilter {
  owner: Owner;
  /**
   * Only cargos of these profiles (each one the user is a member of), or of the active profile of
   * `activeOf` (resolved inside the list's statement: no extra round trip); undefined: every
   * profile of the owner.
   */
  profileIds?: number[] | { activeOf: number } | undefined;
  tracknumber?: string | undefined;
  /** True when `tracknumber` is a complete canonical number (equality instead of a part). */
  exactTrack?: boolean;
  sender?: string | undefined;
  recipient?: string | undefined;
  cityDeparture?: string | undefined;
  cityDelivery?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  statuses: string[];
  excludeClosed: boolean;
  /** Only cargos marked favourite. */
  favoriteOnly?: boolean;
  sortBy: 'date' | 'price' | 'status_date';
  descending: boolean;
  skip: number;
  limit: number;
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of the list (and of its export): owner first, then every filter given. */
export function listConditions(filter: Omit<CargoListFilter, 'sortBy' | 'descending' | 'skip' | 'limit'>): SQL {
  // Profiles given are the owner's already (checked memberships, or the active one, which is a
  // membership by construction): one equality on the index's first column, no membership subquery.
  const where: (SQL | undefined)[] = [
    Array.isArray(filter.profileIds)
      ? inArray(cargos.ownerProfileId, filter.profileIds)
      : filter.profileIds && filter.owner.kind === 'user'
        ? eq(cargos.ownerProfileId, activeProfileOf(filter.profileIds.activeOf))
        : ownedBy(filter.owner),
  ];
  if (filter.tracknumber) {
    where.push(
      filter.exactTrack
        ? eq(cargos.trackNumber, filter.tracknumber)
        : ilike(cargos.trackNumber, `%${likeEscape(filter.tracknumber)}%`),
    );
  }
  if (filter.sender) where.push(ilike(cargos.senderName, `%${likeEscape(filter.sender)}%`));
  if (filter.recipient) where.push(ilike(cargos.recipientName, `%${likeEscape(filter.recipient)}%`));
  if (filter.cityDeparture) where.push(ilike(cargos.cityDepartureName, `${likeEscape(filter.cityDeparture)}%`));
  if (filter.cityDelivery) where.push(ilike(cargos.cityDeliveryName, `${likeEscape(filter.cityDelivery)}%`));
  if (filter.from) where.push(gte(cargos.createdAt, filter.from));
  if (filter.to) where.push(lt(cargos.createdAt, filter.to));
  if (filter.statuses.length > 0) where.push(inArray(cargos.status, filter.statuses));
  if (filter.excludeClosed) where.push(eq(cargos.closed, false));
  if (filter.favoriteOnly) {
    where.push(sql`exists (select 1 from ${cargoFavorites} where ${cargoFavorites.cargoId} = ${cargos.id})`);
  }
  return and(...where)!;
}

/** The column a list is sorted by (then by id, in the same direction). */
export function listSortColumn(sortBy: CargoListFilter['sortBy']) {
  return sortBy === 'price'
    ? cargos.priceKopecks
    : sortBy === 'status_date'
      ? cargos.statusChangedAt
      : cargos.createdAt;
}

/**
 * One page of an owner's cargo in one statement: the ids of the page in a subquery (for the default
 * order an index-only scan of `cargos_owner_created_idx`, which carries every filtered column, so
 * filters and a deep skip never touch the table), then those rows by primary key with their
 * favourite mark. One round trip: under load each extra query costs a scheduler wake-up of the
 * API and of a Postgres backend (bench:cargo).
 */
export async function listCargo(db: Database, filter: CargoListFilter) {
  const column = listSortColumn(filter.sortBy);
  const direction = filter.descending ? desc : asc;
  const page = db
    .select({ pageId: sql<number>`${cargos.id}`.as('page_id') })
    .from(cargos)
    .where(listConditions(filter))
    .orderBy(direction(column), direction(cargos.id))
    .limit(filter.limit)
    .offset(filter.skip)
    .as('page');
  return db
    .select({
      id: cargos.id,
      trackNumber: cargos.trackNumber,
      status: cargos.status,
      statusChangedAt: cargos.statusChangedAt,
      closed: cargos.closed,
      paid: cargos.paid,
      paidStorage: cargos.paidStorage,
      partialRelease: cargos.partialRelease,
      createdAt: cargos.createdAt,
      cityDepartureName: cargos.cityDepartureName,
      cityDeliveryName: cargos.cityDeliveryName,
      senderName: cargos.senderName,
      recipientName: cargos.recipientName,
      priceKopecks: cargos.priceKopecks,
      paymentType: cargos.paymentType,
      plannedArrivalDate: cargos.plannedArrivalDate,
      quantity: cargos.quantity,
      weightKg: cargos.weightKg,
      volumeM3: cargos.volumeM3,
      favorite: sql<boolean>`${cargoFavorites.cargoId} is not null`,
    })
    .from(page)
    .innerJoin(cargos, eq(cargos.id, page.pageId))
    .leftJoin(cargoFavorites, eq(cargoFavorites.cargoId, cargos.id))
    .orderBy(direction(column), direction(cargos.id));
}

/** Where a keyset batch of the list ends: the sort column's value (as Postgres prints it) and the id. */
export interface ListCursor {
  value: string;
  id: number;
}

/**
 * The next `limit` cargos of the list after `after`, in the list's order, with what the export
 * writes: keyset pagination on (sort column, id), so a long export reads each batch by the
 * owner's index without an offset and never holds the whole list. The cursor value is the
 * column as text, so timestamps keep their microseconds.
 */
export async function listCargoBatch(
  db: Database,
  filter: Omit<CargoListFilter, 'skip' | 'limit'>,
  after: ListCursor | null,
  limit: number,
) {
  const column = listSortColumn(filter.sortBy);
  const direction = filter.descending ? desc : asc;
  const type = sql.raw(filter.sortBy === 'price' ? 'integer' : 'timestamptz');
  const keyset = after
    ? filter.descending
      ? sql`(${column}, ${cargos.id}) < (cast(${after.value} as ${type}), ${after.id})`
      : sql`(${column}, ${cargos.id}) > (cast(${after.value} as ${type}), ${after.id})`
    : undefined;
  return db
    .select({
      id: cargos.id,
      sortValue: sql<string>`${column}::text`,
      trackNumber: cargos.trackNumber,
      status: cargos.status,
      statusChangedAt: cargos.statusChangedAt,
      createdAt: cargos.createdAt,
      cityDepartureName: cargos.cityDepartureName,
      cityDeliveryName: cargos.cityDeliveryName,
      senderName: cargos.senderName,
      recipientName: cargos.recipientName,
      quantity: cargos.quantity,
      weightKg: cargos.weightKg,
      volumeM3: cargos.volumeM3,
      priceKopecks: cargos.priceKopecks,
      paymentType: cargos.paymentType,
      paid: cargos.paid,
      plannedArrivalDate: cargos.plannedArrivalDate,
      favorite: sql<boolean>`${cargoFavorites.cargoId} is not null`,
    })
    .from(cargos)
    .leftJoin(cargoFavorites, eq(cargoFavorites.cargoId, cargos.id))
    .where(keyset ? and(listConditions(filter), keyset) : listConditions(filter))
    .orderBy(direction(column), direction(cargos.id))
    .limit(limit);
}

/** How many cargos the list's filter matches, counting no further than `max` (the export's cap). */
export async function countCargoList(
  db: Database,
  filter: Omit<CargoListFilter, 'sortBy' | 'descending' | 'skip' | 'limit'>,
  max: number,
): Promise<number> {
  const matched = db
    .select({ one: sql<number>`1`.as('one') })
    .from(cargos)
    .where(listConditions(filter))
    .limit(max)
    .as('matched');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matched);
  return Number(row?.n ?? 0);
}

/** Active offices among `ids` in one city. */
export async function findOfficesInCity(db: Database, ids: number[], cityId: number) {
  const rows = await db
    .select({ id: subdivisions.id })
    .from(subdivisions)
    .where(and(inArray(subdivisions.id, ids), eq(subdivisions.cityId, cityId), eq(subdivisions.isActive, true)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Inside a transaction: wait at most `ms` for a row lock (a duplicate key being created). */
export async function setLockTimeout(db: Database, ms: number): Promise<void> {
  await db.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.floor(ms))}`));
}

/** lock_not_available (55P03): the lock timeout ran out. */
export function isLockTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '55P03') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
