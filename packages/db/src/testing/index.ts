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
  const template = await migratedTemplate(adminUrl);
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}" template "${template}"`);
  const url = withDatabase(adminUrl, name);
  const handle = await openDatabase({
    url,
    maxConnections: options.maxConnections ?? 5,
    onIdleError: options.onIdleError ?? (() => {}),
  });
  // Nothing to apply: the template is of these migrations (it is keyed by their contents).
  await handle.migrate();
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A hash of the migration files (and of the PGlite that reads a dump): the key of a prepared database. */
function migrationsKey(): string {
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
  return hash.digest('hex').slice(0, 16);
}

let templateOnce: Promise<string> | null = null;

/** An unfinished template copy older than this was left by a run that died. */
export const STALE_PARTIAL_MS = 30 * 60_000;

/**
 * Whether `migratedTemplate` may drop this database: a template of other migrations, or an
 * unfinished copy begun more than {@link STALE_PARTIAL_MS} before `now` (or named the old way,
 * without its start).
 */
export function isStaleTemplate(datname: string, now: number): boolean {
  if (datname.startsWith('freight_tpl_')) return true;
  const begun = /^freight_tplpart_([0-9a-z]+)_[0-9a-f]+$/.exec(datname);
  if (!begun) return datname.startsWith('freight_tplpart_');
  return now - parseInt(begun[1]!, 36) > STALE_PARTIAL_MS;
}

/**
 * A migrated database on the TEST_DATABASE_URL server, the template every test database is copied
 * from (`create database … template`, about a tenth of migrating an empty one). Named by the
 * migrations' hash, so a changed migration makes a new one; made under a temporary name and renamed,
 * so concurrent workers never copy half of one (the loser of the race drops its copy). Templates of
 * other migrations are dropped, and so are unfinished copies left by a run that died (older than
 * {@link STALE_PARTIAL_MS}): never a younger one, which another worker may be migrating right now
 * (dropping it WITH (FORCE) cut that worker's connection, an uncaught error in its test file).
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  templateOnce ??= (async () => {
    const template = `freight_tpl_${migrationsKey()}`;
    const exists = async () =>
      (await adminQuery(adminUrl, `select 1 from pg_database where datname = '${template}'`)).rowCount === 1;
    if (await exists()) return template;
    // The name says when it was begun, so a later run can tell a dead run's copy from a live one.
    const partial = `freight_tplpart_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database "${partial}"`);
    try {
      const handle = await openDatabase({
        url: withDatabase(adminUrl, partial),
        maxConnections: 1,
        onIdleError: () => {},
      });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await adminQuery(adminUrl, `alter database "${partial}" rename to "${template}"`);
    } catch (error) {
      await adminQuery(adminUrl, `drop database if exists "${partial}" with (force)`);
      if (!(await exists())) throw error;
      return template; // another worker made it first
    }
    const stale = await adminQuery(
      adminUrl,
      `select datname from pg_database where (datname like 'freight\\_tpl\\_%' or datname like 'freight\\_tplpart\\_%')` +
        ` and datname <> '${template}' and datname <> '${partial}'`,
    );
    for (const row of stale.rows as { datname: string }[]) {
      if (!isStaleTemplate(row.datname, Date.now())) continue;
      await adminQuery(adminUrl, `drop database if exists "${row.datname}" with (force)`).catch(() => undefined);
    }
    return template;
  })();
  templateOnce.catch(() => {
    templateOnce = null;
  });
  return templateOnce;
}

/**
 * A PGlite data directory with every migration applied, as a tarball shared by the test files
 * of a run: starting PGlite from it takes about a quarter of an empty start (initdb) plus the
 * migrations. Kept in the OS temp directory under a hash of the migration files, so a changed
 * migration makes a new one; written to a temporary name and renamed, so concurrent workers
 * never read half a file.
 */
async function migratedSnapshot(): Promise<Uint8Array> {
  const file = path.join(os.tmpdir(), `freight-pglite-${migrationsKey()}.tar`);
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
