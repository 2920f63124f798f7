import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OfficeSchedule } from '@freight/domain';
import { consents, sessions } from './index';
import { createdAt, updatedAt } from './columns';

/**
 * Cities of Russia: the ones our network serves (seeded by us) and any imported from the
 * hflabs city list (`npm run data:import-cities`). `fias_id` is filled by the importer; every
 * call taking a city FIAS id accepts our own id too. Natural key: name + region.
 */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Region with its type, as people write it: «Свердловская обл.», «Респ. Татарстан», «г. Москва». */
    region: text('region').notNull(),
    /** Two-digit KLADR region code, e.g. `66`. */
    regionCode: text('region_code').notNull(),
    federalDistrict: text('federal_district').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    timezone: text('timezone').notNull(),
    population: integer('population'),
    fiasId: uuid('fias_id'),
    kladrId: text('kladr_id'),
    /** Order among the popular cities of the calculator (null: not popular). */
    popularRank: integer('popular_rank'),
    source: text('source').notNull().default('seed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cities_name_region_unique').on(t.name, t.region),
    uniqueIndex('cities_fias_id_unique').on(t.fiasId),
    index('cities_lower_name_idx').on(sql`lower(${t.name})`),
    check('cities_lat_range', sql`${t.lat} between -90 and 90`),
    check('cities_lon_range', sql`${t.lon} between -180 and 180`),
  ],
);

/** Streets we know in our cities: the address index used when DaData is not configured. */
export const streets = pgTable(
  'streets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    /** Type abbreviation as in FIAS: ул, пр-кт, ш, пер, наб, б-р, проезд, тракт, пл. */
    type: text('type').notNull(),
    name: text('name').notNull(),
    postalCode: text('postal_code'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
  },
  (t) => [
    uniqueIndex('streets_city_type_name_unique').on(t.cityId, t.type, t.name),
    index('streets_lower_name_idx').on(sql`lower(${t.name})`),
  ],
);

/**
 * Offices, terminals and partner pickup points (подразделения). `code` is the natural key
 * (e.g. `EKB-T1`). Hours are an OfficeSchedule in the office's own time zone (the city's).
 */
export const subdivisions = pgTable(
  'subdivisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 100 }),
    code: text('code').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    streetId: integer('street_id').references(() => streets.id, { onDelete: 'set null' }),
    /** terminal | office | pickup_point */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    schedule: jsonb('schedule').$type<OfficeSchedule>().notNull(),
    /** acceptance (приём), release (выдача), pickup (забор от двери), delivery (доставка до двери). */
    operations: text('operations').array().notNull(),
    /** cash, card, sbp, non_cash */
    paymentMethods: text('payment_methods').array().notNull(),
    transportTypes: text('transport_types').array().notNull(),
    maxWeightPerPlaceKg: integer('max_weight_per_place_kg').notNull(),
    maxLengthCm: integer('max_length_cm').notNull(),
    maxWidthCm: integer('max_width_cm').notNull(),
    maxHeightCm: integer('max_height_cm').notNull(),
    maxTotalWeightKg: integer('max_total_weight_kg'),
    directions: text('directions'),
    isPartner: boolean('is_partner').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subdivisions_code_unique').on(t.code),
    index('subdivisions_city_idx').on(t.cityId),
    check('subdivisions_kind_valid', sql`${t.kind} in ('terminal', 'office', 'pickup_point')`),
  ],
);

/** Partner sites asking for the embeddable calculator or tracking widget (duty_iframe). */
export const iframeRequests = pgTable(
  'iframe_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    siteUrl: text('site_url').notNull(),
    origin: text('origin').notNull(),
    widget: text('widget').notNull(),
    contact: text('contact'),
    /** The personal-data consent given with the contact (152-FZ). */
    consentId: bigint('consent_id', { mode: 'number' }).references(() => consents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('iframe_requests_origin_idx').on(t.origin)],
);
