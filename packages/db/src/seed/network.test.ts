import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { OfficeScheduleSchema } from '@freight/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index';
import { cities, integrationMenuItems, newsItems, streets, subdivisions } from '../schema/index';
import { seedReference } from './index';
import { CITY_SEED } from './cities';
import { NEWS_SEED, RETIRED_INTEGRATION_KEYS, RETIRED_NEWS_SLUGS } from './content';
import { SUBDIVISION_SEED } from './offices';
import { STREET_SEED } from './streets';

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

  it('removes the retired seed rows that promised features the product lacks, and only those', async () => {
    await seedReference(handle.db);
    await handle.db.insert(newsItems).values({
      slug: RETIRED_NEWS_SLUGS[0],
      kind: 'news',
      title: 'Акт сверки — в личном кабинете за минуту',
      summary: 'Старая новость',
      body: 'Старая новость',
      publishedAt: new Date('2026-08-20T08:00:00Z'),
      toMainPage: false,
    });
    await handle.db.insert(newsItems).values({
      slug: 'novost-redaktora',
      kind: 'news',
      title: 'Новость редактора',
      summary: 'Добавлена вручную',
      body: 'Добавлена вручную',
      publishedAt: new Date('2026-08-21T08:00:00Z'),
      toMainPage: false,
    });
    await handle.db
      .insert(integrationMenuItems)
      .values({ key: RETIRED_INTEGRATION_KEYS[0], title: 'Модуль для 1С', description: '—', url: 'news', position: 9 });
    await seedReference(handle.db);
    const slugs = (await handle.db.select({ slug: newsItems.slug }).from(newsItems)).map((r) => r.slug);
    expect(slugs).not.toContain(RETIRED_NEWS_SLUGS[0]);
    expect(slugs).toContain('novost-redaktora');
    const keys = (await handle.db.select({ key: integrationMenuItems.key }).from(integrationMenuItems)).map(
      (r) => r.key,
    );
    expect(keys).toEqual(expect.arrayContaining(['api', 'widget']));
    for (const key of RETIRED_INTEGRATION_KEYS) expect(keys).not.toContain(key);
    await handle.db.delete(newsItems).where(eq(newsItems.slug, 'novost-redaktora'));
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
    const streetKeys = new Set([
      ...SUBDIVISION_SEED.map((o) => `${o.city}|${o.street.type}|${o.street.name}`),
      ...STREET_SEED.map((s) => `${s.city}|${s.type}|${s.name}`),
    ]);
    expect(first[1]).toBe(streetKeys.size);
  });

  it('seeds the well-known streets; an office street keeps its point, a street without one gains it', async () => {
    await seedReference(handle.db);
    const streetIn = async (cityName: string, type: string, name: string) => {
      const [city] = await handle.db.select().from(cities).where(eq(cities.name, cityName));
      const where = and(eq(streets.cityId, city!.id), eq(streets.type, type), eq(streets.name, name));
      return { where, rows: await handle.db.select().from(streets).where(where) };
    };
    const tverskaya = await streetIn('Москва', 'ул', 'Тверская');
    expect(tverskaya.rows).toEqual([expect.objectContaining({ lat: 55.765, lon: 37.604 })]);
    // Каширское шоссе is in both lists: the office's point wins.
    const office = SUBDIVISION_SEED.find((o) => o.street.name === 'Каширское')!;
    const kashirskoe = await streetIn('Москва', 'ш', 'Каширское');
    expect(kashirskoe.rows).toEqual([expect.objectContaining({ lat: office.lat, lon: office.lon })]);
    // An installation whose street lost its point (or never had one) gets the seed's.
    await handle.db.update(streets).set({ lat: null, lon: null }).where(tverskaya.where);
    await seedReference(handle.db);
    const again = await streetIn('Москва', 'ул', 'Тверская');
    expect(again.rows).toEqual([expect.objectContaining({ id: tverskaya.rows[0]!.id, lat: 55.765, lon: 37.604 })]);
  });

  it('updates changed offices, cities and news in place: same id, the seed’s values, no twin', async () => {
    await seedReference(handle.db);
    const office = SUBDIVISION_SEED[0]!;
    const city = CITY_SEED[0]!;
    const news = NEWS_SEED[0]!;
    const [officeRow] = await handle.db.select().from(subdivisions).where(eq(subdivisions.code, office.code));
    const [cityRow] = await handle.db.select().from(cities).where(eq(cities.name, city.name));
    const [newsRow] = await handle.db.select().from(newsItems).where(eq(newsItems.slug, news.slug));
    // The installation holds older values than the seed now says.
    await handle.db
      .update(subdivisions)
      .set({ address: 'старый адрес', phone: '+70000000000', isPartner: !office.isPartner })
      .where(eq(subdivisions.id, officeRow!.id));
    await handle.db.update(cities).set({ lat: 0, population: 1 }).where(eq(cities.id, cityRow!.id));
    await handle.db.update(newsItems).set({ title: 'Старый заголовок' }).where(eq(newsItems.id, newsRow!.id));

    await seedReference(handle.db);

    const offices = await handle.db.select().from(subdivisions).where(eq(subdivisions.code, office.code));
    expect(offices).toHaveLength(1);
    expect(offices[0]).toMatchObject({
      id: officeRow!.id,
      address: office.address,
      phone: office.phone,
      isPartner: office.isPartner,
    });
    const cityRows = await handle.db.select().from(cities).where(eq(cities.name, city.name));
    expect(cityRows).toHaveLength(1);
    expect(cityRows[0]).toMatchObject({ id: cityRow!.id, lat: city.lat, population: city.population });
    const newsRows = await handle.db.select().from(newsItems).where(eq(newsItems.slug, news.slug));
    expect(newsRows).toHaveLength(1);
    expect(newsRows[0]).toMatchObject({ id: newsRow!.id, title: news.title });
  });
});
