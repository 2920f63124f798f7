import { Transform, type Writable } from 'node:stream';
import { CargoExportQuerySchema, ReconciliationQuerySchema } from '@freight/contracts';
import { MESSAGES } from '@freight/domain';
import { EXPORT_JOBS_TEXTS } from '@freight/domain/texts/export-jobs';
import { AppError } from '../../errors/app-error';
import { findActiveUserById } from '../auth/identity.repository';
import type { JobQueue } from '../jobs/job-queue';
import {
  CONTENT_TYPES,
  countCargoExport,
  exportFileNames,
  writeCargoExport,
  type ExportProgress,
} from '../orders/cargo-export';
import type { Owner } from '../orders/orders.repository';
import { reconciliationForUser } from '../settlements/settlements.service';
import type { FileStorage } from '../uploads/file-storage';
import * as repo from './exports.repository';
import type { ExportJobRow } from './exports.repository';
import { EXPORT_RENDER_QUEUE, dropExport, type ExportsDeps, type RenderJob } from './exports.service';

/*
 * The job of queue `exports.render` (one per export, sent in the transaction that recorded it):
 * renders the file with the same writer as the GET download (orders/cargo-export.ts, the act's
 * writers in modules/settlements) into the file storage, reporting progress after every batch.
 *
 * Exactly once: the job first claims its row (`queued` → `running`, attempts + 1); a job run
 * twice — a retry after a crash, a second worker — finds it `running`, `ready` or `failed` and
 * does nothing, and a worker finishes the row only while the claim is still its own. A claim older
 * than the lease is a dead worker's and may be taken over.
 */

const T = EXPORT_JOBS_TEXTS;

/** A render that failed is tried this many more times (pg-boss's retries), then the export is `failed`. */
export const EXPORT_RENDER_RETRIES = 2;
/** A render holds its export this long (pg-boss expires the job then; a claim older than this is a dead worker's). */
export const RENDER_LEASE_SECONDS = 15 * 60;

/** What a job renders: the file's type and names, how many rows it will have, and its writer. */
interface PreparedExport {
  contentType: string;
  names: { ascii: string; utf8: string };
  rows: number;
  write(output: Writable, progress: ExportProgress): Promise<void>;
}

/** The export's data, checked again for the user who asked (their access may have changed since). */
async function prepare(deps: ExportsDeps, row: ExportJobRow): Promise<PreparedExport> {
  if (row.kind === 'reconciliation') {
    return reconciliationForUser(deps, row.userId, ReconciliationQuerySchema.parse(row.params));
  }
  const query = CargoExportQuerySchema.parse(row.params);
  if (!(await findActiveUserById(deps.db, row.userId))) {
    throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  }
  const owner: Owner = { kind: 'user', userId: row.userId };
  const rows = await countCargoExport(deps.db, owner, query);
  return {
    contentType: CONTENT_TYPES[query.format],
    names: exportFileNames(deps.clock(), query.format),
    rows,
    write: (output, progress) => writeCargoExport(deps.db, owner, query, output, progress),
  };
}

/**
 * Streams what `write` writes into a new object `key` of the storage (temporary first, promoted
 * once complete); returns its size in bytes. A failure of either side leaves nothing behind.
 */
async function store(
  storage: FileStorage,
  key: string,
  contentType: string,
  write: (output: Writable) => Promise<void>,
): Promise<number> {
  let size = 0;
  const output = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const [tempKey] = await Promise.all([storage.writeTemp(output), write(output)]);
  try {
    await storage.promote(tempKey, key, contentType);
  } catch (error) {
    await storage.remove(tempKey).catch(() => undefined);
    throw error;
  }
  return size;
}

/**
 * Renders one export (the job's handler). A refusal (the user lost access, 4xx) fails the export
 * at once with a Russian reason; any other error is retried EXPORT_RENDER_RETRIES times by
 * pg-boss (the row goes back to `queued`), then the export is `failed` with
 * «Не удалось подготовить файл…». `retryCount` is pg-boss's count of earlier failures.
 */
export async function renderExport(deps: ExportsDeps, exportId: string, retryCount = 0): Promise<void> {
  const now = deps.clock();
  const row = await repo.claimExportJob(deps.db, exportId, now, new Date(now.getTime() - RENDER_LEASE_SECONDS * 1000));
  if (!row) return;
  const attempt = row.attempts;
  let storedKey: string | null = null;
  try {
    const file = await prepare(deps, row);
    await repo.setExportProgress(deps.db, row.id, attempt, { rowsDone: 0, rowsTotal: file.rows });
    let rowsDone = 0;
    const progress: ExportProgress = {
      onRows: async (done) => {
        rowsDone = done;
        await repo.setExportProgress(deps.db, row.id, attempt, { rowsDone: done });
      },
    };
    const key = `exports/${row.id}-${attempt}.${row.format}`;
    const size = await store(deps.storage, key, file.contentType, (output) => file.write(output, progress));
    storedKey = key;
    const finished = await repo.finishExportJob(deps.db, row.id, attempt, {
      storageKey: key,
      fileName: file.names.utf8,
      asciiFileName: file.names.ascii,
      contentType: file.contentType,
      sizeBytes: size,
      rowsDone,
      finishedAt: deps.clock(),
    });
    // Taken over (this worker stalled past its lease) or expired meanwhile: the file is not used.
    if (!finished) await deps.storage.remove(key);
  } catch (error) {
    if (storedKey) await deps.storage.remove(storedKey).catch(() => undefined);
    if (error instanceof AppError && error.statusCode < 500) {
      const reason = error.statusCode === 400 ? error.message : T.accessLost;
      await repo.failExportJob(deps.db, row.id, attempt, reason, deps.clock());
      return;
    }
    deps.log?.warn({ err: error, exportId, attempt, retryCount }, 'export render failed');
    if (retryCount < EXPORT_RENDER_RETRIES) {
      await repo.requeueExportJob(deps.db, row.id, attempt);
      throw error;
    }
    await repo.failExportJob(deps.db, row.id, attempt, T.renderFailed, deps.clock());
  }
}

/**
 * Upkeep: deletes the exports whose time is up (files first, a batch at a time) and fails the
 * ones whose worker died on its last attempt. Returns what it did.
 */
export async function maintainExports(
  deps: Pick<ExportsDeps, 'db' | 'storage' | 'clock'>,
): Promise<{ expired: number; stalled: number }> {
  const now = deps.clock();
  const stalled = await repo.failStaleExports(
    deps.db,
    new Date(now.getTime() - 2 * RENDER_LEASE_SECONDS * 1000),
    T.renderFailed,
    now,
  );
  let expired = 0;
  for (;;) {
    const rows = await repo.listExpiredExports(deps.db, now, 100);
    for (const row of rows) await dropExport(deps, row);
    expired += rows.length;
    if (rows.length < 100) return { expired, stalled };
  }
}

/** The worker of `exports.render`; call before the app is ready (declares the queue). */
export function registerExportWorker(jobs: Pick<JobQueue, 'work'>, deps: ExportsDeps): void {
  jobs.work<RenderJob>(EXPORT_RENDER_QUEUE, (job) => renderExport(deps, job.data.exportId, job.retryCount), {
    retryLimit: EXPORT_RENDER_RETRIES,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: RENDER_LEASE_SECONDS,
  });
}
