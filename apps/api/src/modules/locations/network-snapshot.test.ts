import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SubdivisionsResponseSchema } from '@freight/contracts';
import { cities, subdivisions } from '@freight/db';
import { createTestContext, type TestContext } from '../../test/helpers';
import { findSubdivisions, type SubdivisionFilter } from './locations.repository';
import { createNetworkCache, NETWORK_TTL_MS } from './network-snapshot';

const SEARCH = '/api/v1/duty_delivery_subdivisions/subdivision';

describe('the office search answers from the network snapshot', () => {
  let at = Date.parse('2026-12-02T09:00:00Z');
  let ctx: TestContext;
  const search = async (query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `${SEARCH}?${query}` });
    return {
      status: res.statusCode,
      items: res.statusCode === 200 ? SubdivisionsResponseSchema.parse(res.json()) : [],
      total: Number(res.headers['x-total-count']),
      cacheControl: res.headers['cache-control'],
    };
  };
  beforeAll(async () => {
    ctx = await createTestContext({}, { clock: () => new Date(at) });
  });
  afterAll(async () => ctx.close());

  // The same conditions as the database's own filter of the repository (ILIKE, array containment):
  // the snapshot must pick exactly the offices the SQL picks, in the same order.
  it.each<[string, SubdivisionFilter]>([
    ['', {}],
    [`name=${encodeURIComponent('моСКВа')}`, { text: 'моСКВа' }],
    [`name=${encodeURIComponent('ПРОСП')}`, { text: 'ПРОСП' }],
    [`name=${encodeURIComponent('терминал')}`, { text: 'терминал' }],
    ['name=%25', { text: '%' }],
    ['name=_', { text: '_' }],
    ['parameters=release,card&is_partner=true', { operations: ['release'], paymentMethods: ['card'], isPartner: true }],
    ['parameters=acceptance,rail', { operations: ['acceptance'], transportTypes: ['rail'] }],
    ['is_partner=false&kind=terminal', { isPartner: false, kind: 'terminal' }],
    [
      'parameters=avia,non_cash,delivery',
      { transportTypes: ['avia'], paymentMethods: ['non_cash'], operations: ['delivery'] },
    ],
  ])('subdivision?%s picks what the SQL filter picks', async (query, filter) => {
    const expected = await findSubdivisions(ctx.database.db, filter);
    const answer = await search(query);
    expect(answer.status).toBe(200);
    expect(answer.items.map((o) => o.id)).toEqual(expected.map((row) => row.id));
    expect(answer.total).toBe(expected.length);
  });

  it('a city of the network by its id; a city without offices is an empty list, an unknown one 404', async () => {
    const [kazan] = await ctx.database.db.select().from(cities).where(eq(cities.name, 'Казань'));
    const expected = await findSubdivisions(ctx.database.db, { cityId: kazan!.id });
    expect((await search(`city_id=${kazan!.id}`)).items.map((o) => o.id)).toEqual(expected.map((r) => r.id));

    const [empty] = await ctx.database.db
      .insert(cities)
      .values({
        name: 'Малые Вишеры',
        region: 'Новгородская обл.',
        regionCode: '53',
        federalDistrict: 'Северо-Западный',
        lat: 58.85,
        lon: 32.22,
        timezone: 'Europe/Moscow',
      })
      .returning();
    expect(await search(`city_id=${empty!.id}`)).toMatchObject({ status: 200, items: [], total: 0 });
    expect((await search('city_id=999999999')).status).toBe(404);
  });

  it('shows a change of the offices within NETWORK_TTL_MS, and lets the answer be kept only for the rest of it', async () => {
    const first = await search('limit=3');
    expect(first.cacheControl).toBe(`public, max-age=${NETWORK_TTL_MS / 1000}`);
    const [renamed, closed] = first.items;
    // Changed in the database directly, as an operator's SQL or a re-run seed does.
    await ctx.database.db
      .update(subdivisions)
      .set({ name: 'Терминал после правки' })
      .where(eq(subdivisions.id, renamed!.id));
    await ctx.database.db.update(subdivisions).set({ isActive: false }).where(eq(subdivisions.id, closed!.id));

    at += 45_000;
    const kept = await search('limit=3');
    expect(kept.items.map((o) => o.name)).toEqual(first.items.map((o) => o.name));
    expect(kept.total).toBe(first.total);
    // A cache in front (the web's) may keep this answer 15 s more: the change is then 60 s old.
    expect(kept.cacheControl).toBe('public, max-age=15');

    at += NETWORK_TTL_MS - 45_000;
    const fresh = await search('limit=3');
    expect(fresh.items[0]).toMatchObject({ id: renamed!.id, name: 'Терминал после правки' });
    expect(fresh.items.map((o) => o.id)).not.toContain(closed!.id);
    expect(fresh.total).toBe(first.total - 1);
    expect(fresh.cacheControl).toBe(`public, max-age=${NETWORK_TTL_MS / 1000}`);
  });

  it('after its time, keeps the offices already read when nothing was written, reads them again after a write', async () => {
    let ms = 0;
    const network = createNetworkCache(ctx.database.db, () => ms);
    const first = await network.get();
    expect(network.get()).toBe(first);

    ms += NETWORK_TTL_MS;
    const checked = await network.get();
    expect(checked.readAt).toBe(ms);
    expect(checked.rows).toBe(first.rows);
    expect(network.maxAgeSeconds(checked)).toBe(NETWORK_TTL_MS / 1000);

    const [city] = await ctx.database.db.select().from(cities).where(eq(cities.name, 'Казань'));
    await ctx.database.db
      .update(cities)
      .set({ population: city!.population! + 1 })
      .where(eq(cities.id, city!.id));
    ms += NETWORK_TTL_MS;
    const reread = await network.get();
    expect(reread.rows).not.toBe(first.rows);
    expect(reread.fingerprint).not.toBe(first.fingerprint);
    expect(reread.rows.find((row) => row.city.id === city!.id)?.city.population).toBe(city!.population! + 1);

    // A change made through the application drops the snapshot at once.
    await ctx.database.db
      .update(subdivisions)
      .set({ phone: '+7(800) 000-00-00' })
      .where(eq(subdivisions.id, reread.rows[0]!.id));
    network.invalidate();
    expect((await network.get()).rows[0]!.phone).toBe('+7(800) 000-00-00');
  });
});
