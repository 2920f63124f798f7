import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { OfficeScheduleSchema } from '@freight/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index';
import { cities, newsItems, streets, subdivisions } from '../schema/index';
import { seedReference } from './index';
import { CITY_SEED } from './cities';
import { NEWS_SEED } from './content';
import { SUBDIVISION_SEED } from './offices';

const FEDERAL_DISTRICTS = [
  'Центральный',
  'Северо-Западный',
  'Южный',
  'Северо-Кавказский',
  'Приволжский',
  'Уральский',
  'Сибирский',
  'Дальневосточный',
];

describe('network and content seed', () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase({ kind: 'pglite' });
  });
  afterAll(async () => handle.close());

  it('covers every federal district with at least 60 cities and 100 offices and terminals', () => {
    expect(CITY_SEED.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CITY_SEED.map((c) => c.federalDistrict))).toEqual(new Set(FEDERAL_DISTRICTS));
    expect(SUBDIVISION_SEED.length).toBeGreaterThanOrEqual(100);
    expect(NEWS_SEED.length).toBeGreaterThanOrEqual(12);
    for (const city of CITY_SEED)
      expect(() => new Intl.DateTimeFormat('ru', { timeZone: city.timezone })).not.toThrow();
  });

  it('every office has a valid schedule, a +7 phone, operations and limits', () => {
    for (const office of SUBDIVISION_SEED) {
      expect(OfficeScheduleSchema.safeParse(office.schedule).success, office.code).toBe(true);
      expect(office.phone).toMatch(/^\+7\d{10}$/);
      expect(office.operations.length).toBeGreaterThan(0);
      expect(office.maxWeightPerPlaceKg).toBeGreaterThan(0);
    }
    expect(new Set(SUBDIVISION_SEED.map((o) => o.code)).size).toBe(SUBDIVISION_SEED.length);
  });

  it('is idempotent: two runs give the same row counts', async () => {
    await seedReference(handle.db);
    const counts = async () =>
      Promise.all(
        [cities, streets, subdivisions, newsItems].map(async (table) => {
          const [row] = (await handle.db.select({ value: count() }).from(table)) as [{ value: number }];
          return row.value;
        }),
      );
    const first = await counts();
    await seedReference(handle.db);
    expect(await counts()).toEqual(first);
    expect(first[0]).toBe(CITY_SEED.length);
    expect(first[2]).toBe(SUBDIVISION_SEED.length);
  });
});
