import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  additionalServices,
  cargoTypes,
  cities,
  integrationMenuItems,
  newsItems,
  packageTypes,
  promotions,
  streets,
  subdivisions,
  transportationTypes,
} from '../schema/index';
import { ADDITIONAL_SERVICE_SEED, CARGO_TYPE_SEED, PACKAGE_SEED, TRANSPORTATION_TYPE_SEED } from './catalog';
import { CITY_SEED } from './cities';
import {
  INTEGRATION_MENU_SEED,
  NEWS_SEED,
  PROMOTION_SEED,
  RETIRED_INTEGRATION_KEYS,
  RETIRED_NEWS_SLUGS,
} from './content';
import { SUBDIVISION_SEED } from './offices';
import { STREET_SEED } from './streets';

export interface NetworkSeedReport {
  cities: number;
  subdivisions: number;
  streets: number;
  news: number;
  promotions: number;
  catalogs: number;
}

const positioned = <T>(rows: readonly T[]) => rows.map((row, index) => ({ ...row, position: index }));

/**
 * The carrier's network and public content: cities, streets, subdivisions, catalogs, news,
 * promotions and the integration menu. Upserts by natural key (city name + region, street
 * city + type + name, subdivision code, slug/code/key), so it runs on every start. A city's
 * fias_id is never touched here: the importer owns it.
 */
export async function seedNetworkAndContent(db: Database): Promise<NetworkSeedReport> {
  // A city the importer loaded first carries the hflabs spelling of its region; adopt ours so the
  // upsert below finds it by (name, region) instead of adding a twin.
  await db.execute(sql`
    update cities as c set region = v.region
    from (values ${sql.join(
      CITY_SEED.map((city) => sql`(${city.name}, ${city.region}, ${city.regionCode})`),
      sql`, `,
    )}) as v(name, region, region_code)
    where lower(c.name) = lower(v.name) and c.region_code = v.region_code and c.region <> v.region
      and not exists (select 1 from cities d where d.name = v.name and d.region = v.region)
  `);
  await db
    .insert(cities)
    .values(
      CITY_SEED.map((c) => ({
        name: c.name,
        region: c.region,
        regionCode: c.regionCode,
        federalDistrict: c.federalDistrict,
        lat: c.lat,
        lon: c.lon,
        timezone: c.timezone,
        population: c.population,
        popularRank: c.popularRank ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [cities.name, cities.region],
      set: {
        regionCode: sql`excluded.region_code`,
        federalDistrict: sql`excluded.federal_district`,
        lat: sql`excluded.lat`,
        lon: sql`excluded.lon`,
        timezone: sql`excluded.timezone`,
        population: sql`excluded.population`,
        popularRank: sql`excluded.popular_rank`,
        source: 'seed',
      },
    });

  const cityRows = await db.select({ id: cities.id, name: cities.name, region: cities.region }).from(cities);
  const cityId = new Map(cityRows.map((c) => [`${c.name}|${c.region}`, c.id]));
  const idOf = (name: string, region: string) => {
    const id = cityId.get(`${name}|${region}`);
    if (id === undefined) throw new Error(`Seed city missing: ${name}`);
    return id;
  };

  // The streets of our offices (at the office's point), then the well-known streets of our cities;
  // a street in both keeps the office's point. An existing row keeps its values and only gains
  // what it lacks, so what an installation has stored is never overwritten.
  const streetValues = new Map<string, typeof streets.$inferInsert>();
  for (const s of SUBDIVISION_SEED) {
    const id = idOf(s.city, s.region);
    streetValues.set(`${id}|${s.street.type}|${s.street.name}`, {
      cityId: id,
      type: s.street.type,
      name: s.street.name,
      postalCode: null,
      lat: s.lat,
      lon: s.lon,
    });
  }
  for (const s of STREET_SEED) {
    const id = idOf(s.city, s.region);
    const key = `${id}|${s.type}|${s.name}`;
    const known = streetValues.get(key);
    if (known) known.postalCode ??= s.postalCode;
    else
      streetValues.set(key, {
        cityId: id,
        type: s.type,
        name: s.name,
        postalCode: s.postalCode,
        lat: s.lat,
        lon: s.lon,
      });
  }
  await db
    .insert(streets)
    .values([...streetValues.values()])
    .onConflictDoUpdate({
      target: [streets.cityId, streets.type, streets.name],
      set: {
        lat: sql`coalesce(${streets.lat}, excluded.lat)`,
        lon: sql`coalesce(${streets.lon}, excluded.lon)`,
        postalCode: sql`coalesce(${streets.postalCode}, excluded.postal_code)`,
      },
    });
  const streetRows = await db
    .select({ id: streets.id, cityId: streets.cityId, type: streets.type, name: streets.name })
    .from(streets);
  const streetId = new Map(streetRows.map((s) => [`${s.cityId}|${s.type}|${s.name}`, s.id]));

  const subdivisionValues = SUBDIVISION_SEED.map((s) => {
    const id = idOf(s.city, s.region);
    return {
      code: s.code,
      cityId: id,
      streetId: streetId.get(`${id}|${s.street.type}|${s.street.name}`) ?? null,
      kind: s.kind,
      name: s.name,
      address: s.address,
      lat: s.lat,
      lon: s.lon,
      phone: s.phone,
      email: s.email,
      schedule: s.schedule,
      operations: s.operations,
      paymentMethods: s.paymentMethods,
      transportTypes: s.transportTypes,
      maxWeightPerPlaceKg: s.maxWeightPerPlaceKg,
      maxLengthCm: s.maxLengthCm,
      maxWidthCm: s.maxWidthCm,
      maxHeightCm: s.maxHeightCm,
      maxTotalWeightKg: s.maxTotalWeightKg,
      directions: s.directions,
      isPartner: s.isPartner,
    };
  });
  await db
    .insert(subdivisions)
    .values(subdivisionValues)
    .onConflictDoUpdate({
      target: subdivisions.code,
      set: Object.fromEntries(
        [
          ['cityId', 'city_id'],
          ['streetId', 'street_id'],
          ['kind', 'kind'],
          ['name', 'name'],
          ['address', 'address'],
          ['lat', 'lat'],
          ['lon', 'lon'],
          ['phone', 'phone'],
          ['email', 'email'],
          ['schedule', 'schedule'],
          ['operations', 'operations'],
          ['paymentMethods', 'payment_methods'],
          ['transportTypes', 'transport_types'],
          ['maxWeightPerPlaceKg', 'max_weight_per_place_kg'],
          ['maxLengthCm', 'max_length_cm'],
          ['maxWidthCm', 'max_width_cm'],
          ['maxHeightCm', 'max_height_cm'],
          ['maxTotalWeightKg', 'max_total_weight_kg'],
          ['directions', 'directions'],
          ['isPartner', 'is_partner'],
        ].map(([key, column]) => [key, sql.raw(`excluded.${column}`)]),
      ),
    });

  await db
    .insert(packageTypes)
    .values(positioned(PACKAGE_SEED))
    .onConflictDoUpdate({
      target: packageTypes.code,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        priceKopecks: sql`excluded.price_kopecks`,
        priceUnit: sql`excluded.price_unit`,
        position: sql`excluded.position`,
      },
    });
  await db
    .insert(cargoTypes)
    .values(positioned(CARGO_TYPE_SEED))
    .onConflictDoUpdate({
      target: cargoTypes.code,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        requiresHardPackaging: sql`excluded.requires_hard_packaging`,
        position: sql`excluded.position`,
      },
    });
  await db
    .insert(transportationTypes)
    .values(positioned(TRANSPORTATION_TYPE_SEED))
    .onConflictDoUpdate({
      target: transportationTypes.code,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        minDistanceKm: sql`excluded.min_distance_km`,
        maxDistanceKm: sql`excluded.max_distance_km`,
        position: sql`excluded.position`,
      },
    });
  await db
    .insert(additionalServices)
    .values(positioned(ADDITIONAL_SERVICE_SEED))
    .onConflictDoUpdate({
      target: additionalServices.code,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        category: sql`excluded.category`,
        priceKopecks: sql`excluded.price_kopecks`,
        priceUnit: sql`excluded.price_unit`,
        position: sql`excluded.position`,
      },
    });

  await db
    .insert(newsItems)
    .values(
      NEWS_SEED.map((n) => ({
        ...n,
        publishedAt: new Date(n.publishedAt),
        eventDate: n.eventDate ?? null,
        eventPlace: n.eventPlace ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: newsItems.slug,
      set: {
        kind: sql`excluded.kind`,
        title: sql`excluded.title`,
        summary: sql`excluded.summary`,
        body: sql`excluded.body`,
        publishedAt: sql`excluded.published_at`,
        eventDate: sql`excluded.event_date`,
        eventPlace: sql`excluded.event_place`,
        toMainPage: sql`excluded.to_main_page`,
      },
    });
  await db
    .insert(promotions)
    .values(positioned(PROMOTION_SEED))
    .onConflictDoUpdate({
      target: promotions.slug,
      set: {
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        terms: sql`excluded.terms`,
        promoCode: sql`excluded.promo_code`,
        discountPercent: sql`excluded.discount_percent`,
        startsOn: sql`excluded.starts_on`,
        endsOn: sql`excluded.ends_on`,
        position: sql`excluded.position`,
      },
    });
  await db
    .insert(integrationMenuItems)
    .values(positioned(INTEGRATION_MENU_SEED))
    .onConflictDoUpdate({
      target: integrationMenuItems.key,
      set: {
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        url: sql`excluded.url`,
        position: sql`excluded.position`,
      },
    });
  await db.delete(newsItems).where(inArray(newsItems.slug, [...RETIRED_NEWS_SLUGS]));
  await db.delete(integrationMenuItems).where(inArray(integrationMenuItems.key, [...RETIRED_INTEGRATION_KEYS]));

  return {
    cities: CITY_SEED.length,
    subdivisions: SUBDIVISION_SEED.length,
    streets: streetValues.size,
    news: NEWS_SEED.length,
    promotions: PROMOTION_SEED.length,
    catalogs:
      PACKAGE_SEED.length + CARGO_TYPE_SEED.length + TRANSPORTATION_TYPE_SEED.length + ADDITIONAL_SERVICE_SEED.length,
  };
}
