import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_PATHS, type CargoExportQuery, type ExportJob, type ExportJobList } from '@freight/contracts';
import type { Database } from '@freight/db';
import { MESSAGES, roleCan } from '@freight/domain';
import {
  EXPORT_MAX_ACTIVE,
  EXPORT_RECENT_LIMIT,
  EXPORT_TTL_HOURS,
  type ExportFormat,
  type ExportKind,
  type ExportStatus,
} from '@freight/domain/export-jobs';
import { EXPORT_JOBS_TEXTS } from '@freight/domain/texts/export-jobs';
import type { CarrierRequisites } from '../../config/env';
import { AppError } from '../../errors/app-error';
import type { SessionRow } from '../auth/session.repository';
import type { JobQueue } from '../jobs/job-queue';
import type { Owner } from '../orders/orders.repository';
import { cargoListFilter, listProfileScope } from '../orders/orders.service';
import { findMembership, listMemberships } from '../profiles/profiles.repository';
import { forbidden } from '../profiles/profiles.service';
import { checkReconciliation, type ReconciliationQuery } from '../settlements/settlements.service';
import type { FileStorage } from '../uploads/file-storage';
import * as repo from './exports.repository';
import type { ExportJobRow } from './exports.repository';

/*
 * Queued exports (issue 18 item 4, decision 015). A request is checked as its GET download would
 * be (sign-in, filters, the profile or contract and the member's permission), recorded in
 * `export_jobs` and queued in one transaction; the job (exports.worker.ts) renders the file into
 * the file storage. Only the user who asked sees the export — anyone else's is 404 — and every
 * read checks again that they still may see the profile it is about. A file is kept for a day.
 */

const T = EXPORT_JOBS_TEXTS;

/** The queue of export jobs: {@link RenderJob}. */
export const EXPORT_RENDER_QUEUE = 'exports.render';

export interface RenderJob {
  exportId: string;
}

export interface ExportsDeps {
  db: Database;
  jobs: Pick<JobQueue, 'send' | 'wake' | 'work'>;
  storage: FileStorage;
  clock: () => Date;
  /** The carrier's requisites, printed on the reconciliation act. */
  carrier: CarrierRequisites;
  log?: FastifyBaseLogger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const exportNotFound = () => new AppError('NOT_FOUND', 404, T.notFound);

/** Exports are for signed-in users: the list's export says so in its own words (401). */
function signedInUser(session: SessionRow | null, message: string): number {
  if (!session || session.userId === null) throw new AppError('UNAUTHORIZED', 401, message);
  return session.userId;
}

/** The export as the API shows it: the file's name and address only when it is ready. */
export function toExportJob(row: ExportJobRow): ExportJob {
  const status = row.status as ExportStatus;
  const kind = row.kind as ExportKind;
  const ready = status === 'ready';
  return {
    id: row.id,
    kind,
    kind_label: T.kinds[kind],
    format: row.format as ExportFormat,
    status,
    status_label: T.statuses[status],
    rows_done: row.rowsDone,
    rows_total: row.rowsTotal,
    file_name: ready ? row.fileName : null,
    content_type: ready ? row.contentType : null,
    size_bytes: ready ? row.sizeBytes : null,
    error: status === 'failed' ? row.errorMessage : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    download_url: ready ? `${EXPORT_PATHS.exportFile}?id=${row.id}` : null,
  };
}

/**
 * Records the export and queues its job in one transaction, then wakes this process's worker. At
 * most EXPORT_MAX_ACTIVE of a user's exports wait or run at once (429).
 */
async function enqueue(
  deps: ExportsDeps,
  values: Pick<repo.NewExportJob, 'kind' | 'userId' | 'profileId' | 'params' | 'format'>,
): Promise<ExportJob> {
  const now = deps.clock();
  if ((await repo.countActiveExports(deps.db, values.userId, now)) >= EXPORT_MAX_ACTIVE) {
    throw new AppError('TOO_MANY_REQUESTS', 429, T.tooMany);
  }
  const row = await deps.db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Database;
    const inserted = await repo.insertExportJob(tx, {
      ...values,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_TTL_HOURS * 3_600_000),
    });
    await deps.jobs.send<RenderJob>(EXPORT_RENDER_QUEUE, { exportId: inserted.id }, { tx });
    return inserted;
  });
  deps.jobs.wake(EXPORT_RENDER_QUEUE);
  return toExportJob(row);
}

/**
 * POST /user/exports/cargo_list: the filtered order list as a file, later. Checked as GET
 * cargo/cargo/export checks it: signed-in clients only (401), a bad filter 400, a profile not
 * the user's 404.
 */
export async function createCargoListExport(
  deps: ExportsDeps,
  session: SessionRow | null,
  query: CargoExportQuery,
): Promise<ExportJob> {
  const userId = signedInUser(session, MESSAGES.cargoTransfer.signInRequired);
  const owner: Owner = { kind: 'user', userId };
  const scope = await listProfileScope(deps.db, owner, query);
  cargoListFilter(owner, query, scope);
  // One named profile: checked again on every read of the export.
  const profileId = query.owner_id_profile && Array.isArray(scope) && scope.length === 1 ? scope[0]! : null;
  return enqueue(deps, { kind: 'cargo_list', userId, profileId, params: query, format: query.format });
}

/**
 * POST /user/exports/reconciliation: a contract's act, later. Checked as GET
 * settlements/reconciliation checks it: 401, someone else's contract 404, a role without
 * `settlements.view` 403, a period over three years 400.
 */
export async function createReconciliationExport(
  deps: ExportsDeps,
  session: SessionRow | null,
  query: ReconciliationQuery,
): Promise<ExportJob> {
  const { userId, contract } = await checkReconciliation(deps, session, query);
  return enqueue(deps, {
    kind: 'reconciliation',
    userId,
    profileId: contract.profileId,
    params: query,
    format: query.format,
  });
}

/** Removes an export whose time is up: its file, then its record. */
export async function dropExport(
  deps: Pick<ExportsDeps, 'db' | 'storage'>,
  row: Pick<ExportJobRow, 'id' | 'storageKey'>,
) {
  if (row.storageKey) await deps.storage.remove(row.storageKey);
  await repo.deleteExportJob(deps.db, row.id);
}

/**
 * Whether the user may still see what the export holds: a member of its profile (404 once they
 * are not), for an act with `settlements.view` (403).
 */
async function requireScope(db: Database, row: ExportJobRow): Promise<void> {
  if (row.profileId === null) return;
  const membership = await findMembership(db, row.userId, row.profileId);
  if (!membership) throw exportNotFound();
  if (row.kind === 'reconciliation' && !roleCan(membership.role, 'settlements.view')) throw forbidden();
}

/** The user's own export (anyone else's, a malformed id or one past its time: 404). */
async function ownExport(deps: ExportsDeps, session: SessionRow | null, id: string): Promise<ExportJobRow> {
  const userId = signedInUser(session, MESSAGES.common.unauthorized);
  const row = UUID.test(id) ? await repo.findExportJob(deps.db, id.toLowerCase()) : null;
  if (!row || row.userId !== userId) throw exportNotFound();
  if (row.expiresAt <= deps.clock()) {
    await dropExport(deps, row);
    throw exportNotFound();
  }
  await requireScope(deps.db, row);
  return row;
}

/** GET /user/exports/job?id: status, progress and, when ready, the download address. */
export async function getExport(deps: ExportsDeps, session: SessionRow | null, id: string): Promise<ExportJob> {
  return toExportJob(await ownExport(deps, session, id));
}

/**
 * GET /user/exports: the user's latest exports not yet expired, newest first — those about a
 * profile they may no longer see left out.
 */
export async function listExports(deps: ExportsDeps, session: SessionRow | null): Promise<ExportJobList> {
  const userId = signedInUser(session, MESSAGES.common.unauthorized);
  const rows = await repo.listRecentExports(deps.db, userId, deps.clock(), EXPORT_RECENT_LIMIT);
  const roles = rows.some((row) => row.profileId !== null)
    ? new Map((await listMemberships(deps.db, userId)).map((m) => [m.profileId, m.role]))
    : new Map();
  const visible = rows.filter((row) => {
    if (row.profileId === null) return true;
    const role = roles.get(row.profileId);
    return role !== undefined && (row.kind !== 'reconciliation' || roleCan(role, 'settlements.view'));
  });
  return { items: visible.map(toExportJob) };
}

export interface ExportFile {
  body: Readable;
  size: number;
  contentType: string;
  names: { ascii: string; utf8: string };
}

/** GET /user/exports/file?id: the prepared file (409 while it is being prepared or when it failed). */
export async function openExportFile(deps: ExportsDeps, session: SessionRow | null, id: string): Promise<ExportFile> {
  const row = await ownExport(deps, session, id);
  if (row.status !== 'ready' || !row.storageKey) {
    throw new AppError('CONFLICT', 409, row.status === 'failed' ? (row.errorMessage ?? T.renderFailed) : T.notReady);
  }
  const object = await deps.storage.open(row.storageKey);
  if (!object) throw exportNotFound();
  return {
    body: object.body,
    size: object.size,
    contentType: row.contentType!,
    names: { ascii: row.asciiFileName!, utf8: row.fileName! },
  };
}
