import { sql } from 'drizzle-orm';
import { bigint, boolean, index, inet, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './index';
import { createdAt } from './columns';

/**
 * One-time SMS codes (issue 4). Only a salted scrypt hash of the code is kept. A code is bound
 * to the phone, the purpose and the session that asked for it; it dies when used, after 5 wrong
 * entries or after `expires_at`. The rows double as the send log the limits are counted from
 * (per phone per hour/day, per IP per hour), so they are kept for two days.
 * `confirmed_at` marks a code entered correctly (a sign-up code is confirmed before it is spent);
 * `consumed_at` that it has been spent — used, or retired by a newer code without `confirmed_at`.
 * `delivered` is false for a request that got the usual answer but no code (e.g. sign-in
 * asked for an unregistered phone): the row still counts toward the limits.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash'),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: inet('ip'),
    attempts: smallint('attempts').notNull().default(0),
    delivered: boolean('delivered').notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_phone_created_idx').on(t.phone, t.createdAt),
    index('verification_codes_ip_created_idx').on(t.ip, t.createdAt),
    index('verification_codes_session_idx').on(t.sessionId),
  ],
);

/**
 * E-mail links (and the short code printed next to the link): confirming an address, moving the
 * account to a new address, resetting the password. Only SHA-256 of the 256-bit link token and
 * a scrypt hash of the code are stored.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('email_tokens_token_hash_idx').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
    index('email_tokens_email_created_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
);

/**
 * Messages waiting to go out (SMS and e-mail). The sender loop claims due rows, sends them
 * through the configured transport and retries with back-off. After delivery the body is
 * replaced by `body_redacted` (no codes or links kept).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    bodyRedacted: text('body_redacted').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Every sign-in attempt and identity event (ASVS 16.3.1), without secrets: the phone is kept
 * only as a SHA-256 hash, passwords and codes never.
 */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    outcome: text('outcome').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    phoneHash: text('phone_hash'),
    sessionId: uuid('session_id'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_events_phone_created_idx').on(t.phoneHash, t.createdAt),
    index('auth_events_user_idx').on(t.userId),
  ],
);
