import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { defaultMigrationsFolder, openDatabase, type DatabaseHandle } from '../client';

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
    const snapshot = await migratedSnapshot();
    const handle = await openDatabase({ loadDataDir: new Blob([new Uint8Array(snapshot)]) });
    // Nothing to apply: the snapshot is of these migrations (it is keyed by their contents).
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

/**
 * A PGlite data directory with every migration applied, as a tarball shared by the test files
 * of a run: starting PGlite from it takes about a quarter of an empty start (initdb) plus the
 * migrations. Kept in the OS temp directory under a hash of the migration files, so a changed
 * migration makes a new one; written to a temporary name and renamed, so concurrent workers
 * never read half a file.
 */
async function migratedSnapshot(): Promise<Uint8Array> {
  const folder = defaultMigrationsFolder();
  const hash = createHash('sha256');
  // A dump is read by the PGlite that wrote it: a new version makes a new snapshot.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  for (const dir of [folder, path.join(folder, 'meta')]) {
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
      hash.update(name).update(readFileSync(path.join(dir, name)));
    }
  }
  const file = path.join(os.tmpdir(), `freight-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return readFileSync(file);
  const handle = await openDatabase({});
  try {
    await handle.migrate();
    const dump = new Uint8Array(await (await handle.dumpDataDir!()).arrayBuffer());
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
    return dump;
  } finally {
    await handle.close();
  }
}
