import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FullCalculatorResponseSchema, PricesTermsResponseSchema } from '@freight/contracts';
import { attachLegalProfile, cities, clientDiscounts, offerAcceptances, offers, promoCodes, users } from '@freight/db';
import {
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  addCalendarDays,
  earliestDispatchDate,
  formatLongDate,
  planArrival,
  toIsoDate,
} from '@freight/domain';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { signUp, testClock } from '../auth/identity-test-kit';
import { pricesAndTerms } from './pricing.service';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const P = MESSAGES.pricing;

describe('pricing calls', () => {
  let ctx: TestContext;
  // Tuesday 3 March 2026, 10:00 in Moscow.
  const clock = testClock(Date.parse('2026-03-03T07:00:00Z'));
  const ids = new Map<string, number>();
  const get = (query: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/requests/prices_terms_calculation?${query}`, headers });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/requests/full_calculator_standard',
      headers: { origin: TEST_ORIGIN, ...headers },
      payload: body as object,
    });
  const cityId = (name: string) => ids.get(name)!;
  const route = (from: string, to: string, extra = '') =>
    `city_from_fias_id=${ids.get(from)}&city_to_fias_id=${ids.get(to)}${extra}`;

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock: clock.now });
    for (const row of await ctx.database.db.select({ id: cities.id, name: cities.name }).from(cities)) {
      ids.set(row.name, row.id);
    }
  });
  afterAll(async () => ctx.close());

  it('Moscow → Novosibirsk: price, terms and arrival date per available type', async () => {
    const res = await get(route('Москва', 'Новосибирск', '&quantity=3&weight=120&volume=0.6'));
    expect(res.statusCode).toBe(200);
    const body = PricesTermsResponseSchema.parse(res.json());
    expect(body.prices.map((p) => p.transportation_type.code)).toEqual(['auto', 'rail', 'avia']);
    expect(body.unavailable.map((u) => u.code)).toEqual(['express']);
    for (const price of body.prices) {
      expect(price.price_kopecks).toBeGreaterThan(0);
      expect(price.terms).toMatch(/^\d+–\d+ (день|дня|дней)$/);
      expect(price.dispatch_date).toBe('2026-03-03');
      const expected = planArrival({
        earliestDispatchDate: earliestDispatchDate(clock.now(), 'Europe/Moscow', RU_PRODUCTION_CALENDAR),
        transitDaysMax: price.transit_days_max,
        calendar: RU_PRODUCTION_CALENDAR,
      }).arrivalDate;
      expect(price.arrival_date).toBe(expected);
      expect(price.arrival_date_text).toBe(formatLongDate(expected));
      expect(price.personal).toBe(false);
    }
    const [auto, rail, avia] = body.prices;
    expect(rail!.price_kopecks).toBeLessThan(auto!.price_kopecks);
    expect(avia!.price_kopecks).toBeGreaterThan(auto!.price_kopecks);
  });

  it('heavier cargo costs more; weight and volume of 0 count as 0.01 (the minimum charge)', async () => {
    const price = async (extra: string) =>
      PricesTermsResponseSchema.parse((await get(route('Москва', 'Екатеринбург', extra))).json()).prices[0]!;
    const zero = await price('&weight=0&volume=0');
    const tiny = await price('&weight=0.01&volume=0.01');
    expect(zero.price_kopecks).toBe(tiny.price_kopecks);
    expect((await price('&weight=500&volume=1')).price_kopecks).toBeGreaterThan(
      (await price('&weight=100&volume=0.2')).price_kopecks,
    );
    expect((await price('&weight=100&volume=0.2&from_address=ул. Ленина, 1')).price_kopecks).toBeGreaterThan(
      (await price('&weight=100&volume=0.2')).price_kopecks,
    );
  });

  it('orders after 16:00 origin time leave the next working day', async () => {
    clock.advance(6 * 3600_000); // 16:00 in Moscow
    try {
      const body = PricesTermsResponseSchema.parse((await get(route('Москва', 'Казань', '&weight=10'))).json());
      expect(body.prices[0]!.dispatch_date).toBe('2026-03-04');
    } finally {
      clock.advance(-6 * 3600_000);
    }
  });

  it.each([
    ['&weight=-1', 'weight', P.weightRange],
    ['&weight=abc', 'weight', P.weightRange],
    ['&weight=1e9', 'weight', P.weightRange],
    ['&volume=-0.5', 'volume', P.volumeRange],
    ['&quantity=0', 'quantity', P.quantityRange],
    ['&quantity=1.5', 'quantity', P.quantityRange],
  ])('refuses %s with a Russian message', async (extra, field, message) => {
    const res = await get(route('Москва', 'Казань', extra));
    expect(res.statusCode).toBe(400);
    const error = (res.json() as ErrorJson).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.[field]).toBe(message);
  });

  it('unknown city 404, same city 400, city without tariffs 422', async () => {
    const unknown = await get(`city_from_fias_id=999999&city_to_fias_id=${ids.get('Казань')}`);
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as ErrorJson).error.fields).toEqual({ city_from_fias_id: P.cityNotFound });
    const same = await get(route('Казань', 'Казань'));
    expect(same.statusCode).toBe(400);
    expect((same.json() as ErrorJson).error.message).toBe(P.sameCity);
    const [outside] = await ctx.database.db
      .insert(cities)
      .values({
        name: 'Тестовый посёлок',
        region: 'Тестовая обл.',
        regionCode: '99',
        federalDistrict: 'Центральный',
        lat: 55,
        lon: 40,
        timezone: 'Europe/Moscow',
        source: 'import',
      })
      .returning({ id: cities.id });
    const none = await get(`city_from_fias_id=${ids.get('Москва')}&city_to_fias_id=${outside!.id}`);
    expect(none.statusCode).toBe(422);
    expect((none.json() as ErrorJson).error.message).toBe(P.noRoute);
  });

  const order = {
    city_from: '',
    city_to: '',
    transportation_type: 'auto',
    places: [
      { quantity: 2, weight: 40, length: 60, width: 40, height: 40 },
      { quantity: 1, weight: 40, length: 120, width: 80, height: 50 },
    ],
    departure: { type: 'address', address: 'Москва, ул. Тверская, 1', km_outside_ring: 10 },
    delivery: { type: 'address', address: 'Новосибирск, Красный пр-кт, 1', loading: true, floor: 5 },
    packages: [{ code: 'stretch' }],
    declared_value: 100_000,
  };

  it('full calculation: one explained line per service, total is their sum', async () => {
    const res = await post({ ...order, city_from: String(ids.get('Москва')), city_to: String(ids.get('Новосибирск')) });
    expect(res.statusCode).toBe(200);
    const body = FullCalculatorResponseSchema.parse(res.json());
    expect(body.lines.map((l) => l.code)).toEqual([
      'freight',
      'pickup',
      'delivery',
      'unloading',
      'floor_delivery',
      'packaging',
      'insurance',
    ]);
    // 0,672 m³ × 1,1 = 0,74 m³ × 250 kg/m³ = 185 kg > 120 kg actual.
    expect(body.lines[0]!.explanation).toMatch(
      /^Перевозка: 185 кг \(объёмный вес: 0,74 м³ \[0,672 м³ × 1,1 — коэффициент укладки в кузове\] × 250 кг\/м³\) × [\d,]+\u00A0₽ = [\d\u00A0,]+\u00A0₽$/,
    );
    expect(body.lines[1]!.explanation).toContain('10 км за МКАД');
    expect(body.lines[4]!.explanation).toContain('3 места × 4 этажа');
    expect(body.lines.find((l) => l.code === 'insurance')).toMatchObject({ amount_kopecks: 30_000 });
    expect(body.lines.find((l) => l.code === 'packaging')).toMatchObject({ amount_kopecks: 45_000 });
    expect(body.total_kopecks).toBe(body.lines.reduce((s, l) => s + l.amount_kopecks, 0));
    expect(body.vat_included).toBe(true);
    expect(body.terms).toMatch(/дн/);
  });

  it('promo codes: applied as their own line, or an explanation why not', async () => {
    const base = { ...order, city_from: String(ids.get('Москва')), city_to: String(ids.get('Новосибирск')) };
    const withPromo = FullCalculatorResponseSchema.parse((await post({ ...base, promocode: 'start10' })).json());
    const promo = withPromo.lines.find((l) => l.code === 'promocode')!;
    expect(promo.title).toBe('Промокод «START10»');
    expect(promo.amount_kopecks).toBe(-Math.floor((withPromo.subtotal_kopecks * 1000 + 5000) / 10_000));
    expect(withPromo.promocode_error).toBeNull();
    const unknown = FullCalculatorResponseSchema.parse((await post({ ...base, promocode: 'NOPE' })).json());
    expect(unknown.promocode_error).toBe(P.promoUnknown('NOPE'));
    expect(unknown.total_kopecks).toBe(unknown.subtotal_kopecks);
    await ctx.database.db.update(promoCodes).set({ usedCount: 1000 }).where(eq(promoCodes.code, 'START10'));
    const exhausted = FullCalculatorResponseSchema.parse((await post({ ...base, promocode: 'START10' })).json());
    expect(exhausted.promocode_error).toBe(P.promoExhausted('START10'));
    await ctx.database.db.update(promoCodes).set({ usedCount: 0 }).where(eq(promoCodes.code, 'START10'));
  });

  describe('promo code refusals: one sentence naming the code, and no discount line (issue 21)', () => {
    // The clock is 3 March 2026; the codes' bounds are Moscow times.
    const msk = (iso: string) => new Date(`${iso}+03:00`);
    beforeAll(async () => {
      const code = { kind: 'percent', value: 1000, minOrderKopecks: 0 };
      await ctx.database.db.insert(promoCodes).values([
        { ...code, code: 'OFFCODE', isActive: false },
        { ...code, code: 'LATERCODE', validFrom: msk('2026-04-01T00:00:00') },
        { ...code, code: 'OLDCODE', validTo: msk('2026-02-28T23:59:59') },
        { ...code, code: 'USEDCODE', usageLimit: 5, usedCount: 5 },
      ]);
    });
    // 12 kg terminal to terminal Москва → Новосибирск: under START10's 3 000 ₽ minimum.
    const small = {
      city_from: '',
      city_to: '',
      transportation_type: 'auto',
      places: [{ quantity: 1, weight: 12, length: 40, width: 30, height: 20 }],
      departure: { type: 'warehouse' },
      delivery: { type: 'warehouse' },
    };
    it.each([
      ['unknown', 'START11', 'Промокод START11 не найден'],
      ['unknown, typed in lower case', 'start11', 'Промокод START11 не найден'],
      ['switched off', 'OFFCODE', 'Промокод OFFCODE больше не действует'],
      ['not started', 'latercode', 'Промокод LATERCODE начнёт действовать 1 апреля 2026 г.'],
      ['expired', 'OLDCODE', 'Срок действия промокода OLDCODE закончился 28 февраля 2026 г.'],
      ['used up', 'USEDCODE', 'Лимит использований промокода USEDCODE исчерпан'],
      ['below the minimum order', 'START10', 'Промокод START10 действует для заказов от 3\u00a0000\u00a0₽'],
    ])('%s: %s', async (_name, promocode, message) => {
      const res = await post({
        ...small,
        city_from: String(cityId('Москва')),
        city_to: String(cityId('Новосибирск')),
        promocode,
      });
      expect(res.statusCode).toBe(200);
      const body = FullCalculatorResponseSchema.parse(res.json());
      expect(body.promocode_error).toBe(message);
      expect(body.lines.some((l) => l.code === 'promocode')).toBe(false);
      expect(body.subtotal_kopecks).toBeLessThan(300_000);
      expect(body.total_kopecks).toBe(body.subtotal_kopecks);
    });
  });

  it('full calculation refuses bad input with Russian messages', async () => {
    const base = { ...order, city_from: String(ids.get('Москва')), city_to: String(ids.get('Новосибирск')) };
    const express = await post({ ...base, transportation_type: 'express' });
    expect(express.statusCode).toBe(422);
    expect((express.json() as ErrorJson).error.fields).toEqual({ transportation_type: P.typeUnavailable });
    const pkg = await post({ ...base, packages: [{ code: 'gold' }] });
    expect(pkg.statusCode).toBe(400);
    expect((pkg.json() as ErrorJson).error.fields).toEqual({ 'packages.0.code': P.packageUnknown });
    const negative = await post({ ...base, places: [{ quantity: 1, weight: -3, length: 10, width: 10, height: 10 }] });
    expect(negative.statusCode).toBe(400);
    expect((negative.json() as ErrorJson).error.fields?.['places.0.weight']).toBe(P.placeWeightRange);
    const empty = await post({ ...base, places: [] });
    expect((empty.json() as ErrorJson).error.fields?.places).toBe(P.placesRequired);
    const noAddress = await post({ ...base, delivery: { type: 'address' } });
    expect((noAddress.json() as ErrorJson).error.fields?.['delivery.address']).toBe(P.addressRequired);
    const unknownCity = await post({ ...base, city_to: '999999' });
    expect(unknownCity.statusCode).toBe(404);
    expect((unknownCity.json() as ErrorJson).error.fields).toEqual({ city_to: P.cityNotFound });
  });

  describe('personal prices', () => {
    it('is_logged gives a verified client with a personal discount a lower price', async () => {
      // Sessions expire by the real time, so this case runs on the real clock.
      const real = await createTestContext();
      try {
        const { visitor, user } = await signUp(real);
        await real.database.db.insert(clientDiscounts).values({ userId: user.id, discountBp: 700 });
        const query = route('Москва', 'Новосибирск', '&weight=120&volume=0.6');
        const call = (q: string, headers: Record<string, string> = {}) =>
          real.app.inject({ method: 'GET', url: `/api/v1/requests/prices_terms_calculation?${q}`, headers });
        const anonymous = PricesTermsResponseSchema.parse((await call(query)).json()).prices[0]!;
        const personal = PricesTermsResponseSchema.parse(
          (await call(`${query}&is_logged=true`, { cookie: visitor.cookie! })).json(),
        ).prices[0]!;
        expect(personal.personal).toBe(true);
        expect(personal.price_kopecks).toBe(
          anonymous.price_kopecks - Math.floor((anonymous.price_kopecks * 700 + 5000) / 10_000),
        );
        const notAsked = PricesTermsResponseSchema.parse((await call(query, { cookie: visitor.cookie! })).json())
          .prices[0]!;
        expect(notAsked.personal).toBe(false);
      } finally {
        await real.close();
      }
    });

    it('an offer the active profile took lowers the price when it beats the personal discount; an expired, withdrawn or other profile’s one does not', async () => {
      const real = await createTestContext();
      try {
        const db = real.database.db;
        const { user } = await signUp(real);
        await db.insert(clientDiscounts).values({ userId: user.id, discountBp: 700 });
        const { profileId: company } = await attachLegalProfile(
          db,
          { name: 'ООО «Скидка»', inn: '7707083893', kpp: '770701001' },
          user.id,
        );
        const { profileId: other } = await attachLegalProfile(
          db,
          { name: 'ООО «Другая»', inn: '7736207543', kpp: '773601001' },
          user.id,
        );
        await db.update(users).set({ activeProfileId: company }).where(eq(users.id, user.id));
        const now = new Date();
        const today = toIsoDate(now)!;
        const [offer] = await db
          .insert(offers)
          .values({
            title: 'Оптовая',
            description: 'Скидка для постоянных клиентов',
            conditions: 'От 10 отправок в месяц',
            discountPercent: 12,
            profileId: company,
            validFrom: addCalendarDays(today, -10),
            validTo: addCalendarDays(today, 10),
          })
          .returning({ id: offers.id });
        const [bigger] = await db
          .insert(offers)
          .values({
            title: 'Для другой компании',
            description: 'Не для активного профиля',
            conditions: 'Только для «Другой»',
            discountPercent: 30,
            profileId: other,
            validFrom: addCalendarDays(today, -10),
            validTo: addCalendarDays(today, 10),
          })
          .returning({ id: offers.id });
        await db.insert(offerAcceptances).values({ offerId: bigger!.id, profileId: other, userId: user.id });
        // Order pricing: no cache, so every change below shows at once.
        const price = async (userId: number | null) =>
          (
            await pricesAndTerms(
              { db, now, userId },
              {
                city_from_fias_id: String(cityId('Москва')),
                city_to_fias_id: String(cityId('Новосибирск')),
                weight: 120,
                volume: 0.6,
                quantity: 1,
                is_logged: true,
              },
            )
          ).prices[0]!.price_kopecks;
        const anonymous = await price(null);
        const off = (bp: number) => anonymous - Math.floor((anonymous * bp + 5000) / 10_000);

        // Not taken yet (and the other company's 30 % is not the active profile's): the personal 7 %.
        expect(await price(user.id)).toBe(off(700));
        await db.insert(offerAcceptances).values({ offerId: offer!.id, profileId: company, userId: user.id });
        expect(await price(user.id)).toBe(off(1200));
        // The larger one wins; they never add up.
        await db.update(clientDiscounts).set({ discountBp: 1500 }).where(eq(clientDiscounts.userId, user.id));
        expect(await price(user.id)).toBe(off(1500));
        await db.update(clientDiscounts).set({ discountBp: 700 }).where(eq(clientDiscounts.userId, user.id));
        // Expired yesterday: back to the personal discount.
        await db
          .update(offers)
          .set({ validTo: addCalendarDays(today, -1) })
          .where(eq(offers.id, offer!.id));
        expect(await price(user.id)).toBe(off(700));
        // In date again but withdrawn by the carrier.
        await db.update(offers).set({ validTo: today, isActive: false }).where(eq(offers.id, offer!.id));
        expect(await price(user.id)).toBe(off(700));
        await db.update(offers).set({ isActive: true }).where(eq(offers.id, offer!.id));
        expect(await price(user.id)).toBe(off(1200));
        // Acting for the other company: its 30 % offer applies instead.
        await db.update(users).set({ activeProfileId: other }).where(eq(users.id, user.id));
        expect(await price(user.id)).toBe(off(3000));
      } finally {
        await real.close();
      }
    });
  });
});
