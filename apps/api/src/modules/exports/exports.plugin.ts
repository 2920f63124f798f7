import type { FastifyInstance } from 'fastify';
import type { Database } from '@freight/db';
import type { AppConfig } from '../../config/env';
import type { FileStorage } from '../uploads/file-storage';
import { exportsRoutes } from './exports.routes';
import type { ExportsDeps } from './exports.service';
import { maintainExports, registerExportWorker } from './exports.worker';

/** How often a worker process deletes expired exports and fails those whose worker died. */
const MAINTENANCE_INTERVAL_MS = 15 * 60_000;

/**
 * Queued exports (issue 18 item 4) in one call from buildApp, after `app.jobs` exists and before
 * ready: the routes, the `exports.render` worker and — in a process that runs workers — the
 * upkeep of expired files.
 */
export async function registerExports(
  app: FastifyInstance,
  options: { config: AppConfig; db: Database; storage: FileStorage; clock?: (() => Date) | undefined },
): Promise<ExportsDeps> {
  const deps: ExportsDeps = {
    db: options.db,
    jobs: app.jobs,
    storage: options.storage,
    clock: options.clock ?? (() => new Date()),
    carrier: options.config.carrier,
    log: app.log,
  };
  registerExportWorker(app.jobs, deps);
  await app.register(exportsRoutes, { deps });
  if (options.config.jobs.workers) {
    const timer = setInterval(() => {
      maintainExports(deps).catch((error: unknown) => app.log.warn({ err: error }, 'export upkeep failed'));
    }, MAINTENANCE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return deps;
}
