import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Applies every committed migration that has not run yet. */
  migrate(): Promise<void>;
  /**
   * LISTEN on `channel` (PostgreSQL NOTIFY, seen by every process on the same database): calls
   * `onMessage` with each payload. Resolves once listening; the returned function stops it.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY `channel` with `payload` (delivered to every listener, this process included). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Plain SQL with positional parameters (`$1`…) outside Drizzle, for libraries that bring their
   * own SQL (the pg-boss job queue). Without values the text may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (the test kit's migrated-database snapshot). */
  dumpDataDir?: () => Promise<Blob | File>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string. When absent, PGlite is used. */
  url?: string | undefined;
  /** Directory for PGlite's files; `undefined` with no url means an in-memory database. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Called when an idle pooled connection fails (e.g. the server restarts). Must not throw. */
  onIdleError?: (error: Error) => void;
  migrationsFolder?: string;
  /** PGlite in memory only: start from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob | undefined;
}

/**
 * Where the committed SQL migrations are. In the source tree they sit next to `src/`;
 * in the bundled API they are copied beside the bundle (`dist/migrations`).
 */
export function defaultMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, '..', 'migrations'), path.join(here, 'migrations')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Opens the database: node-postgres when `url` is set, otherwise PGlite (PostgreSQL in WASM)
 * persisted under `dataDir` (or in memory).
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      // Fail a query that hangs (e.g. server frozen) instead of holding the request forever.
      query_timeout: 15_000,
      application_name: 'magistral-api',
    });
    // Without this listener an idle client losing its connection (server restart)
    // emits an unhandled 'error' and kills the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      migrate: () => migratePg(db as never, { migrationsFolder }),
      listen: (channel, onMessage) => listenPg(options, channel, onMessage),
      notify: async (channel, payload) => {
        assertChannel(channel);
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      executeSql: async (text, values) => {
        const result = await pool.query(text, values && values.length > 0 ? values : undefined);
        // A multi-statement text answers an array of results: the last one is the answer.
        const last = Array.isArray(result) ? (result as pg.QueryResult[]).at(-1) : result;
        return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
      },
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    listen: async (channel, onMessage) => {
      assertChannel(channel);
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    notify: async (channel, payload) => {
      assertChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      // PGlite's extended protocol takes one statement; exec takes several and answers each.
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * A dedicated connection that LISTENs (a pooled one would be handed to other queries). If it
 * drops, it reconnects after a second and calls `onMessage('reconnected')`, so the caller can
 * treat "maybe missed something" like a message.
 */
async function listenPg(
  options: OpenDatabaseOptions,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  assertChannel(channel);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (first: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: options.url, application_name: 'magistral-listen' });
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    client.on('error', (error) => {
      options.onIdleError?.(error);
      if (current === client) current = null;
      void client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(false).catch(() => undefined), 1_000);
    });
    await client.connect();
    await client.query(`listen ${channel}`);
    current = client;
    if (!first) onMessage('reconnected');
  };
  await connect(true);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await current?.end().catch(() => undefined);
    current = null;
  };
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);

const CONNECTION_ERROR_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Query read timeout',
  'terminating connection',
];

/**
 * True when an error means "the database cannot be reached right now" rather than
 * "this query is wrong": such requests answer 503 and the pool reconnects by itself.
 * Drizzle wraps driver errors, so the `cause` chain is walked.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object') {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
      const message = (current as { message?: unknown }).message;
      if (typeof message === 'string' && CONNECTION_ERROR_MESSAGES.some((m) => message.includes(m))) {
        return true;
      }
      const errors = (current as { errors?: unknown }).errors;
      if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailableError(e))) return true;
      current = (current as { cause?: unknown }).cause;
    } else {
      break;
    }
  }
  return false;
}
