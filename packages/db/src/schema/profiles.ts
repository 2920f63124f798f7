import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './index';
import { staffUsers } from './staff';

/**
 * Client profiles (counterparties, issue 15): the private person of a user and the legal
 * entities users act for. `account_uuid` is the only id the API shows. A legal profile is
 * unique by ИНН + КПП (a sole trader has no КПП); a personal profile belongs to exactly one user
 * (`personal_user_id`). Cargos belong to a profile (cargos.owner_profile_id).
 */
export const clientProfiles = pgTable(
  'client_profiles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountUuid: uuid('account_uuid').notNull().defaultRandom(),
    /** individual | legal */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    inn: text('inn'),
    kpp: text('kpp'),
    address: text('address'),
    personalUserId: integer('personal_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The personal manager of the client (a staff member, issue 17; shown by user/managers, issue 16). */
    managerStaffId: integer('manager_staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('client_profiles_account_uuid_unique').on(t.accountUuid),
    uniqueIndex('client_profiles_personal_unique').on(t.personalUserId),
    uniqueIndex('client_profiles_legal_unique')
      .on(t.inn, sql`coalesce(${t.kpp}, '')`)
      .where(sql`${t.kind} = 'legal'`),
    check('client_profiles_kind', sql`${t.kind} in ('individual', 'legal')`),
    check(
      'client_profiles_shape',
      sql`(${t.kind} = 'individual' and ${t.personalUserId} is not null) or (${t.kind} = 'legal' and ${t.inn} is not null and ${t.personalUserId} is null)`,
    ),
  ],
);

/**
 * Who may act for a profile, and as what (domain team.ts: owner, admin, shipping_manager,
 * accountant). A user's personal profile has the user as its owner.
 */
export const profileMembers = pgTable(
  'profile_members',
  {
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => clientProfiles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profile_members_pk').on(t.profileId, t.userId),
    index('profile_members_user_idx').on(t.userId, t.profileId, t.role),
    check('profile_members_role', sql`${t.role} in ('owner', 'admin', 'shipping_manager', 'accountant')`),
  ],
);

/**
 * Invitations to a legal profile's team, sent by phone or e-mail through the outbox. Only the
 * SHA-256 of the link token is kept; an invitation dies when accepted, revoked or at `expires_at`
 * (7 days).
 */
export const profileInvitations = pgTable(
  'profile_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => clientProfiles.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** phone | email */
    channel: text('channel').notNull(),
    /** +7XXXXXXXXXX or a lower-cased e-mail. */
    contact: text('contact').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('profile_invitations_token_unique').on(t.tokenHash),
    index('profile_invitations_profile_idx').on(t.profileId, t.createdAt),
    check('profile_invitations_role', sql`${t.role} in ('admin', 'shipping_manager', 'accountant')`),
  ],
);

/**
 * Full-access requests (spec §7 user/request_access). `type` legal carries name, ИНН and КПП;
 * individual carries name and passport series and number. Statuses: pending («На проверке»),
 * needs_changes («Нужны исправления», with `reviewer_comment`), approved, rejected (with the
 * reason in `reviewer_comment`). Approval points at the profile it created or attached.
 */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    inn: text('inn'),
    kpp: text('kpp'),
    documentSeries: text('document_series'),
    documentNumber: text('document_number'),
    status: text('status').notNull().default('pending'),
    reviewerComment: text('reviewer_comment'),
    profileId: bigint('profile_id', { mode: 'number' }).references(() => clientProfiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('access_requests_user_idx').on(t.userId, t.createdAt),
    index('access_requests_status_idx').on(t.status, t.createdAt),
    check('access_requests_type', sql`${t.type} in ('legal', 'individual')`),
    check('access_requests_status', sql`${t.status} in ('pending', 'needs_changes', 'approved', 'rejected')`),
  ],
);

/**
 * Documents of a full-access request (JPEG, PNG, PDF, checked by content). Like bug-report files,
 * the object lives in the upload storage under a key the server made up.
 */
export const accessRequestFiles = pgTable(
  'access_request_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => accessRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_request_files_storage_key_unique').on(t.storageKey),
    index('access_request_files_request_idx').on(t.requestId, t.position),
    check('access_request_files_mime', sql`${t.mimeType} in ('image/jpeg', 'image/png', 'application/pdf')`),
  ],
);
