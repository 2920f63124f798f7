import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DoorBracket, RateBreak } from '@freight/domain';
import { createdAt } from './columns';
import { users } from './index';
import { cities } from './locations';
import { transportationTypes } from './catalog';
import { promotions } from './content';

/**
 * Price lists (issue 6). One line-haul convention per list (`calc_mode`, see domain
 * `CalcMode`) and the VAT flag: prices include VAT at `vat_rate_bp` or are quoted without it.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    calcMode: text('calc_mode').notNull(),
    vatIncluded: boolean('vat_included').notNull().default(true),
    /** Basis points: 2200 = 22 %. */
    vatRateBp: integer('vat_rate_bp').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('price_lists_code_unique').on(t.code),
    check('price_lists_calc_mode', sql`${t.calcMode} in ('chargeable_weight', 'two_grids')`),
  ],
);

/** Tariff zones: a group of terminal cities priced alike (Москва, Урал, Сибирь…). */
export const tariffZones = pgTable(
  'tariff_zones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('tariff_zones_code_unique').on(t.code)],
);

/** Which zone a city belongs to (a city outside every zone is not served by tariffs). */
export const tariffZoneCities = pgTable(
  'tariff_zone_cities',
  {
    cityId: integer('city_id')
      .primaryKey()
      .references(() => cities.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => tariffZones.id, { onDelete: 'cascade' }),
  },
  (t) => [index('tariff_zone_cities_zone_idx').on(t.zoneId)],
);

/**
 * A zone-to-zone route for one transportation type: the weight grid (kopecks per kg) and the
 * volume grid (kopecks per m³) as ordered break lists, minimum charge, density, the stacking
 * coefficient (thousandths: 1100 = ×1.1) and the transit time in working days.
 */
export const tariffRoutes = pgTable(
  'tariff_routes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    fromZoneId: integer('from_zone_id')
      .notNull()
      .references(() => tariffZones.id, { onDelete: 'cascade' }),
    toZoneId: integer('to_zone_id')
      .notNull()
      .references(() => tariffZones.id, { onDelete: 'cascade' }),
    transportationTypeId: integer('transportation_type_id')
      .notNull()
      .references(() => transportationTypes.id, { onDelete: 'cascade' }),
    weightBreaks: jsonb('weight_breaks').$type<RateBreak[]>().notNull(),
    volumeBreaks: jsonb('volume_breaks').$type<RateBreak[]>().notNull(),
    minChargeKopecks: integer('min_charge_kopecks').notNull(),
    densityKgPerM3: integer('density_kg_per_m3').notNull().default(250),
    volumeCoefficientPermille: integer('volume_coefficient_permille').notNull().default(1000),
    transitDaysMin: integer('transit_days_min').notNull(),
    transitDaysMax: integer('transit_days_max').notNull(),
  },
  (t) => [
    uniqueIndex('tariff_routes_unique').on(t.priceListId, t.fromZoneId, t.toZoneId, t.transportationTypeId),
    check('tariff_routes_transit', sql`${t.transitDaysMin} >= 1 and ${t.transitDaysMax} >= ${t.transitDaysMin}`),
    check('tariff_routes_money', sql`${t.minChargeKopecks} >= 0 and ${t.densityKgPerM3} > 0`),
  ],
);

/** Door pickup and delivery in a city: fixed prices by weight/volume bracket and per-km beyond the ring road. */
export const doorServiceRates = pgTable('door_service_rates', {
  cityId: integer('city_id')
    .primaryKey()
    .references(() => cities.id, { onDelete: 'cascade' }),
  brackets: jsonb('brackets').$type<DoorBracket[]>().notNull(),
  aboveKopecks: integer('above_kopecks').notNull(),
  perKmOutsideRingKopecks: integer('per_km_outside_ring_kopecks').notNull(),
  /** As it reads after «за»: «МКАД», «КАД», «городской чертой». */
  ringName: text('ring_name').notNull(),
  freeMinutes: integer('free_minutes').notNull().default(30),
  idlePerHourKopecks: integer('idle_per_hour_kopecks').notNull(),
});

/**
 * Surcharges and service rates: OVERSIZE, FRAGILE, CRATE_VOLUME (percent, basis points),
 * INSURANCE (percent of the declared value with `min_kopecks`), LOADING (per kg with a minimum),
 * FLOOR_STAIRS (per place and floor), FLOOR_LIFT (per place).
 */
export const surcharges = pgTable(
  'surcharges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** percent | fixed | per_unit */
    kind: text('kind').notNull(),
    /** Basis points for `percent`, kopecks otherwise. */
    value: integer('value').notNull(),
    minKopecks: integer('min_kopecks').notNull().default(0),
  },
  (t) => [
    uniqueIndex('surcharges_code_unique').on(t.code),
    check('surcharges_kind', sql`${t.kind} in ('percent', 'fixed', 'per_unit')`),
  ],
);

/** Promo codes: percent (basis points) or fixed (kopecks), validity, usage limit, minimum order. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    minOrderKopecks: integer('min_order_kopecks').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(t.code),
    check('promo_codes_kind', sql`${t.kind} in ('percent', 'fixed')`),
    check('promo_codes_value', sql`${t.value} > 0`),
  ],
);

/**
 * Automatic promotions (issue 21; domain `AutoPromotion`): the rule by which the pricing applies
 * a promotion of the site by itself, without a code — the one source of the calculation's
 * discount line and of the conditions on the promotion's card. One rule per promotion; it
 * applies while the promotion is active (`promotions.is_active`), to calculations whose planned
 * pick-up date falls in `valid_from`..`valid_to` (inclusive), from one of `origin_city_ids` (our
 * city ids; empty: every origin), of at least `min_weight_kg` OR at least `min_volume_m3` (a
 * null one is no way in; both null: any size). `effect` 'free_pickup': the door pick-up line is
 * given back in full.
 */
export const promotionRules = pgTable(
  'promotion_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    effect: text('effect').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    originCityIds: integer('origin_city_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    minWeightKg: doublePrecision('min_weight_kg'),
    minVolumeM3: doublePrecision('min_volume_m3'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_rules_promotion_unique').on(t.promotionId),
    check('promotion_rules_effect', sql`${t.effect} in ('free_pickup')`),
    check('promotion_rules_period', sql`${t.validFrom} <= ${t.validTo}`),
    check(
      'promotion_rules_minimums',
      sql`(${t.minWeightKg} is null or ${t.minWeightKg} > 0) and (${t.minVolumeM3} is null or ${t.minVolumeM3} > 0)`,
    ),
  ],
);

/** The personal discount of a verified client (basis points of the subtotal). */
export const clientDiscounts = pgTable(
  'client_discounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    discountBp: integer('discount_bp').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('client_discounts_range', sql`${t.discountBp} between 1 and 5000`)],
);
