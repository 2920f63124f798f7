import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { clientProfiles } from './profiles';

/**
 * The carrier's staff (issue 17), separate from clients: a login, a password (scrypt, like
 * clients') and a TOTP second factor. `totp_secret` is the base32 seed; `totp_enrolled_at` is set
 * once the first code from the authenticator app was accepted (until then the QR is shown once
 * more after the password). A disabled account cannot sign in; its sessions are revoked.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    login: text('login').notNull(),
    name: text('name').notNull(),
    /** operator | client_manager | content_editor | admin (packages/domain/src/staff.ts) */
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret').notNull(),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    phone: text('phone'),
    email: text('email'),
    /** For a client manager: hours and messenger shown to the clients they serve. */
    workHours: text('work_hours'),
    messenger: text('messenger'),
    /** A photo shown to the clients a manager serves (upload storage key, re-encoded JPEG). */
    photoKey: text('photo_key'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_users_login_unique').on(sql`lower(${t.login})`),
    check('staff_users_role', sql`${t.role} in ('operator', 'client_manager', 'content_editor', 'admin')`),
  ],
);

/**
 * Staff sessions: a random token in an HttpOnly cookie of its own, only its SHA-256 stored.
 * `stage` is `password` after the password (waiting for the TOTP code, 5 minutes) and `full`
 * after the second factor; only `full` sessions pass the back-office guard.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_unique').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
    check('staff_sessions_stage', sql`${t.stage} in ('password', 'full')`),
  ],
);

/**
 * Failed staff sign-in steps (wrong password, wrong TOTP code), counted per login and per
 * address over the lock window (STAFF_SIGN_IN_LOCK_MS); a success does not erase them.
 */
export const staffSignInFailures = pgTable(
  'staff_sign_in_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    login: text('login').notNull(),
    ip: inet('ip'),
    /** password | totp */
    step: text('step').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_sign_in_failures_login_idx').on(t.login, t.at),
    index('staff_sign_in_failures_ip_idx').on(t.ip, t.at),
  ],
);

/**
 * The audit log: every change made in the back-office — who, when, what, the record before and
 * after. Append-only: a trigger (migration 0006) refuses UPDATE and DELETE, so not even the
 * application can rewrite history.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'restrict' }),
    /** Kept as written: the name at the time of the change. */
    staffName: text('staff_name').notNull(),
    /** e.g. cargo.status, cargo.flags, access.decide, news.update, tariff.update */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: inet('ip'),
  },
  (t) => [
    index('staff_audit_log_at_idx').on(t.at),
    index('staff_audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
    index('staff_audit_log_staff_idx').on(t.staffId, t.at),
  ],
);

/**
 * Offers to clients (issue 17 edits them, issue 16 shows and accepts them): to everyone or to
 * one profile, with conditions and validity.
 */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    conditions: text('conditions').notNull(),
    discountPercent: integer('discount_percent'),
    /** null: offered to every business client. */
    profileId: bigint('profile_id', { mode: 'number' }).references(() => clientProfiles.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('offers_period', sql`${t.validFrom} <= ${t.validTo}`),
    check('offers_discount', sql`${t.discountPercent} is null or ${t.discountPercent} between 1 and 90`),
  ],
);

/** Inbox items (bug reports, feedback) have a status and an answer kept with them. */
export const inboxAnswers = pgTable(
  'inbox_answers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** bug_report | feedback */
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('inbox_answers_item_idx').on(t.kind, t.itemId)],
);
