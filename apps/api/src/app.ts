import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JSON_BODY_LIMIT_BYTES, MESSAGES, russianZodMessage } from '@freight/domain';
import type { DatabaseHandle } from '@freight/db';
import type { AppConfig } from './config/env';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './errors/error-handler';
import { inputGuard, inputValidatorCompiler } from './plugins/input-guard';
import { csrfPlugin } from './plugins/csrf';
import { sessionPlugin } from './plugins/session';
import { openapiPlugin } from './plugins/openapi';
import { securityHeaders } from './plugins/security-headers';
import { registerRedis } from './plugins/redis';
import { sharedRateLimitStore } from './plugins/rate-limit-store';
import { healthRoutes } from './modules/health/health.routes';
import { anonymousRoutes } from './modules/auth/anonymous.routes';
import { contentRoutes } from './modules/content/content.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { locationRoutes } from './modules/locations/locations.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { pricingRoutes } from './modules/pricing/pricing.routes';
import { registerIdentity } from './modules/auth/identity.plugin';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { commercialRoutes } from './modules/commercial/commercial.routes';
import { settlementsRoutes } from './modules/settlements/settlements.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { teamRoutes } from './modules/team/team.routes';
import { bugReportRoutes, type BugReportRoutesOptions } from './modules/bug-reports/bug-report.routes';
import { accessRequestRoutes } from './modules/access-requests/access-requests.routes';
import { operatorRoutes } from './modules/operator/operator.routes';
import { backOfficeRoutes } from './modules/back-office/back-office.routes';
import { registerNotifications } from './modules/notifications/notifications.plugin';
import { registerWebhooks } from './modules/webhooks/webhooks.plugin';
import { registerExports } from './modules/exports/exports.plugin';
import { apiKeyAuth } from './modules/api-keys/api-keys.auth';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { startPriceChangeBus } from './modules/pricing/price-change-bus';
import { createFileStorage, type FileStorage } from './modules/uploads/file-storage';
import { UploadProcess } from './modules/uploads/upload-process';
import { JobQueue } from './modules/jobs/job-queue';
import { declareCargoEventQueues } from './modules/jobs/cargo-events';
import { RequestLog } from './logger';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (modules/jobs/job-queue.ts): declare queues and workers before ready. */
    jobs: JobQueue;
  }
}

// Plain Russian validation messages: no type names, patterns or English (packages/domain/src/zod-messages.ts).
z.config({ customError: russianZodMessage });

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Upload storage; by default the one the configuration asks for (DATA_DIR/uploads or S3). */
  storage?: FileStorage;
  /** Test and benchmark knobs of the bug report (limits, per-file size). */
  bugReport?: Omit<BugReportRoutesOptions, 'db' | 'storage' | 'scratchDir'>;
  /** Pino options or false (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Time source of the identity rules (code expiry, limits); tests move it forward. */
  clock?: () => Date;
  /** The operator token (operator-token.ts): when given, the operator's loopback calls exist. */
  operatorToken?: string;
}

/** Nothing the API serves needs a powerful browser feature (same list as the web pages). */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), display-capture=()';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Log redaction (kept in logger.ts, beside the rest of the logging). */
export { REDACT_PATHS } from './logger';

/** Builds the API without listening, so tests can `inject()` against a real database. */
export async function buildApp({
  config,
  database,
  logger = false,
  storage,
  bugReport,
  clock,
  operatorToken,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // One line per request instead of Fastify's two (logger.ts).
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    // The whole-request deadline must let a 1 GB upload arrive (UPLOAD_TIMEOUT_MS); idle
    // connections are still cut after connectionTimeout, and JSON bodies are capped at 1 MB.
    requestTimeout: Math.max(config.requestTimeoutMs, config.uploads.timeoutMs),
    connectionTimeout: config.requestTimeoutMs * 2,
    keepAliveTimeout: 72_000,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Router and HTTP-parser errors answered in Russian, never echoing the request (errors/error-handler.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Request bodies are JSON (and multipart on the upload route, whose plugin adds that parser in
  // its own scope). Fastify's built-in text/plain parser goes: text/plain is a type a cross-site
  // form may send without a preflight. Any other type now ends in FST_ERR_CTP_INVALID_MEDIA_TYPE,
  // answered 415 UNSUPPORTED_MEDIA_TYPE in Russian by the error handler.
  app.removeContentTypeParser('text/plain');
  await app.register(inputGuard);

  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  // Helmet's headers, computed once at start-up (plugins/security-headers.ts).
  await app.register(securityHeaders, {
    // The API answers JSON; the only HTML is the docs UI, whose assets are all same-origin.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", 'https:'],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: config.isProduction
      ? { maxAge: 63_072_000, includeSubDomains: true, preload: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    additionalHeaders: { 'permissions-policy': PERMISSIONS_POLICY },
  });

  await app.register(cookie);
  // REDIS_URL: rate limits counted in Redis, so they hold across API instances (plugins/rate-limit-store.ts).
  const redis = await registerRedis(app, config.redis);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: sharedRateLimitStore(redis, app.log) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'TOO_MANY_REQUESTS',
      message: MESSAGES.common.tooManyRequests,
      error: 'Too Many Requests',
    }),
  });
  await app.register(csrfPlugin, {
    allowedOrigins: config.allowedOrigins,
    sessionCookie: config.sessionCookie,
    staffCookie: config.staffCookie,
  });
  await app.register(sessionPlugin, {
    db: database.db,
    policy: config.session,
    secureCookies: config.cookieSecure,
    cookieName: config.sessionCookie,
  });
  await app.register(openapiPlugin, { sessionCookie: config.sessionCookie });
  // Client API keys (issue 18): `Authorization: Bearer` calls, before every route (modules/api-keys).
  const apiKeysDeps = {
    db: database.db,
    clock: clock ?? (() => new Date()),
    defaultRatePerMinute: config.apiKeys.ratePerMinute,
  };
  await app.register(apiKeyAuth, {
    deps: apiKeysDeps,
    cookieNames: [config.sessionCookie, config.staffCookie],
  });

  await app.register(healthRoutes, { database });
  await app.register(anonymousRoutes, { db: database.db, policy: config.session });
  await app.register(contentRoutes, {
    db: database.db,
    storage: storage ?? createFileStorage(config.uploads),
    ...(clock ? { clock } : {}),
  });
  await app.register(locationRoutes, { db: database.db, config, ...(clock ? { clock } : {}) });
  await app.register(catalogRoutes, { db: database.db });
  await app.register(pricingRoutes, { db: database.db, ...(clock ? { clock } : {}) });
  await app.register(feedbackRoutes, { db: database.db });
  // Background work (issue 18): a pg-boss queue in the application database, shared by instances.
  const jobs = new JobQueue({
    database,
    log: app.log,
    poll: config.jobs.workers,
    pollSeconds: config.jobs.pollSeconds,
  });
  app.decorate('jobs', jobs);
  declareCargoEventQueues(jobs);
  // After every plugin declared its queues and workers; stopped (in-flight jobs finished) on close.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  await registerIdentity(app, { config, db: database.db, clock });
  // Status notifications (issue 18): settings, Telegram, unsubscribe; the notify.cargo_status worker.
  await registerNotifications(app, { config, db: database.db, clock });
  // Webhooks (issue 18): the account's calls and the webhooks.* workers (modules/webhooks).
  await registerWebhooks(app, { config, db: database.db, clock });
  await app.register(ordersRoutes, {
    deps: {
      db: database.db,
      outbox: app.outbox,
      sms: app.smsPolicy,
      orderEmailsPerRecipientHour: config.smsPolicy.orderEmailsPerRecipientHour,
      clock: clock ?? (() => new Date()),
      publicOrigin: config.publicOrigin,
    },
  });
  await app.register(documentsRoutes, {
    deps: {
      db: database.db,
      clock: clock ?? (() => new Date()),
      publicOrigin: config.publicOrigin,
      carrier: config.carrier,
    },
  });
  await app.register(teamRoutes, {
    deps: {
      db: database.db,
      outbox: app.outbox,
      sms: app.smsPolicy,
      clock: clock ?? (() => new Date()),
      policy: config.session,
      publicOrigin: config.publicOrigin,
    },
  });
  await app.register(bugReportRoutes, {
    db: database.db,
    storage: storage ?? createFileStorage(config.uploads),
    // Uploads are checked and re-encoded on local disk, whichever storage keeps them.
    scratchDir: path.join(config.uploads.dir, 'scratch'),
    // Bodies received by a low-priority process, so uploads do not slow other calls (issue #20, finding 9).
    ...(config.uploads.intake === 'process' && !bugReport?.uploadProcess
      ? {
          uploadProcess: new UploadProcess({
            requestTimeoutMs: Math.max(config.requestTimeoutMs, config.uploads.timeoutMs),
            idleTimeoutMs: config.requestTimeoutMs * 2,
            log: app.log,
          }),
        }
      : {}),
    ...bugReport,
  });
  await app.register(accessRequestRoutes, {
    deps: {
      db: database.db,
      storage: storage ?? createFileStorage(config.uploads),
      scratchDir: path.join(config.uploads.dir, 'scratch'),
      clock: clock ?? (() => new Date()),
    },
  });
  // Money and numbers of a business client (issue 16).
  await app.register(settlementsRoutes, {
    deps: { db: database.db, clock: clock ?? (() => new Date()), carrier: config.carrier },
  });
  // Queued exports (issue 18 item 4): the order list and the act prepared by `exports.render` jobs.
  await registerExports(app, {
    config,
    db: database.db,
    storage: storage ?? createFileStorage(config.uploads),
    clock,
  });
  await app.register(analyticsRoutes, { deps: { db: database.db, clock: clock ?? (() => new Date()) } });
  await app.register(commercialRoutes, {
    deps: {
      db: database.db,
      clock: clock ?? (() => new Date()),
      storage: storage ?? createFileStorage(config.uploads),
      allowedOrigins: config.allowedOrigins,
    },
  });
  await app.register(apiKeysRoutes, { deps: apiKeysDeps });
  // Tariff and promo-code changes reach every API instance on the database (LISTEN/NOTIFY).
  const priceBus = await startPriceChangeBus(database, (error) =>
    app.log.error({ err: error }, 'price change notify failed'),
  );
  app.addHook('onClose', async () => priceBus.stop());
  await app.register(backOfficeRoutes, {
    cookieName: config.staffCookie,
    secureCookies: config.cookieSecure,
    deps: {
      db: database.db,
      clock: clock ?? (() => new Date()),
      outbox: app.outbox,
      sms: app.smsPolicy,
      publicOrigin: config.publicOrigin,
      storage: storage ?? createFileStorage(config.uploads),
      scratchDir: path.join(config.uploads.dir, 'scratch'),
      carrier: config.carrier,
      announcePriceChange: () => priceBus.announce(),
      jobs: app.jobs,
    },
  });
  if (operatorToken) {
    await app.register(operatorRoutes, {
      token: operatorToken,
      deps: {
        db: database.db,
        clock: clock ?? (() => new Date()),
        outbox: app.outbox,
        publicOrigin: config.publicOrigin,
      },
    });
  }

  return app;
}
