import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubdivisionsResponseSchema } from '@freight/contracts';
import { createTestContext, type TestContext } from '../../test/helpers';

const SEARCH = '/api/v1/duty_delivery_subdivisions/subdivision';

describe('offices open now (open_now=true)', () => {
  // 03:00 in Moscow on a working Wednesday: the capital sleeps, the Far East works.
  let now = new Date('2026-12-02T00:00:00Z');
  let ctx: TestContext;
  const list = async (query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `${SEARCH}?${query}` });
    expect(res.statusCode).toBe(200);
    return { items: SubdivisionsResponseSchema.parse(res.json()), total: Number(res.headers['x-total-count']) };
  };
  beforeAll(async () => {
    ctx = await createTestContext({}, { clock: () => now });
  });
  afterAll(async () => ctx.close());

  it('keeps only the offices open on their own city clock, the same ones the full list marks open', async () => {
    const all = await list('');
    const openIds = all.items.filter((o) => o.open_state.is_open).map((o) => o.id);
    expect(openIds.length).toBeGreaterThan(0);
    expect(openIds.length).toBeLessThan(all.items.length);

    const open = await list('open_now=true');
    expect(open.items.map((o) => o.id)).toEqual(openIds);
    expect(open.total).toBe(openIds.length);
    expect(open.items.every((o) => o.open_state.is_open)).toBe(true);
    // At 03:00 in Moscow none of its offices open around the clock in the demo network is shown closed.
    const moscow = all.items.filter((o) => o.city.name === 'Москва');
    for (const office of moscow) {
      expect(open.items.some((o) => o.id === office.id)).toBe(office.open_state.is_open);
    }
    expect(open.items.some((o) => o.city.timezone === 'Asia/Vladivostok')).toBe(true);
  });

  it('pages the open ones nearest first, with their number in X-Total-Count', async () => {
    const near = 'near_lat=55.7647&near_lon=37.6055&open_now=true';
    const whole = await list(near);
    const first = await list(`${near}&limit=5`);
    const second = await list(`${near}&skip=5&limit=5`);
    expect(first.total).toBe(whole.items.length);
    expect(second.total).toBe(whole.items.length);
    expect([...first.items, ...second.items].map((o) => o.id)).toEqual(whole.items.slice(0, 10).map((o) => o.id));
    const distances = whole.items.map((o) => o.distance_km!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const past = await list(`${near}&skip=${whole.items.length}&limit=5`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(whole.items.length);
  });

  it('at noon in Moscow its offices are open and come first near Tverskaya', async () => {
    now = new Date('2026-12-02T09:00:00Z');
    const open = await list('near_lat=55.7647&near_lon=37.6055&open_now=true&limit=3');
    expect(open.items[0]!.city.name).toBe('Москва');
    expect(open.items.every((o) => o.open_state.is_open)).toBe(true);
  });

  it('refuses open_now=maybe with a Russian 400', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${SEARCH}?open_now=maybe` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('open_now');
  });
});
