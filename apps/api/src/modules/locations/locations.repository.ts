import { and, asc, desc, eq, ilike, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { cities, iframeRequests, streets, subdivisions, type Database } from '@freight/db';

/** Active subdivisions per city, as a subquery joined to cities. */
function subdivisionCounts(db: Database) {
  return db
    .select({ cityId: subdivisions.cityId, count: sql<number>`count(*)::int`.as('count') })
    .from(subdivisions)
    .where(eq(subdivisions.isActive, true))
    .groupBy(subdivisions.cityId)
    .as('subdivision_counts');
}

export type CityRow = Awaited<ReturnType<typeof findCities>>[number];

/** `%` and `_` typed by a visitor are literal characters, not patterns. */
export const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Cities with their count of active subdivisions. `namePart` matches anywhere in the name
 * (prefix matches first); `withSubdivisionsOnly` keeps the cities of our network.
 */
export async function findCities(
  db: Database,
  options: {
    namePart?: string;
    exactName?: string;
    withSubdivisionsOnly?: boolean;
    popularOnly?: boolean;
    ids?: number[];
    fiasId?: string;
    limit?: number;
  } = {},
) {
  const counts = subdivisionCounts(db);
  const where: SQL[] = [];
  if (options.namePart) where.push(ilike(cities.name, `%${likeEscape(options.namePart)}%`));
  if (options.exactName) where.push(sql`lower(${cities.name}) = lower(${options.exactName})`);
  if (options.withSubdivisionsOnly) where.push(sql`${counts.count} > 0`);
  if (options.popularOnly) where.push(isNotNull(cities.popularRank));
  if (options.ids) where.push(sql`${cities.id} in ${options.ids.length ? options.ids : [0]}`);
  if (options.fiasId) where.push(eq(cities.fiasId, options.fiasId));
  const order: SQL[] = options.namePart
    ? [sql`case when ${cities.name} ilike ${`${likeEscape(options.namePart)}%`} then 0 else 1 end`]
    : [];
  return db
    .select({
      id: cities.id,
      fiasId: cities.fiasId,
      kladrId: cities.kladrId,
      name: cities.name,
      region: cities.region,
      regionCode: cities.regionCode,
      federalDistrict: cities.federalDistrict,
      lat: cities.lat,
      lon: cities.lon,
      timezone: cities.timezone,
      population: cities.population,
      popularRank: cities.popularRank,
      subdivisionsCount: sql<number>`coalesce(${counts.count}, 0)::int`,
    })
    .from(cities)
    .leftJoin(counts, eq(counts.cityId, cities.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order, asc(cities.popularRank), desc(cities.population), asc(cities.name))
    .limit(options.limit ?? 5000);
}

/** A city by our id (digits) or by FIAS id (UUID). */
export async function findCityByRef(db: Database, ref: string): Promise<CityRow | undefined> {
  const rows = /^\d+$/.test(ref)
    ? await findCities(db, { ids: [Number(ref)], limit: 1 })
    : await findCities(db, { fiasId: ref, limit: 1 });
  return rows[0];
}

export interface SubdivisionFilter {
  id?: number;
  code?: string;
  /** Matches the subdivision's name, its address or its city. */
  text?: string;
  cityId?: number;
  cityName?: string;
  isPartner?: boolean;
  kind?: string;
  operations?: string[];
  paymentMethods?: string[];
  transportTypes?: string[];
}

export type SubdivisionRow = Awaited<ReturnType<typeof findSubdivisions>>[number];

function subdivisionWhere(filter: SubdivisionFilter): SQL | undefined {
  const where: SQL[] = [eq(subdivisions.isActive, true)];
  if (filter.id !== undefined) where.push(eq(subdivisions.id, filter.id));
  if (filter.code) where.push(sql`lower(${subdivisions.code}) = lower(${filter.code})`);
  if (filter.cityId !== undefined) where.push(eq(subdivisions.cityId, filter.cityId));
  if (filter.cityName) where.push(sql`lower(${cities.name}) = lower(${filter.cityName})`);
  if (filter.isPartner !== undefined) where.push(eq(subdivisions.isPartner, filter.isPartner));
  if (filter.kind) where.push(eq(subdivisions.kind, filter.kind));
  if (filter.text) {
    const pattern = `%${likeEscape(filter.text)}%`;
    where.push(
      or(ilike(subdivisions.name, pattern), ilike(subdivisions.address, pattern), ilike(cities.name, pattern))!,
    );
  }
  const containsAll = (column: AnyColumn, values?: string[]) => {
    if (values && values.length > 0) {
      where.push(
        sql`${column} @> ARRAY[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`,
      );
    }
  };
  containsAll(subdivisions.operations, filter.operations);
  containsAll(subdivisions.paymentMethods, filter.paymentMethods);
  containsAll(subdivisions.transportTypes, filter.transportTypes);
  return and(...where);
}

/** The biggest cities first, then by name, kind and code (the order of the office list). */
const subdivisionOrder = () => [
  desc(cities.population),
  asc(cities.name),
  asc(subdivisions.kind),
  asc(subdivisions.code),
];

const subdivisionColumns = {
  id: subdivisions.id,
  code: subdivisions.code,
  kind: subdivisions.kind,
  name: subdivisions.name,
  address: subdivisions.address,
  lat: subdivisions.lat,
  lon: subdivisions.lon,
  phone: subdivisions.phone,
  email: subdivisions.email,
  schedule: subdivisions.schedule,
  operations: subdivisions.operations,
  paymentMethods: subdivisions.paymentMethods,
  transportTypes: subdivisions.transportTypes,
  maxWeightPerPlaceKg: subdivisions.maxWeightPerPlaceKg,
  maxLengthCm: subdivisions.maxLengthCm,
  maxWidthCm: subdivisions.maxWidthCm,
  maxHeightCm: subdivisions.maxHeightCm,
  maxTotalWeightKg: subdivisions.maxTotalWeightKg,
  directions: subdivisions.directions,
  isPartner: subdivisions.isPartner,
  city: {
    id: cities.id,
    fiasId: cities.fiasId,
    name: cities.name,
    region: cities.region,
    timezone: cities.timezone,
    population: cities.population,
  },
};

export async function findSubdivisions(db: Database, filter: SubdivisionFilter = {}) {
  return db
    .select(subdivisionColumns)
    .from(subdivisions)
    .innerJoin(cities, eq(cities.id, subdivisions.cityId))
    .where(subdivisionWhere(filter))
    .orderBy(...subdivisionOrder());
}

/**
 * A fingerprint of the offices and the cities as they are now: the number of rows of each table
 * and the sum of their row versions (PostgreSQL's `xmin`, the id of the transaction that wrote
 * the row, which every insert and update renews). Any row written or removed changes it, so an
 * unchanged fingerprint means there is nothing new to read. It costs two aggregates and returns
 * one short row, where reading the network returns every office in full (its schedule, its lists).
 */
export async function findNetworkFingerprint(db: Database): Promise<string> {
  const version = (table: typeof subdivisions | typeof cities) =>
    sql<string>`(select count(*) || ':' || coalesce(sum(${table}.xmin::text::bigint), 0) from ${table})`;
  const [row] = await db
    .select({ subdivisions: version(subdivisions), cities: version(cities) })
    .from(sql`(select 1) as one`);
  return `${row!.subdivisions}/${row!.cities}`;
}

/** The active subdivisions per city: all of them, the terminals and the partner points. */
export async function countSubdivisionsByCity(db: Database) {
  return db
    .select({
      cityId: subdivisions.cityId,
      total: sql<number>`count(*)::int`,
      terminals: sql<number>`(count(*) filter (where ${subdivisions.kind} = 'terminal'))::int`,
      partnerPoints: sql<number>`(count(*) filter (where ${subdivisions.isPartner}))::int`,
    })
    .from(subdivisions)
    .innerJoin(cities, eq(cities.id, subdivisions.cityId))
    .where(eq(subdivisions.isActive, true))
    .groupBy(subdivisions.cityId);
}

/**
 * Streets of our index whose name contains every word, optionally within some cities. Words come
 * lower case with ё written as е; the name is compared the same way, so «щелковское» finds
 * «Щёлковское». The shortest names first (the closest to what was typed, when more match than
 * `limit`).
 */
export async function findStreets(db: Database, words: string[], cityIds?: number[], limit = 10) {
  const simpleName = sql`replace(lower(${streets.name}), 'ё', 'е')`;
  const where: SQL[] = words.map((w) => sql`${simpleName} like ${`%${likeEscape(w)}%`}`);
  if (cityIds) where.push(sql`${streets.cityId} in ${cityIds.length ? cityIds : [0]}`);
  return db
    .select({
      id: streets.id,
      type: streets.type,
      name: streets.name,
      postalCode: streets.postalCode,
      lat: streets.lat,
      lon: streets.lon,
      cityId: streets.cityId,
    })
    .from(streets)
    .where(where.length ? and(...where) : undefined)
    .orderBy(sql`length(${streets.name})`, asc(streets.name), asc(streets.id))
    .limit(limit);
}

export async function insertIframeRequest(db: Database, values: typeof iframeRequests.$inferInsert) {
  const [row] = await db.insert(iframeRequests).values(values).returning({ id: iframeRequests.id });
  if (!row) throw new Error('iframe request insert returned no row');
  return row;
}
