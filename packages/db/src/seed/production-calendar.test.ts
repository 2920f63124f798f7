import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getProductionDay, parseProductionCalendarCsv, RU_PRODUCTION_CALENDAR } from '@freight/domain';

/**
 * The production calendar we wrote (packages/domain/src/production-calendar.ts) against the
 * public dataset shared/data/ru_production_calendar_2024_2027.csv, read at test time. It lives
 * here because the domain package has no file system.
 */
const CSV = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/data/ru_production_calendar_2024_2027.csv',
);

describe.skipIf(!existsSync(CSV))('production calendar against shared/data CSV', () => {
  const lines = existsSync(CSV) ? readFileSync(CSV, 'utf8').trim().split('\n').slice(1) : [];

  it('agrees on every day of 2024–2027: working flag, hours and day type', () => {
    expect(lines.length).toBe(1461);
    const mismatches = lines.filter((line) => {
      const [date, , working, hours, type] = line.split(',');
      const day = getProductionDay(date!);
      return String(Number(day.isWorkingDay)) !== working || String(day.hours) !== hours || day.type !== type;
    });
    expect(mismatches).toEqual([]);
  });

  it('gives the same answers as a calendar built from the CSV by parseProductionCalendarCsv', () => {
    const fromCsv = parseProductionCalendarCsv(readFileSync(CSV, 'utf8'));
    for (const [date, working] of fromCsv) expect(RU_PRODUCTION_CALENDAR.isWorkingDay(date)).toBe(working);
  });
});
