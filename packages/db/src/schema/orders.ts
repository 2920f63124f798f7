import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { consents, sessions, users } from './index';
import { cities, subdivisions } from './locations';
import { contracts } from './finance';
import { clientProfiles } from './profiles';
import { staffUsers } from './staff';

/** One participant of a cargo (sender, recipient, payer, customer) as the order gave it. */
export interface CargoParticipantData {
  type: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  inn: string | null;
  kpp: string | null;
}

/** A price line as fixed at creation (amounts in kopecks). */
export interface CargoPriceLine {
  code: string;
  title: string;
  amount_kopecks: number;
  explanation: string;
}

const CLOSED_STATUSES = sql.raw(`'released', 'cancelled', 'returned'`);

/**
 * Cargos (issue 7). One main `status` (see domain cargo-status.ts) plus independent flags;
 * `closed` is derived from the status by the database. The owner is a verified user, or — for
 * an anonymous order — the session that created it (moved to the user at sign-in). The price
 * is fixed at creation (`price_kopecks` and its lines). Participants are personal data: the
 * list filters read the denormalised `sender_name` / `recipient_name`, and account deletion
 * anonymises all of them (`anonymized_at`).
 */
export const cargos = pgTable(
  'cargos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    trackNumber: text('track_number').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    ownerSessionId: uuid('owner_session_id').references(() => sessions.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('created'),
    closed: boolean('closed')
      .notNull()
      .generatedAlwaysAs(sql`status in (${CLOSED_STATUSES})`),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    paid: boolean('paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidStorage: boolean('paid_storage').notNull().default(false),
    partialRelease: boolean('partial_release').notNull().default(false),
    cityDepartureId: integer('city_departure_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    cityDeliveryId: integer('city_delivery_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    cityDepartureName: text('city_departure_name').notNull(),
    cityDeliveryName: text('city_delivery_name').notNull(),
    /** warehouse | address */
    departureType: text('departure_type').notNull(),
    deliveryType: text('delivery_type').notNull(),
    departureOfficeId: integer('departure_office_id').references(() => subdivisions.id, { onDelete: 'set null' }),
    deliveryOfficeId: integer('delivery_office_id').references(() => subdivisions.id, { onDelete: 'set null' }),
    departureAddress: text('departure_address'),
    deliveryAddress: text('delivery_address'),
    quantity: integer('quantity').notNull(),
    weightKg: doublePrecision('weight_kg').notNull(),
    volumeM3: doublePrecision('volume_m3').notNull(),
    lengthCm: doublePrecision('length_cm'),
    widthCm: doublePrecision('width_cm'),
    heightCm: doublePrecision('height_cm'),
    cargoTab: text('cargo_tab').notNull().default('single'),
    cargoType: text('cargo_type'),
    transportationType: text('transportation_type').notNull(),
    /** cash | card | non_cash */
    paymentType: text('payment_type').notNull(),
    /** sender | recipient | third_party */
    payerRole: text('payer_role').notNull(),
    customerRole: text('customer_role').notNull(),
    sender: jsonb('sender').$type<CargoParticipantData>().notNull(),
    recipient: jsonb('recipient').$type<CargoParticipantData>().notNull(),
    payer: jsonb('payer').$type<CargoParticipantData>(),
    customer: jsonb('customer').$type<CargoParticipantData>(),
    senderName: text('sender_name'),
    recipientName: text('recipient_name'),
    /**
     * The client profile the cargo belongs to (issue 15): the legal profile of the payer or
     * customer when the user acts for it, else the user's personal profile; null only while an
     * anonymous session owns the cargo. Team members of the profile see it.
     */
    ownerProfileId: bigint('owner_profile_id', { mode: 'number' }).references(() => clientProfiles.id, {
      onDelete: 'set null',
    }),
    /** Services, time windows and the rest of the order as submitted (for «repeat order»). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    priceKopecks: integer('price_kopecks').notNull(),
    priceLines: jsonb('price_lines').$type<CargoPriceLine[]>().notNull(),
    vatKopecks: integer('vat_kopecks').notNull().default(0),
    promoCodeId: integer('promo_code_id'),
    plannedDispatchDate: date('planned_dispatch_date'),
    plannedArrivalDate: date('planned_arrival_date'),
    driverName: text('driver_name'),
    driverPhone: text('driver_phone'),
    vehicleModel: text('vehicle_model'),
    vehiclePlate: text('vehicle_plate'),
    driverAssignedAt: timestamp('driver_assigned_at', { withTimezone: true }),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    /** The personal-data consent given with the order (152-FZ): document version, hash, time, IP. */
    consentId: bigint('consent_id', { mode: 'number' }).references(() => consents.id, { onDelete: 'set null' }),
    /**
     * The contract the cargo is charged to (issue 16): the owner profile's default contract when
     * the order was paid by bank transfer; null for cash and card orders.
     */
    contractId: uuid('contract_id').references((): AnyPgColumn => contracts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cargos_track_number_unique').on(t.trackNumber),
    // The list call. The default order (newest first) reads this index alone: besides the sort
    // key it carries every column the filters test (status, closed, cities, names), so a status
    // or city filter, exclude_closed and a deep skip are index-only scans of one owner's entries;
    // the page's rows are then fetched by id.
    index('cargos_owner_created_idx').on(
      t.ownerProfileId,
      t.createdAt,
      t.id,
      t.status,
      t.closed,
      t.cityDepartureName,
      t.cityDeliveryName,
      t.senderName,
      t.recipientName,
    ),
    // Analytics (issue 16): every figure of a profile's period is an index-only scan of this.
    index('cargos_owner_analytics_idx').on(
      t.ownerProfileId,
      t.createdAt,
      t.status,
      t.departureType,
      t.deliveryType,
      t.customerRole,
      t.weightKg,
      t.volumeM3,
      t.priceKopecks,
      t.cityDepartureName,
      t.cityDeliveryName,
      t.plannedArrivalDate,
      t.statusChangedAt,
    ),
    index('cargos_owner_price_idx').on(t.ownerProfileId, t.priceKopecks, t.id),
    index('cargos_owner_status_changed_idx').on(t.ownerProfileId, t.statusChangedAt, t.id),
    index('cargos_owner_user_idx').on(t.ownerUserId),
    index('cargos_owner_session_idx')
      .on(t.ownerSessionId, t.createdAt)
      .where(sql`${t.ownerSessionId} is not null`),
    check(
      'cargos_status_valid',
      sql`${t.status} in ('created', 'awaiting_dropoff', 'pickup', 'accepted', 'in_transit', 'arrived', 'out_for_delivery', 'released', 'cancelled', 'returned', 'problem')`,
    ),
    check('cargos_price_nonnegative', sql`${t.priceKopecks} >= 0`),
    check('cargos_measures', sql`${t.quantity} >= 1 and ${t.weightKg} > 0 and ${t.volumeM3} > 0`),
  ],
);

/** Every status a cargo went through: when, at which office, and a note. */
export const cargoStatusHistory = pgTable(
  'cargo_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cargoId: bigint('cargo_id', { mode: 'number' })
      .notNull()
      .references(() => cargos.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    officeId: integer('office_id').references(() => subdivisions.id, { onDelete: 'set null' }),
    comment: text('comment'),
    /** The staff member who set the status in the back-office (null: the system or seed data). */
    staffId: integer('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [index('cargo_status_history_cargo_idx').on(t.cargoId, t.at)],
);

/** One rating per delivered cargo: 1–5 stars and a comment. */
export const cargoRatings = pgTable(
  'cargo_ratings',
  {
    cargoId: bigint('cargo_id', { mode: 'number' })
      .primaryKey()
      .references(() => cargos.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [check('cargo_ratings_range', sql`${t.rating} between 1 and 5`)],
);

/** The owner's favourite cargos (a cargo has one owner, so the cargo is the key). */
export const cargoFavorites = pgTable('cargo_favorites', {
  cargoId: bigint('cargo_id', { mode: 'number' })
    .primaryKey()
    .references(() => cargos.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * Idempotency keys of request_create (Stripe / brandur design): the key is claimed atomically
 * by `insert … on conflict do nothing` on (scope, key); `request_hash` is the SHA-256 of the
 * canonical body, so a reuse with another body is refused; once done, the first response
 * (status and body) is replayed. Rows older than a day are purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Who used the key: `user:<id>` or `session:<uuid>`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** in_progress | done */
    state: text('state').notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key_unique').on(t.scope, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The order wizard's draft, one per owner: the signed-in user or the anonymous session (moved
 * to the user at sign-in, replacing an older draft of theirs).
 */
export const orderDrafts = pgTable(
  'order_drafts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_drafts_user_unique').on(t.userId),
    uniqueIndex('order_drafts_session_unique').on(t.sessionId),
    check('order_drafts_one_owner', sql`(${t.userId} is null) <> (${t.sessionId} is null)`),
  ],
);

export type CargoInsert = typeof cargos.$inferInsert;
