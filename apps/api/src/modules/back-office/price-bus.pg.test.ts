import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PricesTermsResponseSchema } from '@freight/contracts';
import { AdminTariffPageSchema, type AdminTariff } from '@freight/contracts/back-office-content';
import { cities, openDatabase, seedReference, tariffRoutes, type DatabaseHandle } from '@freight/db';
import { createTestDatabase, testDbKind, type TestDatabase } from '@freight/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { TEST_CAPTCHA_HMAC_KEY, type TestContext } from '../../test/helpers';
import { staffSession } from '../../test/staff';

/**
 * Two API instances on one PostgreSQL database, as in production behind a balancer: a tariff
 * saved through instance A's back-office reaches instance B's calculator, whose reference cache
 * is warm, within a second — through the price-change bus (LISTEN/NOTIFY), not the cache's TTL.
 */
describe.runIf(testDbKind() === 'pg')('price changes reach every API instance', () => {
  let testDb: TestDatabase;
  let second: DatabaseHandle;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let a: TestContext;
  let moscow = 0;
  let novosibirsk = 0;

  const config = () => loadConfig({ NODE_ENV: 'test', PORT: '3000', CAPTCHA_HMAC_KEY: TEST_CAPTCHA_HMAC_KEY });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedReference(testDb.db);
    second = await openDatabase({ url: testDb.url!, maxConnections: 4 });
    appA = await buildApp({ config: config(), database: testDb });
    appB = await buildApp({ config: config(), database: second });
    await Promise.all([appA.ready(), appB.ready()]);
    a = { app: appA, database: testDb, config: config(), close: async () => {} };
    for (const row of await testDb.db.select({ id: cities.id, name: cities.name }).from(cities)) {
      if (row.name === 'Москва' && !moscow) moscow = row.id;
      if (row.name === 'Новосибирск' && !novosibirsk) novosibirsk = row.id;
    }
  });

  afterAll(async () => {
    await appB?.close();
    await appA?.close();
    await second?.close();
    await testDb?.close();
  });

  const autoPrice = async (app: FastifyInstance) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/requests/prices_terms_calculation?city_from_fias_id=${moscow}&city_to_fias_id=${novosibirsk}&weight=100&volume=0.5`,
    });
    expect(res.statusCode).toBe(200);
    return PricesTermsResponseSchema.parse(res.json()).prices.find((p) => p.transportation_type.code === 'auto')!
      .price_kopecks;
  };

  it('B’s warm calculator answers a tariff saved on A within a second', async () => {
    const admin = await staffSession(a, 'admin');
    const page = AdminTariffPageSchema.parse(
      (
        await appA.inject({
          method: 'GET',
          url: '/api/v1/back-office/tariffs?q=Сибирь&per_page=100',
          headers: { cookie: admin.cookie },
        })
      ).json(),
    );
    const route: AdminTariff = page.items.find(
      (t) => t.from_zone.name === 'Москва' && t.to_zone.name === 'Сибирь' && t.transportation_type.code === 'auto',
    )!;

    const old = await autoPrice(appB);
    // B's cache is warm: a change written behind the application's back is not seen (TTL 60 s).
    const doubled = route.weight_breaks.map((b) => ({ upTo: b.up_to, rateKopecks: b.rate_kopecks * 2 }));
    await testDb.db.update(tariffRoutes).set({ weightBreaks: doubled }).where(eq(tariffRoutes.id, route.id));
    expect(await autoPrice(appB)).toBe(old);

    const raised = route.weight_breaks.map((b) => ({ ...b, rate_kopecks: Math.round(b.rate_kopecks * 1.5) }));
    const saved = await appA.inject({
      method: 'PUT',
      url: `/api/v1/back-office/tariffs/${route.id}`,
      headers: admin.headers,
      payload: {
        weight_breaks: raised,
        volume_breaks: route.volume_breaks.map((b) => ({ ...b, rate_kopecks: Math.round(b.rate_kopecks * 1.5) })),
        min_charge_kopecks: route.min_charge_kopecks,
        density_kg_per_m3: route.density_kg_per_m3,
        volume_coefficient_permille: route.volume_coefficient_permille,
        transit_days_min: route.transit_days_min,
        transit_days_max: route.transit_days_max,
      },
    });
    expect(saved.statusCode).toBe(200);
    const expected = await autoPrice(appA); // A dropped its own cache before answering
    expect(expected).toBeGreaterThan(old);

    const started = Date.now();
    let seen = await autoPrice(appB);
    while (seen !== expected && Date.now() - started < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await autoPrice(appB);
    }
    expect(seen).toBe(expected);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
