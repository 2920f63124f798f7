/** `npm run db:seed`: migrates, then loads the reference data (idempotent). Stop the API first when using PGlite. */
import path from 'node:path';
import { openDatabase } from '../client';
import { seedReference } from '../seed/index';

const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || path.join(process.env.INIT_CWD ?? process.cwd(), '.data'),
});
await handle.migrate();
const report = await seedReference(handle.db);
await handle.close();
console.log(`Seed done (${handle.kind}):`, report);
