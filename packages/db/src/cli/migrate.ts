/**
 * `npm run db:migrate`: applies migrations to DATABASE_URL, or to PGlite under DATA_DIR.
 * The API applies them on start too; this is for deployments that migrate as a separate step.
 */
import path from 'node:path';
import { openDatabase } from '../client';
import { withStartupLock } from '../startup-lock';

const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || path.join(process.env.INIT_CWD ?? process.cwd(), '.data'),
});
// The same lock as the API's start: a migration step and starting instances never run at once.
await withStartupLock(process.env.DATABASE_URL || undefined, () => handle.migrate());
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
