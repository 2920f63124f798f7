import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './index';
import { clientProfiles } from './profiles';

/*
 * Webhooks of a client profile (issue 18; apps/api/src/modules/webhooks, docs/integrations.md).
 */

/**
 * An address a profile's events are POSTed to. The signing secret is needed in clear to sign, so
 * it cannot be hashed: it is kept encrypted (AES-256-GCM under WEBHOOK_SECRET_KEY, the row's id as
 * additional data, `v1.<iv>.<tag>.<ciphertext>` base64url) and shown to the client only in the
 * answer that created it. `events` ⊆ domain WEBHOOK_EVENTS; `disabled_at` is set while the
 * client keeps the address switched off.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => clientProfiles.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_endpoints_profile_idx').on(t.profileId, t.createdAt),
    check('webhook_endpoints_url_length', sql`char_length(${t.url}) between 1 and 2000`),
    check(
      'webhook_endpoints_events',
      sql`cardinality(${t.events}) >= 1 and ${t.events} <@ array['cargo.status_changed', 'cargo.delivered', 'invoice.issued']::text[]`,
    ),
    check('webhook_endpoints_disabled', sql`${t.isActive} = (${t.disabledAt} is null)`),
  ],
);

/**
 * One event for one address, with the state of its delivery: `pending` until an attempt is
 * answered 2xx (`succeeded`) or retries end 24 h after the first attempt (`failed`).
 * `event_id` is the same for every address and every attempt of one event (the receiver's
 * de-duplication key, header X-Magistral-Delivery); one row per address and event. `payload` is
 * the JSON body; the `last_*` columns repeat the latest attempt for the list.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    eventId: uuid('event_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    /** When the next attempt is due (pending); while an attempt runs, the end of its lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    /** The first 1 KB of the latest answer's body. */
    lastResponse: text('last_response'),
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_unique').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_created_idx').on(t.createdAt),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check(
      'webhook_deliveries_event',
      sql`${t.event} in ('cargo.status_changed', 'cargo.delivered', 'invoice.issued', 'ping')`,
    ),
  ],
);

/** Every attempt of a delivery and the receiver's answer: code and first 1 KB, or why there was none. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** 1, 2, … in the order they were made. */
    number: integer('number').notNull(),
    /** «Повторить» from the account, not the schedule. */
    manual: boolean('manual').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    response: text('response'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [uniqueIndex('webhook_delivery_attempts_number_unique').on(t.deliveryId, t.number)],
);
