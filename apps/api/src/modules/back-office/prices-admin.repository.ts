import { and, asc, count, desc, eq, exists, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  cities,
  priceLists,
  promoCodes,
  tariffRoutes,
  tariffZoneCities,
  tariffZones,
  transportationTypes,
  type Database,
} from '@freight/db';
import { likePattern } from './content-admin.repository';

/*
 * Tables of the back-office's prices (issue 17, item 4): tariff routes with their zones and
 * price lists, and promo codes.
 */

export type TariffRouteRow = typeof tariffRoutes.$inferSelect;
export type TariffRateValues = Pick<
  typeof tariffRoutes.$inferInsert,
  | 'weightBreaks'
  | 'volumeBreaks'
  | 'minChargeKopecks'
  | 'densityKgPerM3'
  | 'volumeCoefficientPermille'
  | 'transitDaysMin'
  | 'transitDaysMax'
>;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeValues = Omit<typeof promoCodes.$inferInsert, 'id' | 'createdAt' | 'usedCount'>;

const fromZone = alias(tariffZones, 'from_zone');
const toZone = alias(tariffZones, 'to_zone');

const tariffColumns = {
  route: tariffRoutes,
  priceList: { id: priceLists.id, code: priceLists.code, name: priceLists.name },
  fromZone: { id: fromZone.id, code: fromZone.code, name: fromZone.name },
  toZone: { id: toZone.id, code: toZone.code, name: toZone.name },
  type: { id: transportationTypes.id, code: transportationTypes.code, name: transportationTypes.name },
};

const tariffQuery = (db: Database) =>
  db
    .select(tariffColumns)
    .from(tariffRoutes)
    .innerJoin(priceLists, eq(priceLists.id, tariffRoutes.priceListId))
    .innerJoin(fromZone, eq(fromZone.id, tariffRoutes.fromZoneId))
    .innerJoin(toZone, eq(toZone.id, tariffRoutes.toZoneId))
    .innerJoin(transportationTypes, eq(transportationTypes.id, tariffRoutes.transportationTypeId));

export type TariffWithRefs = Awaited<ReturnType<typeof tariffQuery>>[number];

/** A zone matches `q` by its name or code, or by the name of one of its cities. */
function zoneMatches(zone: typeof fromZone | typeof toZone, pattern: string) {
  return or(
    ilike(zone.name, pattern),
    ilike(zone.code, pattern),
    exists(
      sql`(select 1 from ${tariffZoneCities} join ${cities} on ${cities.id} = ${tariffZoneCities.cityId}
           where ${tariffZoneCities.zoneId} = ${zone.id} and ${cities.name} ilike ${pattern})`,
    ),
  );
}

export async function findTariffPage(db: Database, filter: { q?: string | undefined; offset: number; limit: number }) {
  const pattern = filter.q ? likePattern(filter.q) : undefined;
  const where = pattern ? or(zoneMatches(fromZone, pattern), zoneMatches(toZone, pattern)) : undefined;
  const [items, [total]] = await Promise.all([
    tariffQuery(db)
      .where(where)
      .orderBy(
        asc(priceLists.code),
        asc(fromZone.name),
        asc(toZone.name),
        asc(transportationTypes.position),
        asc(tariffRoutes.id),
      )
      .offset(filter.offset)
      .limit(filter.limit),
    db
      .select({ value: count() })
      .from(tariffRoutes)
      .innerJoin(fromZone, eq(fromZone.id, tariffRoutes.fromZoneId))
      .innerJoin(toZone, eq(toZone.id, tariffRoutes.toZoneId))
      .where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function findTariff(db: Database, id: number, options: { lock?: boolean } = {}) {
  const query = tariffQuery(db).where(eq(tariffRoutes.id, id));
  const [row] = options.lock ? await query.for('update', { of: tariffRoutes }) : await query;
  return row;
}

/**
 * Every rate of every tariff route (both grids and the minimum charge) changed by `bp` basis
 * points of itself in one statement, with the rounding of prices-admin.service `scaleKopecks`:
 * half away from zero to whole kopecks, a grid rate at least 1 kopeck, a minimum at least 0.
 * Returns the number of routes.
 */
export async function scaleAllTariffRates(db: Database, bp: number): Promise<number> {
  const factor = sql`(10000 + ${bp}::integer)::numeric / 10000`;
  const grid = (column: typeof tariffRoutes.weightBreaks | typeof tariffRoutes.volumeBreaks) => sql`(
    select coalesce(jsonb_agg(
      jsonb_set(step, '{rateKopecks}', to_jsonb(greatest(1, round((step->>'rateKopecks')::numeric * ${factor}))::integer))
      order by position), '[]'::jsonb)
    from jsonb_array_elements(${column}) with ordinality as steps(step, position))`;
  const rows = await db
    .update(tariffRoutes)
    .set({
      weightBreaks: grid(tariffRoutes.weightBreaks),
      volumeBreaks: grid(tariffRoutes.volumeBreaks),
      minChargeKopecks: sql`greatest(0, round(${tariffRoutes.minChargeKopecks}::numeric * ${factor}))::integer`,
    })
    .returning({ id: tariffRoutes.id });
  return rows.length;
}

export async function findTariffRoutes(db: Database, ids: number[]): Promise<TariffRouteRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(tariffRoutes).where(inArray(tariffRoutes.id, ids)).for('update');
}

export async function updateTariffRates(db: Database, id: number, values: Partial<TariffRateValues>): Promise<void> {
  await db.update(tariffRoutes).set(values).where(eq(tariffRoutes.id, id));
}

/** The most populous city of each name (names repeat across regions), for the sample shipments. */
export async function findCitiesByName(db: Database, names: readonly string[]) {
  const rows = await db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(inArray(cities.name, [...names]))
    .orderBy(desc(sql`coalesce(${cities.population}, 0)`), asc(cities.id));
  const byName = new Map<string, { id: number; name: string }>();
  for (const row of rows) if (!byName.has(row.name)) byName.set(row.name, row);
  return byName;
}

/** The two most populous cities of a zone (a route inside one zone needs two). */
export function findZoneCities(db: Database, zoneId: number) {
  return db
    .select({ id: cities.id, name: cities.name })
    .from(tariffZoneCities)
    .innerJoin(cities, eq(cities.id, tariffZoneCities.cityId))
    .where(eq(tariffZoneCities.zoneId, zoneId))
    .orderBy(desc(sql`coalesce(${cities.population}, 0)`), asc(cities.id))
    .limit(2);
}

// --- Promo codes -------------------------------------------------------------------------------

export async function findPromoCodesPage(
  db: Database,
  filter: { q?: string | undefined; offset: number; limit: number },
) {
  const where = filter.q ? ilike(promoCodes.code, likePattern(filter.q)) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(desc(promoCodes.isActive), asc(promoCodes.code))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(promoCodes).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function findPromoCodeById(db: Database, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(promoCodes).where(eq(promoCodes.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function promoCodeTaken(db: Database, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code), exceptId ? ne(promoCodes.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertPromoCode(db: Database, values: PromoCodeValues): Promise<PromoCodeRow> {
  const [row] = await db.insert(promoCodes).values(values).returning();
  return row!;
}

export async function updatePromoCode(
  db: Database,
  id: number,
  values: Partial<PromoCodeValues>,
): Promise<PromoCodeRow> {
  const [row] = await db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
  return row!;
}

export async function deletePromoCode(db: Database, id: number): Promise<void> {
  await db.delete(promoCodes).where(eq(promoCodes.id, id));
}

/** Writes a code as given over any existing one of the same text (a preview, rolled back after). */
export async function upsertPromoCode(db: Database, values: PromoCodeValues): Promise<void> {
  await db
    .insert(promoCodes)
    .values(values)
    .onConflictDoUpdate({ target: promoCodes.code, set: { ...values, usedCount: 0 } });
}
