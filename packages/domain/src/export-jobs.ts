import { formatNumber } from './money';
import { pluralize } from './plural';
import { EXPORT_JOBS_TEXTS } from './texts/export-jobs';

/*
 * Queued exports (issue 18 item 4, decision 015): a file prepared by a background job, kept for a
 * day, downloaded by the user who asked for it.
 */

/** What is exported: the order list (issue #14) or a contract's reconciliation act (issue 16). */
export const EXPORT_KINDS = ['cargo_list', 'reconciliation'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** queued → running → ready | failed; a failed attempt that will be retried goes back to queued. */
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** File formats of every kind: the list is xlsx or csv, the act pdf or xlsx. */
export const EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A prepared file is kept this long after it was asked for, then deleted. */
export const EXPORT_TTL_HOURS = 24;
/** «Последние выгрузки» shows this many of the user's exports, newest first. */
export const EXPORT_RECENT_LIMIT = 20;
/** Exports of one user waiting or being prepared at once; one more is refused (429). */
export const EXPORT_MAX_ACTIVE = 3;

/** Whether the job is still on its way (the page keeps asking). */
export const isExportPending = (status: ExportStatus): boolean => status === 'queued' || status === 'running';

/**
 * The progress line of an export being prepared: «Готовим файл… 1 200 из 10 000 строк» (U+00A0
 * groups thousands; «строки»/«строк» agrees with the total), or «Готовим файл…» while the total is
 * unknown. `done` is clamped to [0, total].
 */
export function exportProgressText(done: number, total: number | null): string {
  const T = EXPORT_JOBS_TEXTS;
  if (total === null || !Number.isFinite(total) || total <= 0) return T.preparing;
  const shown = Math.min(Math.max(0, Math.floor(done)), total);
  return T.progress(formatNumber(shown, 0), formatNumber(total, 0), pluralize(total, T.rowsOf));
}
