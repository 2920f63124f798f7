/**
 * `npm run data:import-cities -- <file.csv>`: loads a city list in the hflabs format
 * (e.g. ../shared/data/city.csv) into the database; idempotent. Stop the API first when using PGlite.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../client';
import { importCitiesCsv } from '../import/cities';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run data:import-cities -- <file.csv>');
  process.exit(2);
}
const base = process.env.INIT_CWD ?? process.cwd();
const csv = readFileSync(path.resolve(base, file), 'utf8');
const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || path.join(base, '.data'),
});
await handle.migrate();
const report = await importCitiesCsv(handle.db, csv);
await handle.close();
console.log(
  `Cities: ${report.total} in file, ${report.inserted} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.skipped.length} skipped`,
);
for (const { line, reason } of report.skipped.slice(0, 20)) console.log(`  line ${line}: ${reason}`);
