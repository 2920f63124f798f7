import type { FastifyInstance } from 'fastify';
import type { Database } from '@freight/db';
import type { AppConfig } from '../../config/env';
import { createSecretBox, webhookKeySource } from './secret-box';
import type { Resolver } from './url-guard';
import { maintainDeliveries, registerWebhookWorkers, type WebhookDeps } from './webhooks.delivery';
import { webhooksRoutes } from './webhooks.routes';

/** How often a worker process re-queues lost attempts and deletes month-old deliveries. */
const MAINTENANCE_INTERVAL_MS = 3_600_000;

/**
 * Webhooks (issue 18) in one call from buildApp, after `app.jobs` exists and before ready: the
 * account's calls, the workers of `webhooks.cargo_status`, `webhooks.invoice_issued` and
 * `webhooks.deliver`, and — in a process that runs workers — an hourly upkeep of deliveries.
 */
export async function registerWebhooks(
  app: FastifyInstance,
  options: { config: AppConfig; db: Database; clock?: (() => Date) | undefined; resolve?: Resolver },
): Promise<WebhookDeps> {
  const { config } = options;
  const deps: WebhookDeps = {
    db: options.db,
    jobs: app.jobs,
    box: createSecretBox(webhookKeySource(config.dataDir, config.webhooks.secretKey)),
    policy: { allowPrivateTargets: config.webhooks.allowPrivateTargets, allowHttp: config.webhooks.allowHttp },
    retryBaseMs: config.webhooks.retryBaseMs,
    clock: options.clock ?? (() => new Date()),
    log: app.log,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  };
  registerWebhookWorkers(app.jobs, deps);
  await app.register(webhooksRoutes, { deps });
  if (config.jobs.workers) {
    const timer = setInterval(() => {
      maintainDeliveries(deps).catch((error: unknown) => app.log.warn({ err: error }, 'webhook upkeep failed'));
    }, MAINTENANCE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return deps;
}
