import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FullCalculatorResponseSchema, PricesTermsResponseSchema } from '@freight/contracts';
import {
  AdminPromoCodePageSchema,
  AdminPromoCodeSchema,
  AdminTariffPageSchema,
  AdminTariffSchema,
  PricePreviewSchema,
  type AdminTariff,
  type PricePreview,
} from '@freight/contracts/back-office-content';
import { cities, promoCodes, staffAuditLog, tariffRoutes } from '@freight/db';
import { MESSAGES, formatRub, type StaffRole } from '@freight/domain';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { staffSession, type TestStaff } from '../../test/staff';
import { signUp } from '../auth/identity-test-kit';
import { scaleKopecks } from './prices-admin.service';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const E = BACK_OFFICE_CONTENT_TEXTS.errors;
const V = BACK_OFFICE_CONTENT_TEXTS.validation;
const BO = '/api/v1/back-office';

describe('back-office prices: tariffs and promo codes', () => {
  let ctx: TestContext;
  let admin: TestStaff;
  const ids = new Map<string, number>();

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (staff: TestStaff | null, method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `${BO}${url}`,
      headers: staff ? (method === 'GET' ? { cookie: staff.cookie } : staff.headers) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  /** What the public calculator answers now, per transportation type (warehouse → warehouse). */
  async function calculator(from: string, to: string, weight = 100, volume = 0.5) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/requests/prices_terms_calculation?city_from_fias_id=${ids.get(from)}&city_to_fias_id=${ids.get(to)}&weight=${weight}&volume=${volume}`,
    });
    expect(res.statusCode).toBe(200);
    const body = PricesTermsResponseSchema.parse(res.json());
    return new Map(body.prices.map((p) => [p.transportation_type.code, p.price_kopecks]));
  }
  const findTariff = async (q: string, from: string, to: string, type = 'auto') => {
    const page = AdminTariffPageSchema.parse(
      (await call(admin, 'GET', `/tariffs?per_page=100&q=${encodeURIComponent(q)}`)).json(),
    );
    return page.items.find(
      (t) => t.from_zone.name === from && t.to_zone.name === to && t.transportation_type.code === type,
    )!;
  };
  const rowOf = (preview: PricePreview, from: string, to: string, weight: number, type = 'auto') =>
    preview.rows.find(
      (r) => r.city_from === from && r.city_to === to && r.weight_kg === weight && r.transportation_type.code === type,
    );
  const ratesBody = (tariff: AdminTariff) => ({
    weight_breaks: tariff.weight_breaks,
    volume_breaks: tariff.volume_breaks,
    min_charge_kopecks: tariff.min_charge_kopecks,
    density_kg_per_m3: tariff.density_kg_per_m3,
    volume_coefficient_permille: tariff.volume_coefficient_permille,
    transit_days_min: tariff.transit_days_min,
    transit_days_max: tariff.transit_days_max,
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await staffSession(ctx, 'admin');
    for (const row of await ctx.database.db.select({ id: cities.id, name: cities.name }).from(cities)) {
      if (!ids.has(row.name)) ids.set(row.name, row.id);
    }
  });
  afterAll(async () => ctx.close());

  describe('tariffs', () => {
    it('lists routes with their rates, found by a zone or by a city of a zone', async () => {
      const all = AdminTariffPageSchema.parse((await call(admin, 'GET', '/tariffs?per_page=10')).json());
      expect(all.total).toBeGreaterThan(50);
      expect(all.items).toHaveLength(10);
      const sib = AdminTariffPageSchema.parse((await call(admin, 'GET', '/tariffs?q=Новосибирск&per_page=100')).json());
      expect(sib.total).toBeGreaterThan(0);
      expect(sib.items.every((t) => t.from_zone.name === 'Сибирь' || t.to_zone.name === 'Сибирь')).toBe(true);
      const route = await findTariff('Москва', 'Москва', 'Сибирь');
      expect(route.weight_breaks.at(-1)!.up_to).toBeNull();
      const one = await call(admin, 'GET', `/tariffs/${route.id}`);
      expect(AdminTariffSchema.parse(one.json())).toEqual(route);
      const missing = await call(admin, 'GET', '/tariffs/999999');
      expect(missing.statusCode).toBe(404);
      expect((missing.json() as ErrorJson).error.message).toBe(E.tariffNotFound);
    });

    it('previews +10 %: every sample costs more after, and nothing is saved', async () => {
      const before = await calculator('Москва', 'Новосибирск');
      const res = await call(admin, 'POST', '/tariffs/preview', { percent_change: 10 });
      expect(res.statusCode).toBe(200);
      const preview = PricePreviewSchema.parse(res.json());
      const lanes = new Set(preview.rows.map((r) => `${r.city_from} → ${r.city_to}`));
      expect([...lanes]).toEqual(['Москва → Санкт-Петербург', 'Москва → Новосибирск', 'Екатеринбург → Казань']);
      expect(new Set(preview.rows.map((r) => r.weight_kg))).toEqual(new Set([100, 1000]));
      for (const row of preview.rows) {
        expect(row.after_kopecks).toBeGreaterThan(row.before_kopecks);
        expect(row.change_percent).toBeGreaterThan(5);
        expect(row.change_percent).toBeLessThanOrEqual(10.1);
        expect([row.before_text, row.after_text]).toEqual([
          formatRub(row.before_kopecks),
          formatRub(row.after_kopecks),
        ]);
      }
      const row = rowOf(preview, 'Москва', 'Новосибирск', 100)!;
      expect(row.before_kopecks).toBe(before.get('auto'));
      // Nothing saved: the calculator and the tariffs are as they were.
      expect(await calculator('Москва', 'Новосибирск')).toEqual(before);
      const lower = PricePreviewSchema.parse(
        (await call(admin, 'POST', '/tariffs/preview', { percent_change: -20 })).json(),
      );
      expect(lower.rows.every((r) => r.after_kopecks < r.before_kopecks)).toBe(true);
    });

    it('previews new rates of one route: its lane joins the samples, the other lanes stay', async () => {
      const route = await findTariff('Урал', 'Урал', 'Поволжье');
      const doubled = route.weight_breaks.map((b) => ({ ...b, rate_kopecks: b.rate_kopecks * 2 }));
      const volume = route.volume_breaks.map((b) => ({ ...b, rate_kopecks: b.rate_kopecks * 2 }));
      const preview = PricePreviewSchema.parse(
        (
          await call(admin, 'POST', '/tariffs/preview', {
            changes: [{ route_id: route.id, weight_breaks: doubled, volume_breaks: volume }],
          })
        ).json(),
      );
      const changed = rowOf(preview, 'Екатеринбург', 'Казань', 1000)!;
      expect(changed.after_kopecks).toBeGreaterThan(changed.before_kopecks);
      const rail = rowOf(preview, 'Екатеринбург', 'Казань', 1000, 'rail');
      if (rail) expect(rail.after_kopecks).toBe(rail.before_kopecks);
      const other = rowOf(preview, 'Москва', 'Санкт-Петербург', 1000)!;
      expect(other.after_kopecks).toBe(other.before_kopecks);

      const unknown = await call(admin, 'POST', '/tariffs/preview', {
        changes: [{ route_id: 999999, transit_days_min: 2 }],
      });
      expect(unknown.statusCode).toBe(400);
      expect((unknown.json() as ErrorJson).error.fields).toEqual({ 'changes.0.route_id': E.tariffNotFound });
    });

    it.each([
      [{}, V.previewOneOf],
      [{ percent_change: 10, changes: [{ route_id: 1 }] }, V.previewOneOf],
      [{ percent_change: 150 }, V.percentChangeRange],
      [{ percent_change: -51 }, V.percentChangeRange],
      [{ percent_change: 0 }, V.percentChangeZero],
      [{ percent_change: 1.234 }, V.percentChangeRange],
    ])('refuses the preview %j in Russian', async (body, message) => {
      const res = await call(admin, 'POST', '/tariffs/preview', body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify((res.json() as ErrorJson).error)).toContain(message);
    });

    it('saving +10 % changes every route, and the calculator answers the new price at once', async () => {
      const route = await findTariff('Москва', 'Москва', 'Сибирь');
      const warm = await calculator('Москва', 'Новосибирск'); // the cache now holds the old tariff
      const preview = PricePreviewSchema.parse(
        (await call(admin, 'POST', '/tariffs/preview', { percent_change: 10 })).json(),
      );
      const res = await call(admin, 'POST', '/tariffs/bulk', { percent_change: 10 });
      expect(res.statusCode).toBe(200);
      const total = (await ctx.database.db.select({ id: tariffRoutes.id }).from(tariffRoutes)).length;
      expect(res.json()).toEqual({ updated: total });

      const now = await calculator('Москва', 'Новосибирск');
      expect(now.get('auto')).toBeGreaterThan(warm.get('auto')!);
      // The preview told the truth.
      expect(now.get('auto')).toBe(rowOf(preview, 'Москва', 'Новосибирск', 100)!.after_kopecks);
      const saved = AdminTariffSchema.parse((await call(admin, 'GET', `/tariffs/${route.id}`)).json());
      expect(saved.weight_breaks.map((b) => b.rate_kopecks)).toEqual(
        route.weight_breaks.map((b) => scaleKopecks(b.rate_kopecks, 1000)),
      );
      expect(saved.volume_breaks.map((b) => b.rate_kopecks)).toEqual(
        route.volume_breaks.map((b) => scaleKopecks(b.rate_kopecks, 1000)),
      );
      expect(saved.weight_breaks.map((b) => b.up_to)).toEqual(route.weight_breaks.map((b) => b.up_to));
      expect(saved.min_charge_kopecks).toBe(scaleKopecks(route.min_charge_kopecks, 1000, 0));
      const [audit] = await ctx.database.db
        .select()
        .from(staffAuditLog)
        .where(and(eq(staffAuditLog.action, 'tariff.bulk'), eq(staffAuditLog.staffId, admin.id)));
      expect(audit?.after).toEqual({ percent_change: 10, routes: total });
    });

    it('saves the rates of one route (the calculator sees them at once) and validates them', async () => {
      const route = await findTariff('Москва', 'Москва', 'Санкт-Петербург');
      const warm = await calculator('Москва', 'Санкт-Петербург');
      const body = ratesBody(route);
      const cheaper = {
        ...body,
        weight_breaks: body.weight_breaks.map((b) => ({
          ...b,
          rate_kopecks: Math.max(1, Math.round(b.rate_kopecks / 2)),
        })),
        volume_breaks: body.volume_breaks.map((b) => ({
          ...b,
          rate_kopecks: Math.max(1, Math.round(b.rate_kopecks / 2)),
        })),
        min_charge_kopecks: 10_000,
        transit_days_max: body.transit_days_max + 1,
      };
      const saved = await call(admin, 'PUT', `/tariffs/${route.id}`, cheaper);
      expect(saved.statusCode).toBe(200);
      expect(AdminTariffSchema.parse(saved.json())).toMatchObject({ ...cheaper, id: route.id });
      const now = await calculator('Москва', 'Санкт-Петербург');
      expect(now.get('auto')).toBeLessThan(warm.get('auto')!);
      expect(now.get('rail')).toBe(warm.get('rail'));
      const [audit] = await ctx.database.db
        .select()
        .from(staffAuditLog)
        .where(and(eq(staffAuditLog.action, 'tariff.update'), eq(staffAuditLog.entityId, String(route.id))));
      expect(audit?.before).toMatchObject({ min_charge_kopecks: route.min_charge_kopecks });
      expect(audit?.after).toMatchObject({ min_charge_kopecks: 10_000 });

      const bad = (patch: Record<string, unknown>) =>
        call(admin, 'PUT', `/tariffs/${route.id}`, { ...cheaper, ...patch });
      const cases: [Record<string, unknown>, string, string][] = [
        [{ weight_breaks: [{ up_to: 100, rate_kopecks: 500 }] }, 'weight_breaks', V.breaksOrder],
        [
          {
            weight_breaks: [
              { up_to: 500, rate_kopecks: 500 },
              { up_to: 100, rate_kopecks: 400 },
              { up_to: null, rate_kopecks: 300 },
            ],
          },
          'weight_breaks',
          V.breaksOrder,
        ],
        [{ weight_breaks: [] }, 'weight_breaks', V.breaksRequired],
        [{ volume_breaks: [{ up_to: null, rate_kopecks: 0 }] }, 'volume_breaks.0.rate_kopecks', V.rateRange],
        [{ volume_breaks: [{ up_to: null, rate_kopecks: 12.5 }] }, 'volume_breaks.0.rate_kopecks', V.rateRange],
        [{ min_charge_kopecks: -1 }, 'min_charge_kopecks', V.minChargeRange],
        [{ density_kg_per_m3: 0 }, 'density_kg_per_m3', V.densityRange],
        [{ volume_coefficient_permille: 900 }, 'volume_coefficient_permille', V.coefficientRange],
        [{ transit_days_min: 5, transit_days_max: 3 }, 'transit_days_max', V.transitOrder],
      ];
      for (const [patch, field, message] of cases) {
        const res = await bad(patch);
        expect([field, res.statusCode]).toEqual([field, 400]);
        expect((res.json() as ErrorJson).error.fields?.[field]).toBe(message);
      }
      expect((await call(admin, 'PUT', '/tariffs/999999', cheaper)).statusCode).toBe(404);
    });
  });

  describe('promo codes', () => {
    const code = (overrides: Record<string, unknown> = {}) => ({
      code: 'vesna15',
      kind: 'percent',
      percent: 15,
      valid_from: '2026-01-01T00:00:00+03:00',
      valid_to: '2099-12-31T23:59:59+03:00',
      usage_limit: 100,
      min_order_kopecks: 0,
      ...overrides,
    });

    it('creates (upper-cased), refuses a taken code, edits, and the calculator applies it', async () => {
      const created = await call(admin, 'POST', '/promo_codes', code());
      expect(created.statusCode).toBe(201);
      const promo = AdminPromoCodeSchema.parse(created.json());
      expect(promo).toMatchObject({
        code: 'VESNA15',
        kind: 'percent',
        percent: 15,
        amount_kopecks: null,
        used_count: 0,
      });
      const taken = await call(admin, 'POST', '/promo_codes', code({ code: 'Vesna15' }));
      expect(taken.statusCode).toBe(409);
      expect((taken.json() as ErrorJson).error.fields?.code).toBe(E.promoCodeTaken);

      const calc = async (promocode: string) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/requests/full_calculator_standard',
          headers: { origin: TEST_ORIGIN },
          payload: {
            city_from: String(ids.get('Москва')),
            city_to: String(ids.get('Казань')),
            places: [{ quantity: 1, weight: 100, volume: 0.5 }],
            promocode,
          },
        });
        return FullCalculatorResponseSchema.parse(res.json());
      };
      const withCode = await calc('vesna15');
      expect(withCode.promocode_error).toBeNull();
      expect(withCode.lines.some((l) => l.title.includes('VESNA15'))).toBe(true);

      const fixed = await call(
        admin,
        'PUT',
        `/promo_codes/${promo.id}`,
        code({ kind: 'fixed', percent: null, amount_kopecks: 50_000 }),
      );
      expect(AdminPromoCodeSchema.parse(fixed.json())).toMatchObject({
        kind: 'fixed',
        percent: null,
        amount_kopecks: 50_000,
      });
      const off = await call(admin, 'PUT', `/promo_codes/${promo.id}`, code({ is_active: false }));
      expect(AdminPromoCodeSchema.parse(off.json()).is_active).toBe(false);
      expect((await calc('VESNA15')).promocode_error).toBe('Промокод VESNA15 больше не действует');

      const list = AdminPromoCodePageSchema.parse((await call(admin, 'GET', '/promo_codes?q=vesna')).json());
      expect(list.items.map((p) => p.code)).toEqual(['VESNA15']);
    });

    it.each([
      [{ code: 'AB' }, 'code', V.promoCodeInvalid],
      [{ code: 'СКИДКА10' }, 'code', V.promoCodeInvalid],
      [{ code: 'SALE-10' }, 'code', V.promoCodeInvalid],
      [{ kind: 'gift' }, 'kind', V.promoKindInvalid],
      [{ percent: null }, 'percent', V.promoPercentRange],
      [{ percent: 95 }, 'percent', V.promoPercentRange],
      [{ kind: 'fixed', percent: null }, 'amount_kopecks', V.promoAmountRange],
      [{ valid_to: '2025-01-01T00:00:00Z' }, 'valid_to', V.validityOrder],
      [{ usage_limit: 0 }, 'usage_limit', V.usageLimitRange],
      [{ min_order_kopecks: -5 }, 'min_order_kopecks', V.minOrderRange],
    ])('refuses %j', async (overrides, field, message) => {
      const res = await call(admin, 'POST', '/promo_codes', code({ code: 'CHECK1', ...overrides }));
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.fields?.[field]).toBe(message);
    });

    it('previews the effect on the samples without saving, with the minimum order as a note', async () => {
      const res = await call(admin, 'POST', '/promo_codes/preview', code({ code: 'PREVIEW20', percent: 20 }));
      expect(res.statusCode).toBe(200);
      const preview = PricePreviewSchema.parse(res.json());
      expect(preview.rows.length).toBe(6);
      for (const row of preview.rows) {
        expect(row.transportation_type.code).toBe('auto');
        expect(row.after_kopecks).toBeLessThan(row.before_kopecks);
        expect(row.note).toBeNull();
      }
      expect(await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'PREVIEW20'))).toEqual([]);

      const minimum = PricePreviewSchema.parse(
        (
          await call(admin, 'POST', '/promo_codes/preview', code({ code: 'BIGONLY', min_order_kopecks: 5_000_000 }))
        ).json(),
      );
      const small = rowOf(minimum, 'Москва', 'Санкт-Петербург', 100)!;
      expect(small.after_kopecks).toBe(small.before_kopecks);
      expect(small.note).toBe(MESSAGES.pricing.promoMinOrder('BIGONLY', formatRub(5_000_000)));
    });

    it('deletes an unused code and only switches off a used one', async () => {
      const unused = AdminPromoCodeSchema.parse(
        (await call(admin, 'POST', '/promo_codes', code({ code: 'UNUSED1' }))).json(),
      );
      expect((await call(admin, 'DELETE', `/promo_codes/${unused.id}`)).json()).toEqual({ result: 'deleted' });
      expect((await call(admin, 'DELETE', `/promo_codes/${unused.id}`)).statusCode).toBe(404);

      const used = AdminPromoCodeSchema.parse(
        (await call(admin, 'POST', '/promo_codes', code({ code: 'USED1' }))).json(),
      );
      await ctx.database.db.update(promoCodes).set({ usedCount: 3 }).where(eq(promoCodes.id, used.id));
      expect((await call(admin, 'DELETE', `/promo_codes/${used.id}`)).json()).toEqual({ result: 'deactivated' });
      const [row] = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.id, used.id));
      expect(row).toMatchObject({ isActive: false, usedCount: 3 });
      const actions = (
        await ctx.database.db
          .select({ action: staffAuditLog.action })
          .from(staffAuditLog)
          .where(eq(staffAuditLog.entityType, 'promo_code'))
      ).map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(['promo_code.delete', 'promo_code.deactivate']));
    });
  });

  describe('who may do what', () => {
    // Valid bodies: the permission is checked after the body (a wrong body is a 400 for anyone).
    const rates = {
      weight_breaks: [{ up_to: null, rate_kopecks: 1000 }],
      volume_breaks: [{ up_to: null, rate_kopecks: 250_000 }],
      min_charge_kopecks: 100_000,
      density_kg_per_m3: 250,
      volume_coefficient_permille: 1000,
      transit_days_min: 1,
      transit_days_max: 2,
    };
    const promo = { code: 'ROLES1', kind: 'percent', percent: 5 };
    const calls: [Method, string, unknown?][] = [
      ['GET', '/tariffs'],
      ['GET', '/tariffs/1'],
      ['POST', '/tariffs/preview', { percent_change: 10 }],
      ['POST', '/tariffs/bulk', { percent_change: 10 }],
      ['PUT', '/tariffs/1', rates],
      ['GET', '/promo_codes'],
      ['POST', '/promo_codes', promo],
      ['POST', '/promo_codes/preview', promo],
      ['DELETE', '/promo_codes/1'],
    ];

    it.each<StaffRole>(['content_editor', 'operator', 'client_manager'])(
      '%s gets 403 on every price call',
      async (role) => {
        const staff = await staffSession(ctx, role);
        for (const [method, url, body] of calls) {
          const res = await call(staff, method, url, body);
          expect([method, url, res.statusCode]).toEqual([method, url, 403]);
          expect((res.json() as ErrorJson).error.message).toBe(MESSAGES.backOffice.errors.forbidden);
        }
      },
    );

    it('anonymous 401, a client session 403, a staff cookie without Origin refused as CSRF', async () => {
      for (const [method, url, body] of calls) expect((await call(null, method, url, body)).statusCode).toBe(401);
      const { visitor } = await signUp(ctx);
      expect((await visitor.get(`${BO}/tariffs`)).statusCode).toBe(403);
      expect((await visitor.post(`${BO}/tariffs/bulk`, { percent_change: 10 })).statusCode).toBe(403);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: `${BO}/tariffs/bulk`,
        headers: { cookie: admin.cookie },
        payload: { percent_change: 10 },
      });
      expect(forged.statusCode).toBe(403);
      expect((forged.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
    });
  });
});
