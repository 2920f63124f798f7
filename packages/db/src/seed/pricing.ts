import { inArray, sql } from 'drizzle-orm';
import { distanceKm, type AutoPromotionEffect, type DoorBracket, type RateBreak } from '@freight/domain';
import type { Database } from '../client';
import {
  cities,
  doorServiceRates,
  priceLists,
  promoCodes,
  promotionRules,
  promotions,
  surcharges,
  tariffRoutes,
  tariffZoneCities,
  tariffZones,
  transportationTypes,
} from '../schema/index';
import { CITY_SEED } from './cities';

/**
 * The demo carrier's tariffs, written by us after the structure of real LTL price lists
 * (shared/reference/integrations-and-tariffs.md §4): zones by federal district with Moscow and
 * Saint Petersburg on their own; rates grow with the road distance between zone centres.
 */
export const PRICE_LIST_SEED = {
  code: 'base-2026',
  name: 'Базовый тариф 2026',
  calcMode: 'chargeable_weight',
  vatIncluded: true,
  vatRateBp: 2200,
  validFrom: '2026-01-01',
} as const;

export const ZONE_SEED = [
  { code: 'MSK', name: 'Москва', district: null, city: 'Москва' },
  { code: 'SPB', name: 'Санкт-Петербург', district: null, city: 'Санкт-Петербург' },
  { code: 'CFD', name: 'Центр', district: 'Центральный', city: null },
  { code: 'NWFD', name: 'Северо-Запад', district: 'Северо-Западный', city: null },
  { code: 'SFD', name: 'Юг', district: 'Южный', city: null },
  { code: 'NCFD', name: 'Северный Кавказ', district: 'Северо-Кавказский', city: null },
  { code: 'VFD', name: 'Поволжье', district: 'Приволжский', city: null },
  { code: 'UFD', name: 'Урал', district: 'Уральский', city: null },
  { code: 'SIBFD', name: 'Сибирь', district: 'Сибирский', city: null },
  { code: 'FEFD', name: 'Дальний Восток', district: 'Дальневосточный', city: null },
] as const;

/** Zone code of a seeded city. */
export function zoneOf(city: { name: string; federalDistrict: string }): string {
  const own = ZONE_SEED.find((z) => z.city === city.name);
  if (own) return own.code;
  const zone = ZONE_SEED.find((z) => z.district === city.federalDistrict);
  if (!zone) throw new Error(`No tariff zone for ${city.name}`);
  return zone.code;
}

/** Weight breaks (kg) and volume breaks (m³) with the share of the first-step rate. */
const WEIGHT_STEPS: [number | null, number][] = [
  [100, 1],
  [200, 0.93],
  [500, 0.85],
  [1000, 0.78],
  [2000, 0.72],
  [3000, 0.68],
  [null, 0.64],
];
const VOLUME_STEPS: [number | null, number][] = [
  [0.6, 1],
  [1.2, 0.93],
  [3.2, 0.85],
  [5.2, 0.78],
  [10.4, 0.72],
  [20, 0.68],
  [null, 0.64],
];

interface TypeProfile {
  rateFactor: number;
  density: number;
  coefficient: number;
  minChargeRub: (km: number) => number;
  transit: (km: number) => [number, number];
}

const TYPE_PROFILES: Record<string, TypeProfile> = {
  auto: {
    rateFactor: 1,
    density: 250,
    coefficient: 1100,
    minChargeRub: (km) => 900 + Math.round(km / 10),
    transit: (km) => {
      const min = Math.max(1, Math.ceil(km / 700));
      return [min, min + (km > 3000 ? 2 : 1)];
    },
  },
  express: {
    rateFactor: 1.45,
    density: 250,
    coefficient: 1000,
    minChargeRub: (km) => 1500 + Math.round(km / 5),
    transit: (km) => {
      const min = Math.max(1, Math.ceil(km / 1000));
      return [min, min + 1];
    },
  },
  rail: {
    rateFactor: 0.78,
    density: 200,
    coefficient: 1150,
    minChargeRub: () => 2500,
    transit: (km) => {
      const min = Math.ceil(km / 600) + 2;
      return [min, min + 3];
    },
  },
  avia: {
    rateFactor: 3.2,
    density: 167,
    coefficient: 1000,
    minChargeRub: () => 2900,
    transit: (km) => (km > 4000 ? [2, 3] : [1, 2]),
  },
};

const roundTo10Kopecks = (kopecks: number) => Math.round(kopecks / 10) * 10;

/** First-step road rate in kopecks per kg for a road distance (7,60 ₽/kg Moscow–SPb, ~18 ₽ to Novosibirsk). */
const baseRateKopecks = (km: number) => 450 + (420 * km) / 1000;

export function buildRoute(km: number, type: string) {
  const profile = TYPE_PROFILES[type];
  if (!profile) throw new Error(`No tariff profile for ${type}`);
  const first = baseRateKopecks(km) * profile.rateFactor;
  const weightBreaks: RateBreak[] = WEIGHT_STEPS.map(([upTo, share]) => ({
    upTo,
    rateKopecks: roundTo10Kopecks(first * share),
  }));
  // The volume grid implies 200 kg per m³, as on real price lists.
  const volumeBreaks: RateBreak[] = VOLUME_STEPS.map(([upTo, share]) => ({
    upTo,
    rateKopecks: Math.round((first * share * 200) / 100) * 100,
  }));
  const [transitDaysMin, transitDaysMax] = profile.transit(km);
  return {
    weightBreaks,
    volumeBreaks,
    minChargeKopecks: profile.minChargeRub(km) * 100,
    densityKgPerM3: profile.density,
    volumeCoefficientPermille: profile.coefficient,
    transitDaysMin,
    transitDaysMax,
  };
}

/** Moscow prices of door pickup/delivery by bracket (nordwheel-like); other cities pay a share. */
const MOSCOW_DOOR: DoorBracket[] = [
  { weightTo: 5, volumeTo: 0.1, priceKopecks: 35_000 },
  { weightTo: 100, volumeTo: 0.5, priceKopecks: 90_000 },
  { weightTo: 500, volumeTo: 2, priceKopecks: 130_000 },
  { weightTo: 1000, volumeTo: 5, priceKopecks: 170_000 },
  { weightTo: 1500, volumeTo: 8, priceKopecks: 220_000 },
  { weightTo: 2000, volumeTo: 11, priceKopecks: 280_000 },
  { weightTo: 2500, volumeTo: 15, priceKopecks: 400_000 },
  { weightTo: 5000, volumeTo: 21, priceKopecks: 620_000 },
];
const MOSCOW_DOOR_ABOVE = 850_000;

export function buildDoorRate(city: { name: string; population: number }) {
  const [share, perKm, ringName, idle] =
    city.name === 'Москва'
      ? [1, 4_800, 'МКАД', 230_000]
      : city.name === 'Санкт-Петербург'
        ? [0.9, 4_200, 'КАД', 200_000]
        : city.population >= 1_000_000
          ? [0.75, 3_600, 'городской чертой', 120_000]
          : [0.6, 3_200, 'городской чертой', 80_000];
  const scale = (kopecks: number) => Math.round((kopecks * share) / 1000) * 1000;
  return {
    brackets: MOSCOW_DOOR.map((b) => ({ ...b, priceKopecks: scale(b.priceKopecks) })),
    aboveKopecks: scale(MOSCOW_DOOR_ABOVE),
    perKmOutsideRingKopecks: perKm,
    ringName,
    freeMinutes: 30,
    idlePerHourKopecks: idle,
  };
}

export const SURCHARGE_SEED = [
  { code: 'OVERSIZE', name: 'Негабаритный груз', kind: 'percent', value: 2500, minKopecks: 0 },
  { code: 'FRAGILE', name: 'Хрупкий груз', kind: 'percent', value: 2000, minKopecks: 0 },
  { code: 'CRATE_VOLUME', name: 'Объём груза в обрешётке', kind: 'percent', value: 3000, minKopecks: 0 },
  { code: 'INSURANCE', name: 'Страхование груза', kind: 'percent', value: 30, minKopecks: 5_000 },
  { code: 'LOADING', name: 'Погрузка или разгрузка', kind: 'per_unit', value: 500, minKopecks: 100_000 },
  { code: 'FLOOR_STAIRS', name: 'Подъём по лестнице', kind: 'per_unit', value: 15_000, minKopecks: 0 },
  { code: 'FLOOR_LIFT', name: 'Подъём на грузовом лифте', kind: 'per_unit', value: 5_000, minKopecks: 0 },
] as const;

export const PROMO_SEED = [
  {
    code: 'START10',
    kind: 'percent',
    value: 1000,
    validFrom: new Date('2026-01-01T00:00:00+03:00'),
    validTo: new Date('2027-06-30T23:59:59+03:00'),
    usageLimit: 1000,
    minOrderKopecks: 300_000,
  },
  {
    code: 'WELCOME500',
    kind: 'fixed',
    value: 50_000,
    validFrom: new Date('2026-01-01T00:00:00+03:00'),
    validTo: null,
    usageLimit: null,
    minOrderKopecks: 500_000,
  },
] as const;

/**
 * Automatic promotions (issue 21, table promotion_rules): what the pricing gives by itself to a
 * promotion of PROMOTION_SEED (by slug), and when. Origin cities by name (seeded cities; the seed
 * stores their ids). The promotion's card states these conditions from the stored rule.
 */
export interface PromotionRuleSeed {
  promotionSlug: string;
  effect: AutoPromotionEffect;
  /** Planned pick-up dates, inclusive. */
  validFrom: string;
  validTo: string;
  originCities: readonly string[];
  minWeightKg: number | null;
  minVolumeM3: number | null;
}

export const PROMOTION_RULE_SEED: readonly PromotionRuleSeed[] = [
  {
    promotionSlug: 'zimnij-zabor-besplatno',
    effect: 'free_pickup',
    validFrom: '2026-12-01',
    validTo: '2026-12-31',
    originCities: ['Москва', 'Санкт-Петербург', 'Екатеринбург'],
    minWeightKg: 200,
    minVolumeM3: 1,
  },
];

/** Road distance between zone centres: great-circle × 1.2; inside one zone, 400 km. */
function zoneDistances(): Map<string, number> {
  const centres = new Map<string, { lat: number; lon: number }>();
  for (const zone of ZONE_SEED) {
    const members = CITY_SEED.filter((c) => zoneOf(c) === zone.code);
    centres.set(zone.code, {
      lat: members.reduce((s, c) => s + c.lat, 0) / members.length,
      lon: members.reduce((s, c) => s + c.lon, 0) / members.length,
    });
  }
  const result = new Map<string, number>();
  for (const a of ZONE_SEED) {
    for (const b of ZONE_SEED) {
      const km = a.code === b.code ? 400 : Math.round(distanceKm(centres.get(a.code)!, centres.get(b.code)!) * 1.2);
      result.set(`${a.code}|${b.code}`, Math.max(400, km));
    }
  }
  return result;
}

export interface PricingSeedReport {
  zones: number;
  routes: number;
  doorRates: number;
}

/** Idempotent: upserts by natural keys; promo usage counters are never reset. */
export async function seedPricing(db: Database): Promise<PricingSeedReport> {
  const [list] = await db
    .insert(priceLists)
    .values(PRICE_LIST_SEED)
    .onConflictDoUpdate({
      target: priceLists.code,
      set: {
        name: sql`excluded.name`,
        calcMode: sql`excluded.calc_mode`,
        vatIncluded: sql`excluded.vat_included`,
        vatRateBp: sql`excluded.vat_rate_bp`,
        validFrom: sql`excluded.valid_from`,
      },
    })
    .returning({ id: priceLists.id });
  const zones = await db
    .insert(tariffZones)
    .values(ZONE_SEED.map((z) => ({ code: z.code, name: z.name })))
    .onConflictDoUpdate({ target: tariffZones.code, set: { name: sql`excluded.name` } })
    .returning({ id: tariffZones.id, code: tariffZones.code });
  const zoneId = new Map(zones.map((z) => [z.code, z.id]));

  const cityRows = await db
    .select({ id: cities.id, name: cities.name, region: cities.region })
    .from(cities)
    .where(sql`${cities.source} = 'seed'`);
  const cityId = new Map(cityRows.map((c) => [`${c.name}|${c.region}`, c.id]));
  const seeded = CITY_SEED.flatMap((c) => {
    const id = cityId.get(`${c.name}|${c.region}`);
    return id === undefined ? [] : [{ ...c, id }];
  });
  await db
    .insert(tariffZoneCities)
    .values(seeded.map((c) => ({ cityId: c.id, zoneId: zoneId.get(zoneOf(c))! })))
    .onConflictDoUpdate({ target: tariffZoneCities.cityId, set: { zoneId: sql`excluded.zone_id` } });

  const types = await db
    .select({ id: transportationTypes.id, code: transportationTypes.code })
    .from(transportationTypes);
  const distances = zoneDistances();
  const routes = [];
  for (const from of ZONE_SEED) {
    for (const to of ZONE_SEED) {
      const km = distances.get(`${from.code}|${to.code}`)!;
      for (const type of types) {
        if (!TYPE_PROFILES[type.code]) continue;
        routes.push({
          priceListId: list!.id,
          fromZoneId: zoneId.get(from.code)!,
          toZoneId: zoneId.get(to.code)!,
          transportationTypeId: type.id,
          ...buildRoute(km, type.code),
        });
      }
    }
  }
  await db
    .insert(tariffRoutes)
    .values(routes)
    .onConflictDoUpdate({
      target: [
        tariffRoutes.priceListId,
        tariffRoutes.fromZoneId,
        tariffRoutes.toZoneId,
        tariffRoutes.transportationTypeId,
      ],
      set: {
        weightBreaks: sql`excluded.weight_breaks`,
        volumeBreaks: sql`excluded.volume_breaks`,
        minChargeKopecks: sql`excluded.min_charge_kopecks`,
        densityKgPerM3: sql`excluded.density_kg_per_m3`,
        volumeCoefficientPermille: sql`excluded.volume_coefficient_permille`,
        transitDaysMin: sql`excluded.transit_days_min`,
        transitDaysMax: sql`excluded.transit_days_max`,
      },
    });

  await db
    .insert(doorServiceRates)
    .values(seeded.map((c) => ({ cityId: c.id, ...buildDoorRate(c) })))
    .onConflictDoUpdate({
      target: doorServiceRates.cityId,
      set: {
        brackets: sql`excluded.brackets`,
        aboveKopecks: sql`excluded.above_kopecks`,
        perKmOutsideRingKopecks: sql`excluded.per_km_outside_ring_kopecks`,
        ringName: sql`excluded.ring_name`,
        freeMinutes: sql`excluded.free_minutes`,
        idlePerHourKopecks: sql`excluded.idle_per_hour_kopecks`,
      },
    });

  await db
    .insert(surcharges)
    .values([...SURCHARGE_SEED])
    .onConflictDoUpdate({
      target: surcharges.code,
      set: {
        name: sql`excluded.name`,
        kind: sql`excluded.kind`,
        value: sql`excluded.value`,
        minKopecks: sql`excluded.min_kopecks`,
      },
    });
  await db
    .insert(promoCodes)
    .values(PROMO_SEED.map((p) => ({ ...p })))
    .onConflictDoUpdate({
      target: promoCodes.code,
      set: {
        kind: sql`excluded.kind`,
        value: sql`excluded.value`,
        validFrom: sql`excluded.valid_from`,
        validTo: sql`excluded.valid_to`,
        usageLimit: sql`excluded.usage_limit`,
        minOrderKopecks: sql`excluded.min_order_kopecks`,
      },
    });
  await seedPromotionRules(db, (name) => seeded.find((c) => c.name === name)?.id);
  return { zones: zones.length, routes: routes.length, doorRates: seeded.length };
}

/**
 * Upserts PROMOTION_RULE_SEED by promotion (promotions are seeded before the pricing). A rule
 * whose promotion an editor removed is not brought back.
 */
async function seedPromotionRules(db: Database, cityIdOf: (name: string) => number | undefined): Promise<void> {
  const slugs = PROMOTION_RULE_SEED.map((r) => r.promotionSlug);
  if (slugs.length === 0) return;
  const found = await db
    .select({ id: promotions.id, slug: promotions.slug })
    .from(promotions)
    .where(inArray(promotions.slug, slugs));
  const promotionId = new Map(found.map((p) => [p.slug, p.id]));
  const rows = PROMOTION_RULE_SEED.flatMap((rule) => {
    const id = promotionId.get(rule.promotionSlug);
    if (id === undefined) return [];
    const originCityIds = rule.originCities.map((name) => {
      const cityId = cityIdOf(name);
      if (cityId === undefined) throw new Error(`Promotion rule ${rule.promotionSlug}: no seeded city ${name}`);
      return cityId;
    });
    return [
      {
        promotionId: id,
        effect: rule.effect,
        validFrom: rule.validFrom,
        validTo: rule.validTo,
        originCityIds,
        minWeightKg: rule.minWeightKg,
        minVolumeM3: rule.minVolumeM3,
      },
    ];
  });
  if (rows.length === 0) return;
  await db
    .insert(promotionRules)
    .values(rows)
    .onConflictDoUpdate({
      target: promotionRules.promotionId,
      set: {
        effect: sql`excluded.effect`,
        validFrom: sql`excluded.valid_from`,
        validTo: sql`excluded.valid_to`,
        originCityIds: sql`excluded.origin_city_ids`,
        minWeightKg: sql`excluded.min_weight_kg`,
        minVolumeM3: sql`excluded.min_volume_m3`,
      },
    });
}
