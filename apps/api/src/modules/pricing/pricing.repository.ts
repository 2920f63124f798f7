import { and, asc, eq, sql } from 'drizzle-orm';
import {
  cities,
  clientDiscounts,
  clientProfiles,
  doorServiceRates,
  offerAcceptances,
  offers,
  packageTypes,
  priceLists,
  profileMembers,
  promoCodes,
  promotionRules,
  promotions,
  surcharges,
  tariffRoutes,
  tariffZoneCities,
  transportationTypes,
  users,
  type Database,
} from '@freight/db';
import type { AutoPromotion, AutoPromotionEffect } from '@freight/domain';

/** A city by our id (digits) or FIAS id (UUID), with its tariff zone (null: outside every zone). */
export async function findPricingCity(db: Database, ref: string) {
  const rows = await db
    .select({
      id: cities.id,
      name: cities.name,
      lat: cities.lat,
      lon: cities.lon,
      timezone: cities.timezone,
      zoneId: tariffZoneCities.zoneId,
    })
    .from(cities)
    .leftJoin(tariffZoneCities, eq(tariffZoneCities.cityId, cities.id))
    .where(/^\d+$/.test(ref) ? eq(cities.id, Number(ref)) : eq(cities.fiasId, ref))
    .limit(1);
  return rows[0];
}

export type PricingCity = NonNullable<Awaited<ReturnType<typeof findPricingCity>>>;

/** Routes of the active price list between two zones, with their transportation type and the list's VAT flag. */
export const findRoutes = (db: Database, fromZoneId: number, toZoneId: number) =>
  db
    .select({
      route: tariffRoutes,
      typeCode: transportationTypes.code,
      typeName: transportationTypes.name,
      calcMode: priceLists.calcMode,
      vatIncluded: priceLists.vatIncluded,
      vatRateBp: priceLists.vatRateBp,
    })
    .from(tariffRoutes)
    .innerJoin(priceLists, eq(priceLists.id, tariffRoutes.priceListId))
    .innerJoin(transportationTypes, eq(transportationTypes.id, tariffRoutes.transportationTypeId))
    .where(
      and(
        eq(tariffRoutes.fromZoneId, fromZoneId),
        eq(tariffRoutes.toZoneId, toZoneId),
        eq(priceLists.isActive, true),
        eq(transportationTypes.isActive, true),
        sql`${priceLists.validFrom} <= current_date and (${priceLists.validTo} is null or ${priceLists.validTo} >= current_date)`,
      ),
    );

export const findSurcharges = (db: Database) => db.select().from(surcharges);

export async function findDoorRate(db: Database, cityId: number) {
  const rows = await db.select().from(doorServiceRates).where(eq(doorServiceRates.cityId, cityId)).limit(1);
  return rows[0];
}

/** Every active packaging type (a short list, kept whole in the reference cache). */
export const findActivePackages = (db: Database) =>
  db.select().from(packageTypes).where(eq(packageTypes.isActive, true));

/**
 * The automatic promotions (promotion_rules) of active promotions, in the promotions' order:
 * each with its promotion's slug and title (a short list, kept whole in the reference cache).
 */
export async function findAutoPromotions(db: Database): Promise<AutoPromotion[]> {
  const rows = await db
    .select({ rule: promotionRules, slug: promotions.slug, title: promotions.title })
    .from(promotionRules)
    .innerJoin(promotions, eq(promotions.id, promotionRules.promotionId))
    .where(eq(promotions.isActive, true))
    .orderBy(asc(promotions.position), asc(promotions.id));
  return rows.map(({ rule, slug, title }) => ({
    slug,
    title,
    effect: rule.effect as AutoPromotionEffect,
    validFrom: rule.validFrom,
    validTo: rule.validTo,
    originCityIds: rule.originCityIds,
    minWeightKg: rule.minWeightKg,
    minVolumeM3: rule.minVolumeM3,
  }));
}

// The two lookups the calculator makes on every call are prepared once per database: no SQL is
// rebuilt per request, and PostgreSQL parses and plans them once per connection.
const prepared = new WeakMap<Database, ReturnType<typeof prepare>>();

function prepare(db: Database) {
  return {
    promo: db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, sql.placeholder('code')))
      .limit(1)
      .prepare('pricing_promo_code'),
    // The client's discount: the larger of the personal one and the best offer the active profile
    // took (offers.discount_percent is whole percent: ×100 = basis points). The active profile is
    // what `activeProfileOf` (profiles.repository.ts) settles on: users.active_profile_id while the
    // user is still its member, else the personal profile.
    discount: db
      .select({
        bp: sql<number>`greatest(
          coalesce(${clientDiscounts.discountBp}, 0),
          coalesce((
            select max(${offers.discountPercent}) * 100
            from ${offerAcceptances}
            join ${offers} on ${offers.id} = ${offerAcceptances.offerId}
            where ${offerAcceptances.profileId} = coalesce(
                (select ${profileMembers.profileId} from ${profileMembers}
                  where ${profileMembers.userId} = ${users.id} and ${profileMembers.profileId} = ${users.activeProfileId}),
                (select ${clientProfiles.id} from ${clientProfiles} where ${clientProfiles.personalUserId} = ${users.id}))
              and ${offers.isActive}
              and ${offers.validFrom} <= ${sql.placeholder('today')}
              and ${offers.validTo} >= ${sql.placeholder('today')}
          ), 0))`.mapWith(Number),
      })
      .from(users)
      .leftJoin(clientDiscounts, eq(clientDiscounts.userId, users.id))
      .where(and(eq(users.id, sql.placeholder('userId')), eq(users.isVerified, true), sql`${users.deletedAt} is null`))
      .limit(1)
      .prepare('pricing_client_discount'),
  };
}

function statements(db: Database) {
  let found = prepared.get(db);
  if (!found) {
    found = prepare(db);
    prepared.set(db, found);
  }
  return found;
}

/** A promo code by its text (matched case-insensitively: codes are stored upper-case). */
export async function findPromoCode(db: Database, code: string) {
  const rows = await statements(db).promo.execute({ code: code.toUpperCase() });
  return rows[0];
}

/**
 * The discount pricing gives a verified, not deleted client, in basis points (0 when none): the
 * larger of the personal discount (client_discounts) and the discount of the best active offer
 * in date on `today` (Moscow, YYYY-MM-DD) that the client's active profile took. Discounts never
 * add up (MESSAGES.commercial.discountRule says so to the client).
 */
export async function findClientDiscountBp(db: Database, userId: number, today: string): Promise<number> {
  const rows = await statements(db).discount.execute({ userId, today });
  return rows[0]?.bp ?? 0;
}
