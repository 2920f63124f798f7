import { and, eq, inArray, isNull, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { cargos, clientProfiles, profileMembers, users, type Database } from '@freight/db';
import {
  ANALYTICS_TOP_DIRECTIONS,
  CARGO_STATUS_CODES,
  addCalendarDays,
  analyticsStatusGroup,
  isProfileRole,
  type AnalyticsStatusGroup,
  type ProfileRole,
} from '@freight/domain';

/*
 * The analytics queries (issue 16). Each call is ONE statement over the cargos of the chosen
 * profiles ordered within a period, grouped in the database. Every column they read is a column
 * of `cargos_owner_analytics_idx` (owner_profile_id, created_at, status, departure_type,
 * delivery_type, customer_role, weight_kg, volume_m3, price_kopecks, city names,
 * planned_arrival_date, status_changed_at), so PostgreSQL answers them with an index-only scan
 * of the profiles' period. Keep it so: a column outside that index turns every call into heap
 * reads (scripts/bench-account.mjs prints the plans; the PostgreSQL run of analytics.test.ts
 * checks them).
 *
 * Each statement is built once per database and kept with placeholders: building a statement of
 * this size with drizzle cost the API about a millisecond of CPU per call. It is sent unnamed,
 * though, so PostgreSQL plans it for the values of each call: a named prepared statement soon
 * runs on a generic plan, which cannot know that one profile's year holds 10,000 cargos and
 * sorts them to group them instead of hashing (measured a third slower). The builders below take
 * the values to bind: placeholders when kept, parameters when a test or the benchmark explains
 * them.
 */

/** The cargos of `profileIds` ordered from the start of Moscow day `from` to the end of day `to`. */
export interface CargoScope {
  profileIds: readonly number[];
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive. */
  to: string;
}

/** What a statement binds: the profiles (bigint[]) and the instants the period starts and ends (ISO). */
export interface ScopeBind {
  profileIds: SQLWrapper;
  start: SQLWrapper;
  end: SQLWrapper;
}

/** The raw statuses of each analytics group, from the domain's rule (analyticsStatusGroup). */
function statusesOf(...groups: AnalyticsStatusGroup[]): string[] {
  return CARGO_STATUS_CODES.filter((status) => groups.includes(analyticsStatusGroup(status)));
}
const CANCELLED = statusesOf('cancelled');
const DELIVERED = statusesOf('delivered');

/*
 * Moscow days by the fixed offset: Moscow has kept UTC+3 all year since 26 October 2014, before
 * any cargo of the carrier. A named zone ('Europe/Moscow') costs a look-up of the zone's rules
 * per row — on 10,000 cargos it made a statement 2.5 times slower than the offset does.
 */
const MOSCOW_OFFSET = '+03:00';
const moscowDayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00${MOSCOW_OFFSET}`).toISOString();
/** The Moscow calendar day of a timestamptz column. */
const moscowDate = (column: SQLWrapper) => sql`((${column} at time zone interval '${sql.raw(MOSCOW_OFFSET)}')::date)`;
/** The first instant of the Moscow month of a timestamptz column, as a timestamp (no parameter: groupable). */
const moscowMonth = (column: SQLWrapper) =>
  sql`date_trunc('month', ${column} at time zone interval '${sql.raw(MOSCOW_OFFSET)}')`;

/** The values of `scope` for {@link ScopeBind} placeholders. */
function scopeValues(scope: CargoScope) {
  return {
    profileIds: [...scope.profileIds],
    start: moscowDayStart(scope.from),
    end: moscowDayStart(addCalendarDays(scope.to, 1)),
  };
}

/** `scope` as parameters (for EXPLAIN). */
export function scopeParams(scope: CargoScope): ScopeBind {
  const values = scopeValues(scope);
  return { profileIds: sql.param(values.profileIds), start: sql.param(values.start), end: sql.param(values.end) };
}

const placeholders: ScopeBind = {
  profileIds: sql.placeholder('profileIds'),
  start: sql.placeholder('start'),
  end: sql.placeholder('end'),
};

function where(bind: ScopeBind, options: { withCancelled: boolean }): SQL | undefined {
  return and(
    sql`${cargos.ownerProfileId} = any(${bind.profileIds}::bigint[])`,
    sql`${cargos.createdAt} >= ${bind.start}::timestamptz`,
    sql`${cargos.createdAt} < ${bind.end}::timestamptz`,
    options.withCancelled ? undefined : notInArray(cargos.status, CANCELLED),
  );
}

/** Sums of the four measures; count and kopecks as integers, weight in kg and volume in m³ unrounded. */
const measures = {
  count: sql<number>`count(*)`.mapWith(Number),
  weight: sql<number>`coalesce(sum(${cargos.weightKg}), 0)`.mapWith(Number),
  volume: sql<number>`coalesce(sum(${cargos.volumeM3}), 0)`.mapWith(Number),
  amount: sql<number>`coalesce(sum(${cargos.priceKopecks}), 0)`.mapWith(Number),
};
export type Measures = { count: number; weight: number; volume: number; amount: number };

/** The figures of one raw status within a period. */
export interface StatusFigures extends Measures {
  status: string;
  /** Released cargos (group `delivered`) only, else 0: those with a planned arrival date. */
  withPlannedArrival: number;
  /** Released cargos only: released on a Moscow day ≤ the planned arrival date. */
  onTime: number;
  /** Released cargos only: the sum of (Moscow day of release − Moscow day of ordering). */
  transitDays: number;
}

/**
 * The statement of {@link findPeriodFigures}: `bind` covers both periods, `currentStart` is the
 * instant the current one starts.
 */
export function periodFiguresQuery(db: Database, bind: ScopeBind, currentStart: SQLWrapper) {
  const released = inArray(cargos.status, DELIVERED);
  const planned = sql`${cargos.plannedArrivalDate}`;
  return (
    db
      .select({
        isCurrent: sql<boolean>`${cargos.createdAt} >= ${currentStart}::timestamptz`,
        status: cargos.status,
        ...measures,
        withPlannedArrival: sql<number>`count(${planned}) filter (where ${released})`.mapWith(Number),
        onTime:
          sql<number>`count(*) filter (where ${released} and ${moscowDate(cargos.statusChangedAt)} <= ${planned})`.mapWith(
            Number,
          ),
        transitDays:
          sql<number>`coalesce(sum(${moscowDate(cargos.statusChangedAt)} - ${moscowDate(cargos.createdAt)}) filter (where ${released}), 0)`.mapWith(
            Number,
          ),
      })
      .from(cargos)
      .where(where(bind, { withCancelled: false }))
      // By position: the expression carries a parameter, which PostgreSQL would not match twice.
      .groupBy(sql`1, 2`)
  );
}

/** The statement of {@link findMonthlyMeasures}. */
export function monthlyMeasuresQuery(db: Database, bind: ScopeBind) {
  return (
    db
      .select({ month: sql<string>`to_char(${moscowMonth(cargos.createdAt)}, 'YYYY-MM')`, ...measures })
      .from(cargos)
      .where(where(bind, { withCancelled: false }))
      // Truncated per row, formatted per month.
      .groupBy(moscowMonth(cargos.createdAt))
  );
}

/** What a breakdown groups by: the raw columns the service maps to the API's keys. */
export type BreakdownColumns = 'status' | 'customer_role' | 'departure_delivery';

/**
 * The statement of {@link findMeasuresBy}: the measures per raw value of `columns` — `key` a
 * status, a customer role or a departure type, `key2` the delivery type (else null).
 */
export function measuresByQuery(db: Database, bind: ScopeBind, columns: BreakdownColumns) {
  const [key, key2] =
    columns === 'status'
      ? [sql<string>`${cargos.status}`, sql<string | null>`null`]
      : columns === 'customer_role'
        ? [sql<string>`${cargos.customerRole}`, sql<string | null>`null`]
        : [sql<string>`${cargos.departureType}`, sql<string | null>`${cargos.deliveryType}`];
  return (
    db
      .select({ key, key2, ...measures })
      .from(cargos)
      // Cancelled cargos count only in the status breakdown.
      .where(where(bind, { withCancelled: columns === 'status' }))
      .groupBy(sql`1, 2`)
  );
}

export type Measure = keyof Measures;

const measureSql: Record<Measure, SQL> = {
  count: sql`count(*)::float8`,
  weight: sql`sum(${cargos.weightKg})`,
  volume: sql`sum(${cargos.volumeM3})`,
  amount: sql`sum(${cargos.priceKopecks})::float8`,
};

/**
 * The statement of {@link findTopDirections}: the city pairs ranked by `measure` (ties by
 * «from → to» in code-point order), the first `top` as they are, every later one folded into
 * one row of rank `top + 1`.
 */
export function topDirectionsQuery(db: Database, bind: ScopeBind, measure: Measure, top: number) {
  const pairs = db
    .select({
      from: sql<string>`${cargos.cityDepartureName}`.as('from_name'),
      to: sql<string>`${cargos.cityDeliveryName}`.as('to_name'),
      value: sql<number>`${measureSql[measure]}`.as('value'),
    })
    .from(cargos)
    .where(where(bind, { withCancelled: false }))
    .groupBy(sql`1, 2`)
    .as('pairs');
  // A city pair's label is «from → to»; comparing (from, to) in the "C" collation orders the
  // labels the same way (the arrow's leading space sorts before any letter, hyphen or digit).
  const ranked = db
    .select({
      from: pairs.from,
      to: pairs.to,
      value: pairs.value,
      rank: sql<number>`row_number() over (order by ${pairs.value} desc, ${pairs.from} collate "C", ${pairs.to} collate "C")`.as(
        'rank',
      ),
    })
    .from(pairs)
    .as('ranked');
  const bucket = sql<number>`least(${ranked.rank}, ${sql.raw(String(top + 1))})`;
  return db
    .select({
      bucket: bucket.mapWith(Number),
      // One pair per bucket up to `top`; the last bucket's names are not used.
      from: sql<string>`min(${ranked.from})`,
      to: sql<string>`min(${ranked.to})`,
      value: sql<number>`sum(${ranked.value})`.mapWith(Number),
    })
    .from(ranked)
    .groupBy(bucket)
    .orderBy(bucket);
}

/** The statement of {@link findViewerMemberships}. */
function viewerMembershipsQuery(db: Database, userId: SQLWrapper) {
  return db
    .select({ profileId: profileMembers.profileId, accountUuid: clientProfiles.accountUuid, role: profileMembers.role })
    .from(users)
    .innerJoin(profileMembers, eq(profileMembers.userId, users.id))
    .innerJoin(clientProfiles, eq(clientProfiles.id, profileMembers.profileId))
    .where(and(sql`${users.id} = ${userId}`, eq(users.isVerified, true), isNull(users.deletedAt)));
}

/** No name: node-postgres then sends each execution as an unnamed statement (see the top of this file). */
const UNNAMED = '';

/** The statements with placeholders, built once per database. */
function prepare(db: Database) {
  const directions = (measure: Measure) =>
    topDirectionsQuery(db, placeholders, measure, ANALYTICS_TOP_DIRECTIONS).prepare(UNNAMED);
  return {
    viewerMemberships: viewerMembershipsQuery(db, sql.placeholder('userId')).prepare(UNNAMED),
    periodFigures: periodFiguresQuery(db, placeholders, sql.placeholder('currentStart')).prepare(UNNAMED),
    monthly: monthlyMeasuresQuery(db, placeholders).prepare(UNNAMED),
    status: measuresByQuery(db, placeholders, 'status').prepare(UNNAMED),
    customer_role: measuresByQuery(db, placeholders, 'customer_role').prepare(UNNAMED),
    departure_delivery: measuresByQuery(db, placeholders, 'departure_delivery').prepare(UNNAMED),
    directions: {
      count: directions('count'),
      weight: directions('weight'),
      volume: directions('volume'),
      amount: directions('amount'),
    },
  };
}

const prepared = new WeakMap<Database, ReturnType<typeof prepare>>();

function statements(db: Database) {
  let found = prepared.get(db);
  if (!found) {
    found = prepare(db);
    prepared.set(db, found);
  }
  return found;
}

/** A profile the user is a member of, with the user's role in it. */
export interface ViewerMembership {
  profileId: number;
  accountUuid: string;
  role: ProfileRole;
}

/**
 * The profiles of user `userId` with their role in each — none unless the user is verified and
 * not deleted (what profiles.repository's listMemberships reads, checked and in one statement).
 */
export async function findViewerMemberships(db: Database, userId: number): Promise<ViewerMembership[]> {
  const rows = await statements(db).viewerMemberships.execute({ userId });
  return rows.flatMap((r) => (isProfileRole(r.role) ? [{ ...r, role: r.role }] : []));
}

/**
 * The figures of two adjacent periods per raw status, in one pass: `previous` ends the day
 * before `current` starts, so the statement reads one range and splits it by the start of
 * `current`. Grouping by status leaves the status groups to the domain's rule (the service
 * folds a dozen rows) instead of testing lists of statuses on every cargo. Cancelled cargos are
 * left out.
 */
export async function findPeriodFigures(
  db: Database,
  profileIds: readonly number[],
  previous: { from: string; to: string },
  current: { from: string; to: string },
): Promise<{ current: StatusFigures[]; previous: StatusFigures[] }> {
  if (profileIds.length === 0) return { current: [], previous: [] };
  const rows = await statements(db).periodFigures.execute({
    ...scopeValues({ profileIds, from: previous.from, to: current.to }),
    currentStart: moscowDayStart(current.from),
  });
  const pick = (isCurrent: boolean): StatusFigures[] =>
    rows.filter((r) => Boolean(r.isCurrent) === isCurrent).map(({ isCurrent: _, ...figures }) => figures);
  return { current: pick(true), previous: pick(false) };
}

/** The measures of each Moscow calendar month (YYYY-MM) of the scope that has cargos; cancelled left out. */
export async function findMonthlyMeasures(db: Database, scope: CargoScope): Promise<(Measures & { month: string })[]> {
  if (scope.profileIds.length === 0) return [];
  return statements(db).monthly.execute(scopeValues(scope));
}

/**
 * The measures per raw value of `columns` (a status, a customer role, or a departure type with
 * the delivery type in `key2`). Cancelled cargos count only in the status breakdown.
 */
export async function findMeasuresBy(
  db: Database,
  scope: CargoScope,
  columns: BreakdownColumns,
): Promise<(Measures & { key: string; key2: string | null })[]> {
  if (scope.profileIds.length === 0) return [];
  return statements(db)[columns].execute(scopeValues(scope));
}

export interface DirectionRow {
  /** null for the row that sums every direction after the top ones. */
  from: string | null;
  to: string | null;
  value: number;
}

/**
 * The ANALYTICS_TOP_DIRECTIONS city pairs by `measure` (ties by «from → to» in code-point
 * order), then — when there are more pairs — one row with from = to = null summing the rest.
 * Cancelled left out.
 */
export async function findTopDirections(db: Database, scope: CargoScope, measure: Measure): Promise<DirectionRow[]> {
  if (scope.profileIds.length === 0) return [];
  const rows = await statements(db).directions[measure].execute(scopeValues(scope));
  return rows.map((r) =>
    r.bucket > ANALYTICS_TOP_DIRECTIONS
      ? { from: null, to: null, value: r.value }
      : { from: r.from, to: r.to, value: r.value },
  );
}
