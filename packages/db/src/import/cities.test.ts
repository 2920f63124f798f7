import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNotNull } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing/index';
import { cities } from '../schema/index';
import { seedReference } from '../seed/index';
import { CITY_SEED } from '../seed/cities';
import { formatRegion, importCitiesCsv } from './cities';

const CITY_CSV = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data/city.csv');

const HEADER =
  'address,postal_code,country,federal_district,region_type,region,area_type,area,city_type,city,settlement_type,settlement,kladr_id,fias_id,fias_level,capital_marker,okato,oktmo,tax_office,timezone,geo_lat,geo_lon,population,foundation_year';
// Hand-written rows in the hflabs shape (ids invented for the test).
const SMALL = [
  HEADER,
  'г Тестоград,100000,Россия,Центральный,обл,Тестовая,,,г,Тестоград,,,9900000100000,11111111-2222-4333-8444-555555555555,4,2,,,,UTC+3,55.1,37.2,120000,1800',
  '"Свердловская обл, г Екатеринбург",620000,Россия,Уральский,обл,Свердловская,,,г,Екатеринбург,,,6600000100000,aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee,4,2,,,,UTC+5,56.8,60.6,1490000,1723',
  'г Плохой,100000,Россия,Центральный,обл,Тестовая,,,г,Плохой,,,9900000200000,not-a-uuid,4,0,,,,UTC+3,55,37,1000,1900',
  'г Далёкий,100000,Россия,Дальневосточный,обл,Тестовая,,,г,Далёкий,,,9900000300000,11111111-2222-4333-8444-666666666666,4,0,,,,UTC+15,55,37,1000,1900',
].join('\n');

describe('importCitiesCsv', () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase({ kind: 'pglite' });
    await seedReference(handle.db);
  });
  afterAll(async () => handle.close());

  it('adds new cities, gives a seeded city its FIAS id, and reports bad rows with the line', async () => {
    const report = await importCitiesCsv(handle.db, SMALL);
    expect(report).toMatchObject({ total: 4, inserted: 1, updated: 1, unchanged: 0 });
    expect(report.skipped).toEqual([
      { line: 4, reason: 'некорректный fias_id' },
      { line: 5, reason: 'неизвестный часовой пояс UTC+15' },
    ]);
    const [ekb] = await handle.db.select().from(cities).where(eq(cities.name, 'Екатеринбург'));
    expect(ekb).toMatchObject({
      fiasId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
      timezone: 'Asia/Yekaterinburg',
      source: 'seed',
    });
    expect(ekb!.lat).toBe(CITY_SEED.find((c) => c.name === 'Екатеринбург')!.lat);
    const [test] = await handle.db.select().from(cities).where(eq(cities.name, 'Тестоград'));
    expect(test).toMatchObject({
      region: 'Тестовая обл.',
      regionCode: '99',
      timezone: 'Europe/Moscow',
      source: 'import',
    });
  });

  it('is idempotent: the same file again changes nothing, and the seed does not erase FIAS ids', async () => {
    const again = await importCitiesCsv(handle.db, SMALL);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    await seedReference(handle.db);
    const [ekb] = await handle.db.select().from(cities).where(eq(cities.name, 'Екатеринбург'));
    expect(ekb!.fiasId).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee');
  });

  it('refuses a file that is not an hflabs list', async () => {
    await expect(importCitiesCsv(handle.db, 'name,lat\nA,1')).rejects.toThrow(/missing columns/);
  });

  it.each([
    ['г', 'Москва', 'г. Москва'],
    ['обл', 'Свердловская', 'Свердловская обл.'],
    ['Респ', 'Татарстан', 'Респ. Татарстан'],
    ['край', 'Пермский', 'Пермский край'],
    ['Аобл', 'Еврейская', 'Еврейская авт. обл.'],
  ])('formats the region %s %s as %s', (type, name, expected) => {
    expect(formatRegion(type, name)).toBe(expected);
  });
});

describe.skipIf(!existsSync(CITY_CSV))('importCitiesCsv on shared/data/city.csv', () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase({ kind: 'pglite' });
    await seedReference(handle.db);
  });
  afterAll(async () => handle.close());

  it('loads all 1117 cities, matches every seeded city, and a second run changes nothing', async () => {
    const csv = readFileSync(CITY_CSV, 'utf8');
    const first = await importCitiesCsv(handle.db, csv);
    expect(first.total).toBe(1117);
    expect(first.skipped).toEqual([]);
    expect(first.updated).toBe(CITY_SEED.length);
    expect(first.inserted).toBe(1117 - CITY_SEED.length);
    const [{ value }] = (await handle.db.select({ value: count() }).from(cities)) as [{ value: number }];
    expect(value).toBe(1117);
    const [{ value: withFias }] = (await handle.db
      .select({ value: count() })
      .from(cities)
      .where(isNotNull(cities.fiasId))) as [{ value: number }];
    expect(withFias).toBe(1117);

    const second = await importCitiesCsv(handle.db, csv);
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: 1117 });
  }, 120_000);
});

describe('importing before the first seed', () => {
  it('the seed adopts an imported city with another spelling of its region instead of adding a twin', async () => {
    const handle = await createTestDatabase({ kind: 'pglite' });
    try {
      const csv = [
        HEADER,
        '"Ханты-Мансийский Автономный округ - Югра АО, г Сургут",628400,Россия,Уральский,АО,Ханты-Мансийский Автономный округ - Югра,,,г,Сургут,,,8600001000000,bbbbbbbb-bbbb-4ccc-8ddd-eeeeeeeeeeee,4,0,,,,UTC+5,61.25,73.39,380000,1594',
      ].join('\n');
      expect(await importCitiesCsv(handle.db, csv)).toMatchObject({ inserted: 1 });
      await seedReference(handle.db);
      const rows = await handle.db.select().from(cities).where(eq(cities.name, 'Сургут'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        region: 'Ханты-Мансийский АО — Югра',
        fiasId: 'bbbbbbbb-bbbb-4ccc-8ddd-eeeeeeeeeeee',
      });
    } finally {
      await handle.close();
    }
  });
});
