import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PricesTermsQuerySchema, PricesTermsResponseSchema } from '@freight/contracts';
import { cities, clientDiscounts, tariffRoutes, tariffZoneCities } from '@freight/db';
import { createTestContext, type TestContext } from '../../test/helpers';
import { signUp } from '../auth/identity-test-kit';
import { pricesAndTerms } from './pricing.service';
import {
  PERSONAL_DISCOUNT_TTL_MS,
  REFERENCE_TTL_MS,
  ReferenceCache,
  invalidatePricingReference,
} from './reference-cache';

/**
 * The staleness rules of the calculator's caches (reference-cache.ts) against a real database:
 * a tariff change is served stale for at most the TTL and at once after invalidation; a personal
 * discount lags at most its own TTL in the calculator and never in order pricing.
 */
describe('pricing caches on a real database', () => {
  let ctx: TestContext;
  const ids = new Map<string, number>();
  const now = new Date('2026-03-03T07:00:00Z');
  const clock = () => {
    let t = 5_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };
  const query = (extra: Record<string, string> = {}) =>
    PricesTermsQuerySchema.parse({
      city_from_fias_id: String(ids.get('Москва')),
      city_to_fias_id: String(ids.get('Новосибирск')),
      quantity: '3',
      weight: '120',
      volume: '0.6',
      ...extra,
    });
  /** The auto price as a caller with this cache sees it. */
  const autoPrice = async (reference: ReferenceCache) =>
    (await pricesAndTerms({ db: ctx.database.db, now, userId: null, reference }, query())).prices.find(
      (p) => p.transportation_type.code === 'auto',
    )!.price_kopecks;
  /** What the database says now (a cache that has never read anything). */
  const truth = () => autoPrice(new ReferenceCache());

  /** Multiplies every rate of the Moscow → Novosibirsk routes. */
  async function scaleRoutes(factor: number) {
    const db = ctx.database.db;
    const zone = async (name: string) =>
      (
        await db
          .select({ zoneId: tariffZoneCities.zoneId })
          .from(tariffZoneCities)
          .where(eq(tariffZoneCities.cityId, ids.get(name)!))
      )[0]!.zoneId;
    const where = and(
      eq(tariffRoutes.fromZoneId, await zone('Москва')),
      eq(tariffRoutes.toZoneId, await zone('Новосибирск')),
    );
    for (const route of await db.select().from(tariffRoutes).where(where)) {
      const scale = (breaks: typeof route.weightBreaks) =>
        breaks.map((b) => ({ ...b, rateKopecks: Math.round(b.rateKopecks * factor) }));
      await db
        .update(tariffRoutes)
        .set({ weightBreaks: scale(route.weightBreaks), volumeBreaks: scale(route.volumeBreaks) })
        .where(eq(tariffRoutes.id, route.id));
    }
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const row of await ctx.database.db.select({ id: cities.id, name: cities.name }).from(cities)) {
      ids.set(row.name, row.id);
    }
  });
  afterAll(async () => ctx.close());

  it('serves a changed tariff stale for at most the TTL, then the new one', async () => {
    const time = clock();
    const reference = new ReferenceCache({ now: time.now });
    const before = await autoPrice(reference);
    await scaleRoutes(2);
    try {
      const changed = await truth();
      expect(changed).toBeGreaterThan(before);
      // Within the TTL (and before the background renewal window) the cached tariff is used…
      time.advance(REFERENCE_TTL_MS - 15_000);
      expect(await autoPrice(reference)).toBe(before);
      // …and from the TTL on, never again.
      time.advance(15_000);
      expect(await autoPrice(reference)).toBe(changed);
    } finally {
      await scaleRoutes(0.5);
    }
  });

  it('renews ahead of expiry in the background: right after the renewal the new tariff is served', async () => {
    const time = clock();
    const reference = new ReferenceCache({ now: time.now });
    const before = await autoPrice(reference);
    await scaleRoutes(3);
    try {
      const changed = await truth();
      time.advance(REFERENCE_TTL_MS - 5_000);
      expect(await autoPrice(reference)).toBe(before); // starts the renewal, answers at once
      await expect.poll(() => autoPrice(reference)).toBe(changed);
    } finally {
      await scaleRoutes(1 / 3);
    }
  });

  it('invalidation makes the very next calculation read the tariffs again (HTTP, process-wide cache)', async () => {
    const url = `/api/v1/requests/prices_terms_calculation?city_from_fias_id=${ids.get('Москва')}&city_to_fias_id=${ids.get('Новосибирск')}&quantity=3&weight=120&volume=0.6`;
    const httpPrice = async () =>
      PricesTermsResponseSchema.parse((await ctx.app.inject({ method: 'GET', url })).json()).prices.find(
        (p) => p.transportation_type.code === 'auto',
      )!.price_kopecks;
    const before = await httpPrice();
    await scaleRoutes(2);
    try {
      const changed = await truth();
      expect(await httpPrice()).toBe(before); // cached (read moments ago)
      invalidatePricingReference(ctx.database.db);
      expect(await httpPrice()).toBe(changed);
    } finally {
      await scaleRoutes(0.5);
      invalidatePricingReference(ctx.database.db);
    }
    expect(await httpPrice()).toBe(before);
  });

  it('personal discounts lag at most their TTL in the calculator, and not at all without the cache (orders)', async () => {
    // Sessions expire by the real time, so the client is signed up on its own real-clock app.
    const real = await createTestContext();
    try {
      const { user } = await signUp(real);
      const db = real.database.db;
      await db.insert(clientDiscounts).values({ userId: user.id, discountBp: 700 });
      const time = clock();
      const personalDiscounts = new ReferenceCache({
        ttlMs: PERSONAL_DISCOUNT_TTL_MS,
        refreshAheadMs: 0,
        now: time.now,
      });
      const price = async (cache?: ReferenceCache) =>
        (
          await pricesAndTerms(
            { db, now, userId: user.id, ...(cache ? { personalDiscounts: cache } : {}) },
            query({ is_logged: 'true' }),
          )
        ).prices[0]!.price_kopecks;
      const atSeven = await price(personalDiscounts);
      await db.update(clientDiscounts).set({ discountBp: 1500 }).where(eq(clientDiscounts.userId, user.id));
      const atFifteen = await price(); // order pricing: read afresh
      expect(atFifteen).toBeLessThan(atSeven);
      time.advance(PERSONAL_DISCOUNT_TTL_MS - 1);
      expect(await price(personalDiscounts)).toBe(atSeven);
      time.advance(1);
      expect(await price(personalDiscounts)).toBe(atFifteen);
    } finally {
      await real.close();
    }
  });
});
