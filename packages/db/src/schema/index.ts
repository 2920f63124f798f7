import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  inet,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { clientProfiles } from './profiles';

/**
 * Clients of the carrier. A row exists from the moment a phone is confirmed;
 * `is_verified` turns true once sign-up completes. Deleted accounts keep the row
 * (orders reference it) with personal data erased and `deleted_at` set.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1000 }),
    name: text('name'),
    phone: text('phone'),
    email: text('email'),
    isVerified: boolean('is_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    /** The profile the user acts for now (issue 15); always one the user is a member of. */
    activeProfileId: bigint('active_profile_id', { mode: 'number' }).references((): AnyPgColumn => clientProfiles.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_phone_unique')
      .on(t.phone)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Server-side sessions. The cookie carries a random token (256 bits); only its
 * SHA-256 is stored. An anonymous session has no user. Sessions expire on idle
 * (`last_seen_at` + idle timeout) and at `expires_at` (absolute lifetime).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Footer links of spec section 3 ("Footer link"), served by dynamic_content. */
export const footerLinks = pgTable(
  'footer_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    category: smallint('category').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('footer_links_category_name_unique').on(t.category, t.name),
    check('footer_links_category_range', sql`${t.category} between 1 and 5`),
  ],
);

/**
 * Consents to personal-data processing (152-FZ art. 9): each is its own record
 * with the exact document version and the SHA-256 of its text, time, IP and UA.
 */
export const consents = pgTable(
  'consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    documentType: text('document_type').notNull(),
    documentVersion: text('document_version').notNull(),
    documentSha256: text('document_sha256').notNull(),
    channel: text('channel').notNull(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('consents_session_idx').on(t.sessionId), index('consents_user_idx').on(t.userId)],
);

/** Messages sent through the support widget and the feedback form (user/feedback). */
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    consentId: bigint('consent_id', { mode: 'number' }).references(() => consents.id, {
      onDelete: 'set null',
    }),
    name: text('name'),
    contact: text('contact'),
    message: text('message').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_messages_created_idx').on(t.createdAt)],
);

export * from './identity';
export * from './bug-reports';
export * from './locations';
export * from './content';
export * from './catalog';
export * from './pricing';
export * from './orders';
export * from './abuse';
export * from './profiles';
export * from './staff';
export * from './finance';
export * from './integrations-keys';
export * from './integrations-webhooks';
export * from './notifications';
export * from './export-jobs';
