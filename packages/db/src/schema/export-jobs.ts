import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './index';
import { clientProfiles } from './profiles';

/*
 * Queued exports (issue 18 item 4; apps/api/src/modules/exports, decision 015): the order list
 * and the reconciliation act prepared by a job of the queue `exports.render` and kept in the file
 * storage for a day.
 */

/**
 * One export asked for by a user. `params` is the validated request (the list's filters, or the
 * act's contract and period); `profile_id` is the profile whose data it holds when it is one
 * profile's (an act, a list filtered by profile), checked again on every read. `attempts` counts
 * claims: the worker takes the row `queued` → `running` with attempts + 1 and finishes it only
 * while that claim is still its own, so a job run twice renders once. The file lives in storage
 * under `storage_key` until `expires_at`; then the row and the file are deleted.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: bigint('profile_id', { mode: 'number' }).references(() => clientProfiles.id, { onDelete: 'cascade' }),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    format: text('format').notNull(),
    status: text('status').notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    /** Unknown (null) until the job has counted them. */
    rowsTotal: integer('rows_total'),
    attempts: integer('attempts').notNull().default(0),
    storageKey: text('storage_key'),
    /** The Russian download name («Заказы_24.11.2026.xlsx») and its ASCII fallback. */
    fileName: text('file_name'),
    asciiFileName: text('ascii_file_name'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Why it failed, in Russian (shown to the user). */
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('export_jobs_user_created_idx').on(t.userId, t.createdAt),
    index('export_jobs_expires_idx').on(t.expiresAt),
    check('export_jobs_kind_valid', sql`${t.kind} in ('cargo_list', 'reconciliation')`),
    check('export_jobs_status_valid', sql`${t.status} in ('queued', 'running', 'ready', 'failed')`),
    check('export_jobs_format_valid', sql`${t.format} in ('xlsx', 'csv', 'pdf')`),
    check('export_jobs_ready_has_file', sql`${t.status} <> 'ready' or ${t.storageKey} is not null`),
    check('export_jobs_rows_valid', sql`${t.rowsDone} >= 0 and (${t.rowsTotal} is null or ${t.rowsTotal} >= 0)`),
  ],
);
