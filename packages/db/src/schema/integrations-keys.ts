import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './index';
import { clientProfiles } from './profiles';

/**
 * API keys of a client profile (issue 18, docs/integrations.md). A key is
 * `mg_live_<public_id>_<secret>`: `public_id` (8 base62 characters) finds the row, and only the
 * SHA-256 of the whole key is kept, so the table cannot give a key back. A key acts as the member
 * who created it, for this profile only; it stops working when revoked, when that member leaves
 * the profile or is deleted (`created_by_user_id` becomes null). `uuid` is the id the API shows.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    publicId: text('public_id').notNull(),
    /** SHA-256 of the whole key, hex. */
    secretHash: text('secret_hash').notNull(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => clientProfiles.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Subset of API_KEY_SCOPES (packages/domain/src/api-keys.ts), at least one. */
    scopes: text('scopes').array().notNull(),
    /** Calls per minute; null: the deployment's default (API_KEY_RATE_LIMIT_PER_MINUTE). */
    rateLimitPerMinute: integer('rate_limit_per_minute'),
    createdAt: createdAt(),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_public_id_unique').on(t.publicId),
    uniqueIndex('api_keys_uuid_unique').on(t.uuid),
    index('api_keys_profile_idx').on(t.profileId, t.createdAt),
    check(
      'api_keys_scopes',
      sql`cardinality(${t.scopes}) >= 1 and ${t.scopes} <@ array['cargo:read', 'requests:create', 'calculate']::text[]`,
    ),
    check('api_keys_rate_limit', sql`${t.rateLimitPerMinute} is null or ${t.rateLimitPerMinute} > 0`),
    check('api_keys_public_id_shape', sql`${t.publicId} ~ '^[0-9A-Za-z]{8}$'`),
  ],
);
