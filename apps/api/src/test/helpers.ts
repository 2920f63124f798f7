import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@freight/db/testing';
import { seedReference } from '@freight/db';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config/env';

export const TEST_ORIGIN = 'http://localhost:3000';

/** The CAPTCHA key of test contexts: configured, as a production deployment must be (decision 011). */
export const TEST_CAPTCHA_HMAC_KEY = 'test-captcha-hmac-key-0123456789abcdef';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A real API on a real, freshly migrated database (PGlite, or PostgreSQL when the suite
 * runs with TEST_DB_KIND=pg), seeded with reference data. Nothing is mocked.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: {
    clock?: () => Date;
    logger?: BuildAppOptions['logger'];
    operatorToken?: string;
    /** Runs on the built app before it is ready (a test's own hook or route). */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  await seedReference(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    CAPTCHA_HMAC_KEY: TEST_CAPTCHA_HMAC_KEY,
    // Jobs run when a test drains them (app.jobs.drain, app.outbox.flush), never behind its back.
    JOB_WORKERS: '0',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    logger: options.logger ?? false,
    operatorToken: options.operatorToken,
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The `name=value` pair of a Set-Cookie header, for sending the cookie back. */
export function cookiePair(setCookie: string | string[] | undefined, name: string): string | undefined {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = list.find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0];
}
