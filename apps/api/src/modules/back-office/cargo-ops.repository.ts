import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  cargoStatusHistory,
  cargos,
  cities,
  clientProfiles,
  staffUsers,
  subdivisions,
  users,
  type Database,
} from '@freight/db';
import type { CargoSearch } from '@freight/domain/back-office-cargo';
import type { BoCargoSort } from '@freight/contracts/back-office-cargo';
import type { CargoRow } from '../orders/orders.repository';

export type { CargoRow };

/*
 * The tables of the back-office's cargo operations. Cargo rows are the ones of the orders
 * module (orders.repository.ts: findCargoByTrack, insertHistory are reused by the service);
 * this file adds what only the carrier's staff read or change: the search over every client,
 * row locks, flags, the driver, offices, the owner's contacts.
 */

const PARTICIPANTS = ['sender', 'recipient', 'payer', 'customer'] as const;

/** `cargos.<participant> ->> '<key>' = value` for each participant, OR-ed. */
function anyParticipant(key: 'phone' | 'inn', value: string): SQL[] {
  return PARTICIPANTS.map((p) => sql`${cargos[p]} ->> ${sql.raw(`'${key}'`)} = ${value}`);
}

/** The WHERE of the staff search: every criterion of `search` OR-ed; a status filter AND-ed. */
function searchConditions(search: CargoSearch | null, status: string | undefined): SQL | undefined {
  const where: SQL[] = [];
  if (search) {
    const any: SQL[] = [];
    if (search.exactTrack) any.push(eq(cargos.trackNumber, search.exactTrack));
    // The prefix holds only `MG` and digits (parseCargoSearch), nothing LIKE would read as a pattern.
    if (search.trackPrefix) any.push(sql`replace(${cargos.trackNumber}, '-', '') like ${`${search.trackPrefix}%`}`);
    if (search.phone) {
      any.push(
        sql`${cargos.ownerUserId} in (select ${users.id} from ${users} where ${users.phone} = ${search.phone})`,
        ...anyParticipant('phone', search.phone),
      );
    }
    if (search.inn) {
      any.push(
        sql`${cargos.ownerProfileId} in (select ${clientProfiles.id} from ${clientProfiles} where ${clientProfiles.inn} = ${search.inn})`,
        ...anyParticipant('inn', search.inn),
      );
    }
    where.push(or(...any)!);
  }
  if (status) where.push(eq(cargos.status, status));
  return where.length > 0 ? and(...where) : undefined;
}

const SORT_COLUMN = {
  created: cargos.createdAt,
  status_changed: cargos.statusChangedAt,
  price: cargos.priceKopecks,
} as const;

export interface StaffCargoFilter {
  search: CargoSearch | null;
  status?: string | undefined;
  sort: BoCargoSort;
  descending: boolean;
  offset: number;
  limit: number;
}

/** One page of the staff search over all cargos, with the owner's name and phone, and the total. */
export async function searchCargos(db: Database, filter: StaffCargoFilter) {
  const where = searchConditions(filter.search, filter.status);
  const direction = filter.descending ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: cargos.id,
        trackNumber: cargos.trackNumber,
        status: cargos.status,
        closed: cargos.closed,
        createdAt: cargos.createdAt,
        statusChangedAt: cargos.statusChangedAt,
        cityDepartureName: cargos.cityDepartureName,
        cityDeliveryName: cargos.cityDeliveryName,
        senderName: cargos.senderName,
        recipientName: cargos.recipientName,
        priceKopecks: cargos.priceKopecks,
        paid: cargos.paid,
        paidStorage: cargos.paidStorage,
        partialRelease: cargos.partialRelease,
        ownerName: users.name,
        ownerPhone: users.phone,
        profileName: clientProfiles.name,
      })
      .from(cargos)
      .leftJoin(users, eq(users.id, cargos.ownerUserId))
      .leftJoin(clientProfiles, eq(clientProfiles.id, cargos.ownerProfileId))
      .where(where)
      .orderBy(direction(SORT_COLUMN[filter.sort]), direction(cargos.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(cargos).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type StaffCargoListRow = Awaited<ReturnType<typeof searchCargos>>['rows'][number];

/** The owner behind a cargo: the user (contacts for notifications) and the profile. */
export async function findOwner(db: Database, userId: number | null, profileId: number | null) {
  const [user] =
    userId === null
      ? []
      : await db
          .select({
            id: users.id,
            name: users.name,
            phone: users.phone,
            email: users.email,
            isVerified: users.isVerified,
            deletedAt: users.deletedAt,
          })
          .from(users)
          .where(eq(users.id, userId))
          .limit(1);
  const [profile] =
    profileId === null
      ? []
      : await db
          .select({
            id: clientProfiles.id,
            accountUuid: clientProfiles.accountUuid,
            kind: clientProfiles.kind,
            name: clientProfiles.name,
            inn: clientProfiles.inn,
            kpp: clientProfiles.kpp,
          })
          .from(clientProfiles)
          .where(eq(clientProfiles.id, profileId))
          .limit(1);
  return { user: user ?? null, profile: profile ?? null };
}

/** The full history of a cargo, oldest first, with office (name, address, city) and staff names. */
export async function findStaffHistory(db: Database, cargoId: number) {
  return db
    .select({
      id: cargoStatusHistory.id,
      status: cargoStatusHistory.status,
      at: cargoStatusHistory.at,
      comment: cargoStatusHistory.comment,
      officeId: subdivisions.id,
      officeName: subdivisions.name,
      officeAddress: subdivisions.address,
      cityName: cities.name,
      staffId: staffUsers.id,
      staffName: staffUsers.name,
    })
    .from(cargoStatusHistory)
    .leftJoin(subdivisions, eq(subdivisions.id, cargoStatusHistory.officeId))
    .leftJoin(cities, eq(cities.id, subdivisions.cityId))
    .leftJoin(staffUsers, eq(staffUsers.id, cargoStatusHistory.staffId))
    .where(eq(cargoStatusHistory.cargoId, cargoId))
    .orderBy(asc(cargoStatusHistory.at), asc(cargoStatusHistory.id));
}

/**
 * Inside a transaction: the cargos with these track numbers, locked until it ends (in id order,
 * so two bulk changes over the same cargos wait for each other instead of deadlocking).
 */
export async function lockCargos(db: Database, trackNumbers: string[]): Promise<CargoRow[]> {
  if (trackNumbers.length === 0) return [];
  return db
    .select()
    .from(cargos)
    .where(inArray(cargos.trackNumber, trackNumbers))
    .orderBy(asc(cargos.id))
    .for('update');
}

/** The moment of the newest history entry of each cargo (absent: no history). */
export async function lastHistoryAt(db: Database, cargoIds: number[]): Promise<Map<number, Date>> {
  if (cargoIds.length === 0) return new Map();
  const rows = await db
    .select({
      cargoId: cargoStatusHistory.cargoId,
      at: sql<Date>`max(${cargoStatusHistory.at})`.mapWith(cargoStatusHistory.at),
    })
    .from(cargoStatusHistory)
    .where(inArray(cargoStatusHistory.cargoId, cargoIds))
    .groupBy(cargoStatusHistory.cargoId);
  return new Map(rows.map((r) => [r.cargoId, r.at]));
}

/** Sets the status of a locked cargo, if it is still `from`; false when it is not. */
export async function updateStatus(db: Database, cargoId: number, from: string, to: string, at: Date) {
  const rows = await db
    .update(cargos)
    .set({ status: to, statusChangedAt: at })
    .where(and(eq(cargos.id, cargoId), eq(cargos.status, from)))
    .returning({ id: cargos.id });
  return rows.length === 1;
}

export interface FlagsPatch {
  paid?: boolean;
  paidAt?: Date | null;
  paidStorage?: boolean;
  partialRelease?: boolean;
}

export async function updateFlags(db: Database, cargoId: number, patch: FlagsPatch): Promise<void> {
  await db.update(cargos).set(patch).where(eq(cargos.id, cargoId));
}

export interface DriverValues {
  driverName: string | null;
  driverPhone: string | null;
  vehicleModel: string | null;
  vehiclePlate: string | null;
  driverAssignedAt: Date | null;
}

/** Sets (or, with nulls, removes) the driver of an open cargo; false when it closed meanwhile. */
export async function updateDriver(db: Database, cargoId: number, values: DriverValues): Promise<boolean> {
  const rows = await db
    .update(cargos)
    .set(values)
    .where(and(eq(cargos.id, cargoId), eq(cargos.closed, false)))
    .returning({ id: cargos.id });
  return rows.length === 1;
}

const officeColumns = {
  id: subdivisions.id,
  code: subdivisions.code,
  name: subdivisions.name,
  address: subdivisions.address,
  kind: subdivisions.kind,
  city: cities.name,
};

/** One office (any, active or not: history may name a closed one) with its city. */
export async function findOffice(db: Database, id: number) {
  const [row] = await db
    .select(officeColumns)
    .from(subdivisions)
    .innerJoin(cities, eq(cities.id, subdivisions.cityId))
    .where(eq(subdivisions.id, id))
    .limit(1);
  return row ?? null;
}

/** Offices of several ids, by id. */
export async function findOfficesById(db: Database, ids: number[]) {
  if (ids.length === 0) return new Map<number, NonNullable<Awaited<ReturnType<typeof findOffice>>>>();
  const rows = await db
    .select(officeColumns)
    .from(subdivisions)
    .innerJoin(cities, eq(cities.id, subdivisions.cityId))
    .where(inArray(subdivisions.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Active offices for the picker: by city, name, address or code containing `q`; at most `limit`. */
export async function listOffices(db: Database, q: string | undefined, limit: number) {
  const pattern = q ? `%${likeEscape(q)}%` : null;
  return db
    .select(officeColumns)
    .from(subdivisions)
    .innerJoin(cities, eq(cities.id, subdivisions.cityId))
    .where(
      and(
        eq(subdivisions.isActive, true),
        pattern
          ? or(
              ilike(cities.name, pattern),
              ilike(subdivisions.name, pattern),
              ilike(subdivisions.address, pattern),
              ilike(subdivisions.code, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(cities.name), asc(subdivisions.name), asc(subdivisions.id))
    .limit(limit);
}
