import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../client';

export type TestDbKind = 'pglite' | 'pg';

export interface TestDatabase extends DatabaseHandle {
  /** Connection string of the isolated database (pg kind only). */
  url?: string;
}

/** Which database the current test run targets: TEST_DB_KIND=pg needs TEST_DATABASE_URL. */
export function testDbKind(): TestDbKind {
  return process.env.TEST_DB_KIND === 'pg' ? 'pg' : 'pglite';
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file. PGlite: in memory. PostgreSQL: a new
 * database `test_<random>` on the TEST_DATABASE_URL server, dropped again by `close()`,
 * so runs never see each other's rows and leave nothing behind.
 */
export async function createTestDatabase(
  options: { kind?: TestDbKind; maxConnections?: number; onIdleError?: (e: Error) => void } = {},
): Promise<TestDatabase> {
  const kind = options.kind ?? testDbKind();
  if (kind === 'pglite') {
    const handle = await openDatabase({});
    await handle.migrate();
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test suite');
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const handle = await openDatabase({
    url,
    maxConnections: options.maxConnections ?? 5,
    onIdleError: options.onIdleError ?? (() => {}),
  });
  await handle.migrate();
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
