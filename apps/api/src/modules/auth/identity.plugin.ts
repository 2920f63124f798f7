import type { FastifyInstance } from 'fastify';
import type { Database } from '@freight/db';
import type { AppConfig } from '../../config/env';
import { captchaRoutes } from '../captcha/captcha.routes';
import type { CaptchaDeps } from '../captcha/captcha.service';
import { devOutboxRoutes } from '../messaging/dev-outbox.routes';
import { Outbox, createTransports } from '../messaging/outbox.service';
import { SmsPolicy, smsBudgetPressure } from '../messaging/sms-policy';
import { userRoutes } from '../user/user.routes';
import { authRoutes } from './auth.routes';
import type { IdentityDeps } from './auth.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Messages out: the outbox, sent by the job queue's workers (tests call `outbox.flush()`). */
    outbox: Outbox;
    /** The one door for SMS (decision 010): class check, hourly budgets, ledger, alerts. */
    smsPolicy: SmsPolicy;
  }
}

/**
 * Wires identity into the app: the outbox with its transports (its messages are jobs of the
 * queue, `app.jobs`), the CAPTCHA in front of code requests (decision 011), the auth
 * and user routes, and — DEMO_MODE only, while a channel has no real provider — the dev outbox.
 */
export async function registerIdentity(
  app: FastifyInstance,
  options: { config: AppConfig; db: Database; clock?: (() => Date) | undefined },
): Promise<void> {
  const { config, db } = options;
  const clock = options.clock ?? (() => new Date());
  const transports = createTransports(config.messaging, clock);
  const outbox = new Outbox(db, transports, clock, app.jobs, app.log);
  app.decorate('outbox', outbox);
  const sms = new SmsPolicy({ db, outbox, budgets: config.smsPolicy.budgets, clock, log: app.log });
  app.decorate('smsPolicy', sms);
  app.addHook('onClose', async () => outbox.stop());

  const deps: IdentityDeps = { db, outbox, sms, clock, policy: config.session, publicOrigin: config.publicOrigin };
  const captcha: CaptchaDeps = {
    db,
    config: config.captcha,
    clock,
    // Trigger (b) of decision 011: an SMS budget of decision 010 is ≥ 80 % spent.
    smsPressure: (requester) => smsBudgetPressure(db, requester),
    log: app.log,
  };
  if (config.captcha.hmacKeyGenerated && config.isProduction) {
    app.log.warn('CAPTCHA_HMAC_KEY is not set: a random key was made; challenges die with this process');
  }
  await app.register(captchaRoutes, { captcha });
  await app.register(authRoutes, { deps, captcha });
  await app.register(userRoutes, { deps, allowedOrigins: config.allowedOrigins });
  if (config.demoMode && transports.recorder) {
    await app.register(devOutboxRoutes, { recorder: transports.recorder });
  }
}
