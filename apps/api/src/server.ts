import closeWithGrace from 'close-with-grace';
import { openDatabase, seedDemo, seedReference } from '@freight/db';
import { withStartupLock } from '@freight/db/startup-lock';
import { buildApp } from './app';
import { loadConfig } from './config/env';
import { logDestination, loggerOptions } from './logger';
import { purgeDeadSessions } from './modules/auth/session.service';
import { hashSecret } from './modules/auth/password';
import { purgeIdentityData } from './modules/auth/identity.repository';
import { purgeIdempotencyKeys } from './modules/orders/orders.repository';
import { purgeSmsLedger } from './modules/messaging/sms-policy';
import { demoCargoPricer } from './modules/pricing/demo-pricer';
import { prepareOperatorToken } from './modules/operator/operator-token';

/**
 * Entry point: parse the environment, open the database (PGlite under DATA_DIR unless
 * DATABASE_URL is set), apply migrations, load reference data, listen; stop cleanly on
 * SIGINT/SIGTERM.
 */
const config = loadConfig();
// Standard output, written asynchronously and flushed before the process ends (logger.ts).
const logStream = logDestination();

const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  maxConnections: config.databasePoolSize,
  onIdleError: (error) => app?.log.warn({ err: error }, 'idle database connection lost; the pool will reconnect'),
});
// eslint-disable-next-line prefer-const -- assigned after the database exists, read by its error callback
let app: Awaited<ReturnType<typeof buildApp>> | undefined;

// API instances starting together on one PostgreSQL take turns here (an advisory lock): the first
// migrates and seeds, the others wait, then find nothing left to do.
const demo = await withStartupLock(config.databaseUrl, async () => {
  await database.migrate();
  await seedReference(database.db);
  // The demo cargos are priced by the calculator itself, with today's tariffs.
  return config.demoMode
    ? await seedDemo(database.db, { hashPassword: (p) => hashSecret(p), priceCargo: demoCargoPricer(database.db) })
    : null;
});

app = await buildApp({
  config,
  database,
  logger: loggerOptions(config, logStream),
  operatorToken: await prepareOperatorToken(config.dataDir, config.operatorToken),
});

if (config.demoMode) {
  app.log.warn(
    'DEMO_MODE=1: demo data and development helpers are on. Never run a production deployment with DEMO_MODE.',
  );
  if (demo && demo.unpriced.length > 0) {
    app.log.warn({ tracks: demo.unpriced }, 'demo cargos the calculator refused were priced by the stand-in formula');
  }
}

const purgeTimer = setInterval(() => {
  purgeDeadSessions(database.db, config.session)
    .then((n) => n > 0 && app?.log.info({ removed: n }, 'expired sessions removed'))
    .catch((error: unknown) => app?.log.warn({ err: error }, 'session purge failed'));
  purgeIdentityData(database.db, new Date()).catch((error: unknown) =>
    app?.log.warn({ err: error }, 'identity data purge failed'),
  );
  // Idempotency keys are kept a day (Stripe's window); a retry after that creates a new order.
  purgeIdempotencyKeys(database.db, new Date(Date.now() - 86_400_000)).catch((error: unknown) =>
    app?.log.warn({ err: error }, 'idempotency key purge failed'),
  );
  // The SMS budgets look back an hour; the ledger keeps two days for investigating (decision 010).
  purgeSmsLedger(database.db).catch((error: unknown) => app?.log.warn({ err: error }, 'sms ledger purge failed'));
}, 3_600_000);
purgeTimer.unref();

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app?.log.error({ err }, 'fatal error, shutting down');
  else app?.log.info({ signal }, 'shutting down');
  clearInterval(purgeTimer);
  await app?.close();
  await database.close();
  // The last lines (this shutdown's included) reach the file before the process exits; pino also
  // flushes synchronously on exit, which covers a crash that never gets here.
  logStream.flushSync();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`API «Магистраль» on http://${config.host}:${config.port} (database: ${database.kind})`);
