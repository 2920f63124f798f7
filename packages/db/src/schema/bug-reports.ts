import { bigint, check, index, inet, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { consents, sessions, users } from './index';
import { createdAt } from './columns';

/**
 * Bug reports (spec section 3: text, contact, files), issue 8. `contact` is what the visitor
 * typed, or for a verified user the account's phone, else its e-mail. A report of a
 * non-verified sender points at the consent it was sent with. A report and its files are
 * written in one transaction after every file has passed its checks: there is never a report
 * with some of its files missing.
 */
export const bugReports = pgTable(
  'bug_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    consentId: bigint('consent_id', { mode: 'number' }).references(() => consents.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    contact: text('contact').notNull(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    status: text('status').notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [index('bug_reports_created_idx').on(t.createdAt), index('bug_reports_session_idx').on(t.sessionId)],
);

/**
 * Files of a bug report. The object lives in the upload storage under `storage_key`, a name the
 * server made up; the user's file name is kept only for Content-Disposition. `mime_type` is what
 * the content is (magic bytes), never what the client claimed.
 */
export const bugReportFiles = pgTable(
  'bug_report_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => bugReports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bug_report_files_storage_key_unique').on(t.storageKey),
    index('bug_report_files_report_idx').on(t.reportId),
    check('bug_report_files_mime', sql`${t.mimeType} in ('image/jpeg', 'image/png')`),
  ],
);

/**
 * Every bug-report attempt, written before the body is read, so the per-session and per-IP
 * limits hold across API instances and count refused and interrupted uploads too. Rows older
 * than a day are purged.
 */
export const bugReportAttempts = pgTable(
  'bug_report_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    ip: inet('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bug_report_attempts_session_idx').on(t.sessionId, t.createdAt),
    index('bug_report_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);
