import pg from 'pg';

/** The advisory-lock key of the start-up work (migrations and reference data) of every instance. */
export const STARTUP_LOCK_NAME = 'magistral:startup';

/**
 * Runs `work` (migrations, then reference data) while holding a PostgreSQL session-level advisory
 * lock, so API instances starting together on one database take turns: the first migrates, the
 * others wait and then find nothing left to apply. Drizzle's migrator takes no lock of its own;
 * two of them at once try to create the same tables.
 *
 * The lock is held by a connection of its own, outside the pool: no query timeout cuts the wait,
 * and if the process dies the connection closes and the lock is released. Without `url` (PGlite,
 * one process owns its data directory) `work` simply runs. `onWait` is called when another holder
 * is found, before waiting.
 */
export async function withStartupLock<T>(
  url: string | undefined,
  work: () => Promise<T>,
  onWait: () => void = () => {},
): Promise<T> {
  if (!url) return work();
  const client = new pg.Client({ connectionString: url, application_name: 'magistral-startup' });
  // An error on this idle connection (server restart) must not kill the process: the query fails instead.
  client.on('error', () => {});
  await client.connect();
  try {
    const tried = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [
      STARTUP_LOCK_NAME,
    ]);
    if (!tried.rows[0]?.locked) {
      onWait();
      await client.query('select pg_advisory_lock(hashtext($1))', [STARTUP_LOCK_NAME]);
    }
    return await work();
  } finally {
    // Closing the session releases the lock, whether or not the unlock got through.
    await client.query('select pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK_NAME]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
