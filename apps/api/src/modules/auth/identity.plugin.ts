import type { FastifyInstance } from 'fastify';
import type { Database } from '@freight/db';
import type { AppConfig } from '../../config/env';
import { devOutboxRoutes } from '../messaging/dev-outbox.routes';
import { Outbox, createTransports } from '../messaging/outbox.service';
import { userRoutes } from '../user/user.routes';
import { authRoutes } from './auth.routes';
import type { IdentityDeps } from './auth.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Messages out: the outbox and its sender loop (tests call `outbox.flush()`). */
    outbox: Outbox;
  }
}

/**
 * Wires identity into the app: the outbox with its transports and sender loop (started when the
 * app is ready, stopped on close), the auth and user routes, and — DEMO_MODE only, while a
 * channel has no real provider — the dev outbox.
 */
export async function registerIdentity(
  app: FastifyInstance,
  options: { config: AppConfig; db: Database; clock?: (() => Date) | undefined },
): Promise<void> {
  const { config, db } = options;
  const clock = options.clock ?? (() => new Date());
  const transports = createTransports(config.messaging, clock);
  const outbox = new Outbox(db, transports, clock, config.messaging.pollMs, app.log);
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.stop());

  const deps: IdentityDeps = { db, outbox, clock, policy: config.session, publicOrigin: config.publicOrigin };
  await app.register(authRoutes, { deps });
  await app.register(userRoutes, { deps, allowedOrigins: config.allowedOrigins });
  if (config.demoMode && transports.recorder) {
    await app.register(devOutboxRoutes, { recorder: transports.recorder });
  }
}
