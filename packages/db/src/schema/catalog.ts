import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Packaging the carrier sells (duty_packages/package). Price in kopecks per `price_unit`. */
export const packageTypes = pgTable(
  'package_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceKopecks: integer('price_kopecks').notNull(),
    /** place | m3 | kg */
    priceUnit: text('price_unit').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('package_types_code_unique').on(t.code),
    check('package_types_price', sql`${t.priceKopecks} >= 0`),
  ],
);

/** Kinds of cargo (duty_cargo_types/cargo_type). */
export const cargoTypes = pgTable(
  'cargo_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The carrier requires hard packaging (crate) for this kind. */
    requiresHardPackaging: boolean('requires_hard_packaging').notNull().default(false),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('cargo_types_code_unique').on(t.code)],
);

/**
 * Transportation types (duty_transportation). A type runs between two cities when both have an
 * active subdivision serving it and the distance lies within [min, max] km.
 */
export const transportationTypes = pgTable(
  'transportation_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    minDistanceKm: integer('min_distance_km'),
    maxDistanceKm: integer('max_distance_km'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('transportation_types_code_unique').on(t.code)],
);

/** Additional services (duty_additional_services). Price in kopecks per `price_unit`. */
export const additionalServices = pgTable(
  'additional_services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** loading | insurance | documents | delivery | storage */
    category: text('category').notNull(),
    /** Price in kopecks; for insurance, hundredths of a per cent of the declared value. */
    priceKopecks: integer('price_kopecks').notNull(),
    /** order | place | kg | floor | percent | day */
    priceUnit: text('price_unit').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('additional_services_code_unique').on(t.code)],
);
