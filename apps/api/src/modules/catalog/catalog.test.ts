import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AdditionalServicesResponseSchema,
  CargoTypesResponseSchema,
  PackagesResponseSchema,
  TransportationTypeCheckResponseSchema,
  TransportationTypesResponseSchema,
} from '@freight/contracts';
import { cities } from '@freight/db';
import { createTestContext, type TestContext } from '../../test/helpers';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('catalog calls', () => {
  let ctx: TestContext;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const idOf = async (name: string) =>
    (await ctx.database.db.select().from(cities).where(eq(cities.name, name)))[0]!.id;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('lists packages, cargo types, transportation types and additional services in order', async () => {
    const packages = PackagesResponseSchema.parse((await get('/api/v1/duty_packages/package')).json());
    expect(packages.map((p) => p.code)).toContain('crate');
    expect(packages.find((p) => p.code === 'stretch')).toMatchObject({ name: 'Стрейч-плёнка', price_kopecks: 15_000 });
    const cargo = CargoTypesResponseSchema.parse((await get('/api/v1/duty_cargo_types/cargo_type')).json());
    expect(cargo.find((c) => c.code === 'fragile')?.requires_hard_packaging).toBe(true);
    const types = TransportationTypesResponseSchema.parse(
      (await get('/api/v1/duty_transportation/transportation_type')).json(),
    );
    expect(types.map((t) => t.code)).toEqual(['auto', 'express', 'rail', 'avia']);
    const services = AdditionalServicesResponseSchema.parse((await get('/api/v1/duty_additional_services/')).json());
    expect(services.find((s) => s.code === 'insurance')).toMatchObject({ price_unit: 'percent', price_kopecks: 30 });
  });

  it('Moscow → Saint Petersburg: road, express and air run; rail is too short a distance', async () => {
    const res = await get(
      `/api/v1/duty_transportation/transportation_type_check?first_city=${await idOf('Москва')}&second_city=${await idOf('Санкт-Петербург')}`,
    );
    const check = TransportationTypeCheckResponseSchema.parse(res.json());
    expect(check.distance_km).toBeGreaterThan(600);
    expect(check.distance_km).toBeLessThan(660);
    expect(check.available.map((t) => t.code)).toEqual(['auto', 'express', 'avia']);
    expect(check.unavailable).toEqual([
      {
        code: 'rail',
        name: 'Железнодорожная перевозка',
        reason: 'Расстояние меньше минимального для этого вида перевозки',
      },
    ]);
  });

  it('Moscow → Magadan: no road; by FIAS id as well as by our id', async () => {
    const fias = '9c05e812-8679-4710-b8cb-5e8bd43cdf48';
    await ctx.database.db.update(cities).set({ fiasId: fias }).where(eq(cities.name, 'Магадан'));
    const check = TransportationTypeCheckResponseSchema.parse(
      (
        await get(
          `/api/v1/duty_transportation/transportation_type_check?first_city=${await idOf('Москва')}&second_city=${fias}`,
        )
      ).json(),
    );
    expect(check.second_city.name).toBe('Магадан');
    expect(check.available.map((t) => t.code)).toEqual(['avia']);
    expect(check.unavailable.find((t) => t.code === 'auto')?.reason).toBe(
      'Нет подразделения с этим видом перевозки в городе Магадан',
    );
  });

  it('refuses bad, unknown and equal cities', async () => {
    const moscow = await idOf('Москва');
    const bad = await get(`/api/v1/duty_transportation/transportation_type_check?first_city=abc&second_city=${moscow}`);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as ErrorJson).error.fields?.first_city).toBe('Укажите идентификатор: число или код ФИАС');
    const missing = await get(`/api/v1/duty_transportation/transportation_type_check?first_city=${moscow}`);
    expect(missing.statusCode).toBe(400);
    const unknown = await get(
      `/api/v1/duty_transportation/transportation_type_check?first_city=${moscow}&second_city=999999`,
    );
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as ErrorJson).error.fields).toEqual({ second_city: 'Город не найден' });
    const same = await get(
      `/api/v1/duty_transportation/transportation_type_check?first_city=${moscow}&second_city=${moscow}`,
    );
    expect(same.statusCode).toBe(400);
    expect((same.json() as ErrorJson).error.fields?.second_city).toBe('Города отправления и назначения совпадают');
  });
});
