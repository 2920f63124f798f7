import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  AnalyticsAverageNumbersSchema,
  AnalyticsCargoSchema,
  AnalyticsDeliveryTypeSchema,
  AnalyticsDirectionsSchema,
  AnalyticsDynamicsSchema,
  AnalyticsNumbersSchema,
  AnalyticsParticipationSchema,
  API_PATHS,
} from '@freight/contracts';
import { attachLegalProfile, cargos, cities, clientProfiles, profileMembers, users, type Database } from '@freight/db';
import { MESSAGES, PROFILE_ROLES, ROLE_PERMISSIONS, type CargoStatus } from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { Visitor, nextIp, signUp } from '../auth/identity-test-kit';
import {
  measuresByQuery,
  monthlyMeasuresQuery,
  periodFiguresQuery,
  scopeParams,
  topDirectionsQuery,
} from './analytics.repository';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const A = MESSAGES.analytics;
const q = encodeURIComponent;

/*
 * Every figure below is worked out by hand from the cargos this file inserts; the comments show
 * the arithmetic. Times are Moscow times (+03:00); a few cargos sit on purpose where the UTC day
 * or month differs from Moscow's.
 */

/**
 * «Now» for the analytics: 15 June 2026, noon in Moscow. Sessions are issued by the clock but
 * checked against the real time, so the users sign up on the real clock first.
 */
const NOW = new Date('2026-06-15T12:00:00+03:00');
let fixedNow: Date | null = null;
const clock = () => fixedNow ?? new Date();

interface CargoSpec {
  profileId: number;
  created: string;
  from?: string;
  to?: string;
  departure?: 'warehouse' | 'address';
  delivery?: 'warehouse' | 'address';
  role?: 'sender' | 'recipient' | 'third_party';
  weight: number;
  volume: number;
  price: number;
  status?: CargoStatus;
  changed?: string;
  planned?: string | null;
}

let trackCounter = 0;

async function insertCargo(db: Database, cityIds: Map<string, number>, spec: CargoSpec): Promise<void> {
  trackCounter += 1;
  const from = spec.from ?? 'Москва';
  const to = spec.to ?? 'Казань';
  const party = { type: 'individual', name: 'Иван Петров', phone: '+79001234501', email: null, inn: null, kpp: null };
  await db.insert(cargos).values({
    trackNumber: `AN-${String(trackCounter).padStart(6, '0')}`,
    ownerProfileId: spec.profileId,
    status: spec.status ?? 'created',
    statusChangedAt: new Date(spec.changed ?? spec.created),
    cityDepartureId: cityIds.get(from)!,
    cityDeliveryId: cityIds.get(to)!,
    cityDepartureName: from,
    cityDeliveryName: to,
    departureType: spec.departure ?? 'warehouse',
    deliveryType: spec.delivery ?? 'warehouse',
    quantity: 1,
    weightKg: spec.weight,
    volumeM3: spec.volume,
    transportationType: 'auto',
    paymentType: 'non_cash',
    payerRole: 'sender',
    customerRole: spec.role ?? 'sender',
    sender: party,
    recipient: party,
    priceKopecks: spec.price,
    priceLines: [{ code: 'freight', title: 'Перевозка', amount_kopecks: spec.price, explanation: 'Перевозка' }],
    plannedArrivalDate: spec.planned ?? null,
    createdAt: new Date(spec.created),
  });
}

describe('analytics: every figure from hand-made cargos', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let accountant: Awaited<ReturnType<typeof signUp>>;
  let loner: Awaited<ReturnType<typeof signUp>>;
  let unverified: Awaited<ReturnType<typeof signUp>>;
  let company: { id: number; uuid: string };
  let second: { id: number; uuid: string };
  let personal: { id: number; uuid: string };
  let strangerProfile: { id: number; uuid: string };

  async function personalProfileOf(userId: number) {
    const [row] = await ctx.database.db
      .select({ id: clientProfiles.id, uuid: clientProfiles.accountUuid })
      .from(clientProfiles)
      .where(eq(clientProfiles.personalUserId, userId));
    return row!;
  }

  async function companyOf(userId: number, name: string, inn: string) {
    const { profileId } = await attachLegalProfile(ctx.database.db, { name, inn, kpp: '770001001' }, userId);
    const [row] = await ctx.database.db
      .select({ uuid: clientProfiles.accountUuid })
      .from(clientProfiles)
      .where(eq(clientProfiles.id, profileId));
    return { id: profileId, uuid: row!.uuid };
  }

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock });
    const db = ctx.database.db;
    const cityIds = new Map(
      (await db.select({ id: cities.id, name: cities.name }).from(cities)).map((c) => [c.name, c.id]),
    );
    owner = await signUp(ctx, { name: 'Ольга Владелец' });
    stranger = await signUp(ctx, { name: 'Пётр Чужой' });
    accountant = await signUp(ctx, { name: 'Анна Бухгалтер' });
    loner = await signUp(ctx, { name: 'Без Профиля' });
    unverified = await signUp(ctx, { name: 'Не Подтверждён' });
    fixedNow = NOW;
    company = await companyOf(owner.user.id, 'ООО «Ромашка»', '7707083893');
    second = await companyOf(owner.user.id, 'ООО «Вектор»', '7728168971');
    personal = await personalProfileOf(owner.user.id);
    strangerProfile = await personalProfileOf(stranger.user.id);
    await db.insert(profileMembers).values({ profileId: company.id, userId: accountant.user.id, role: 'accountant' });

    const c = (spec: Omit<CargoSpec, 'profileId'>, profileId = company.id) =>
      insertCargo(db, cityIds, { ...spec, profileId });
    // ---- ООО «Ромашка», the period 2026-01-01 … 2026-03-31 ----
    // c1: released on the Moscow day 15 Jan (22:00 UTC on the 14th), planned the 15th: on time; 10 → 15 Jan = 5 days.
    await c({
      created: '2026-01-10T10:00:00+03:00',
      weight: 100,
      volume: 1,
      price: 1_000_000,
      status: 'released',
      changed: '2026-01-15T01:00:00+03:00',
      planned: '2026-01-15',
    });
    // c2: released on the Moscow day 28 Jan (27th in UTC), planned the 27th: late; 20 → 28 Jan = 8 days.
    await c({
      created: '2026-01-20T09:00:00+03:00',
      delivery: 'address',
      weight: 50,
      volume: 0.5,
      price: 500_000,
      status: 'released',
      changed: '2026-01-28T02:00:00+03:00',
      planned: '2026-01-27',
    });
    // c3: on the way.
    await c({
      created: '2026-02-05T12:00:00+03:00',
      to: 'Новосибирск',
      departure: 'address',
      role: 'recipient',
      weight: 200,
      volume: 2,
      price: 2_000_000,
      status: 'in_transit',
      changed: '2026-02-06T12:00:00+03:00',
      planned: '2026-02-12',
    });
    // c4: ordered 1 March in Moscow (still 28 February in UTC); a problem.
    await c({
      created: '2026-03-01T00:30:00+03:00',
      from: 'Казань',
      to: 'Москва',
      departure: 'address',
      role: 'third_party',
      weight: 10,
      volume: 0.1,
      price: 150_000,
      status: 'problem',
    });
    // c5: cancelled — only the status breakdown counts it.
    await c({ created: '2026-03-15T12:00:00+03:00', weight: 1000, volume: 10, price: 9_000_000, status: 'cancelled' });
    // c6: the last evening of the period; released 3 April without a planned date; 31 Mar → 3 Apr = 3 days.
    await c({
      created: '2026-03-31T23:00:00+03:00',
      from: 'Санкт-Петербург',
      to: 'Москва',
      weight: 40,
      volume: 0.4,
      price: 350_000,
      status: 'released',
      changed: '2026-04-03T10:00:00+03:00',
    });
    // c7: ten minutes after the period (still 31 March in UTC).
    await c({ created: '2026-04-01T00:10:00+03:00', weight: 25, volume: 0.25, price: 250_000 });
    // c8: returned to the sender.
    await c({
      created: '2026-02-20T12:00:00+03:00',
      weight: 30,
      volume: 0.3,
      price: 300_000,
      status: 'returned',
      changed: '2026-03-02T12:00:00+03:00',
    });
    // ---- the previous period 2025-10-03 … 2025-12-31 ----
    // p1: its first minute; released 6 Oct as planned; 3 → 6 Oct = 3 days.
    await c({
      created: '2025-10-03T00:00:00+03:00',
      weight: 80,
      volume: 0.8,
      price: 800_000,
      status: 'released',
      changed: '2025-10-06T18:00:00+03:00',
      planned: '2025-10-06',
    });
    await c({ created: '2025-12-31T12:00:00+03:00', weight: 20, volume: 0.2, price: 200_000, status: 'in_transit' });
    // p3: one minute before the previous period.
    await c({ created: '2025-10-02T23:59:00+03:00', weight: 60, volume: 0.6, price: 600_000 });

    // ---- the owner's personal profile and a stranger's, in the period ----
    await c({ created: '2026-02-10T12:00:00+03:00', weight: 5, volume: 0.05, price: 100_000 }, personal.id);
    await c({ created: '2026-02-10T12:00:00+03:00', weight: 999, volume: 9, price: 7_777_700 }, strangerProfile.id);

    // ---- ООО «Вектор»: twelve directions from Москва, 15 Feb 2026 ----
    const directions: [string, number[]][] = [
      ['Тула', [700_000, 500_000]],
      ['Воронеж', [1_100_000]],
      ['Ярославль', [1_000_000]],
      ['Рязань', [900_000]],
      ['Липецк', [800_000]],
      ['Тверь', [700_000]],
      ['Калуга', [600_000]],
      ['Белгород', [500_000]],
      ['Владимир', [400_000]],
      ['Курск', [300_000]],
      ['Смоленск', [300_000]],
      ['Иваново', [300_000]],
    ];
    for (const [to, prices] of directions) {
      for (const price of prices) {
        await c({ created: '2026-02-15T12:00:00+03:00', to, weight: 1, volume: 0.01, price }, second.id);
      }
    }
    // Cancelled: would put Курск first by amount.
    await c(
      {
        created: '2026-02-15T12:00:00+03:00',
        to: 'Курск',
        weight: 1,
        volume: 0.01,
        price: 5_000_000,
        status: 'cancelled',
      },
      second.id,
    );
  });
  afterAll(async () => ctx.close());

  const PERIOD = 'date_from=2026-01-01&date_to=2026-03-31';
  const get = (visitor: Visitor, path: string, query: string) => visitor.get(`${path}?${query}`);
  const ofCompany = (path: string, extra = '') =>
    get(owner.visitor, path, `account_uuid=${company.uuid}&${PERIOD}${extra}`);

  it('numbers: totals of the period and of the previous one of equal length, cancelled left out', async () => {
    const res = await ofCompany(API_PATHS.analyticsNumbers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(AnalyticsNumbersSchema.parse(res.json())).toEqual({
      period: { from: '2026-01-01', to: '2026-03-31' },
      // 90 days: 31 + 28 + 31; the 90 days before end on 31 December.
      previous_period: { from: '2025-10-03', to: '2025-12-31' },
      current: {
        // c1 c2 c3 c4 c6 c8 (c5 cancelled, c7 after the period)
        cargo_count: 6,
        weight_kg: 430, // 100 + 50 + 200 + 10 + 40 + 30
        volume_m3: 4.3, // 1 + 0.5 + 2 + 0.1 + 0.4 + 0.3
        amount_kopecks: 4_300_000, // 1 000 000 + 500 000 + 2 000 000 + 150 000 + 350 000 + 300 000
        delivered_count: 3, // c1 c2 c6
        in_progress_count: 2, // c3 in transit, c4 problem (c8 returned is neither)
        on_time_share: 0.5, // c1 on time, c2 late; c6 has no planned date
      },
      previous: {
        cargo_count: 2, // p1 p2 (p3 a minute early)
        weight_kg: 100,
        volume_m3: 1,
        amount_kopecks: 1_000_000,
        delivered_count: 1,
        in_progress_count: 1,
        on_time_share: 1,
      },
    });
  });

  it('average_numbers: per cargo, transit days of released cargos by Moscow days', async () => {
    const res = await ofCompany(API_PATHS.analyticsAverageNumbers);
    expect(res.statusCode).toBe(200);
    expect(AnalyticsAverageNumbersSchema.parse(res.json())).toEqual({
      period: { from: '2026-01-01', to: '2026-03-31' },
      previous_period: { from: '2025-10-03', to: '2025-12-31' },
      current: {
        weight_kg: 71.67, // 430 / 6 = 71.666…
        volume_m3: 0.717, // 4.3 / 6 = 0.71666…
        price_kopecks: 716_667, // 4 300 000 / 6 = 716 666.67
        transit_days: 5.3, // (5 + 8 + 3) / 3 = 5.333…
      },
      previous: { weight_kg: 50, volume_m3: 0.5, price_kopecks: 500_000, transit_days: 3 },
    });
  });

  it('average_numbers: null without cargos', async () => {
    const res = await get(
      owner.visitor,
      API_PATHS.analyticsAverageNumbers,
      `account_uuid=${company.uuid}&date_from=2024-01-01&date_to=2024-01-31`,
    );
    const body = AnalyticsAverageNumbersSchema.parse(res.json());
    const empty = { weight_kg: null, volume_m3: null, price_kopecks: null, transit_days: null };
    expect(body.current).toEqual(empty);
    expect(body.previous).toEqual(empty);
  });

  it('numbers_dynamic: one point per calendar month, by the Moscow month of ordering', async () => {
    const res = await ofCompany(API_PATHS.analyticsNumbersDynamic);
    expect(res.statusCode).toBe(200);
    expect(AnalyticsDynamicsSchema.parse(res.json()).months).toEqual([
      { month: '2026-01', cargo_count: 2, weight_kg: 150, volume_m3: 1.5, amount_kopecks: 1_500_000 }, // c1 c2
      { month: '2026-02', cargo_count: 2, weight_kg: 230, volume_m3: 2.3, amount_kopecks: 2_300_000 }, // c3 c8
      // c4 (28 Feb in UTC) and c6; c5 cancelled
      { month: '2026-03', cargo_count: 2, weight_kg: 50, volume_m3: 0.5, amount_kopecks: 500_000 },
    ]);
  });

  it('numbers_dynamic: months without cargos are zeros', async () => {
    const res = await get(
      owner.visitor,
      API_PATHS.analyticsNumbersDynamic,
      `account_uuid=${company.uuid}&date_from=2025-11-01&date_to=2026-02-28`,
    );
    expect(AnalyticsDynamicsSchema.parse(res.json())).toEqual({
      period: { from: '2025-11-01', to: '2026-02-28' },
      months: [
        { month: '2025-11', cargo_count: 0, weight_kg: 0, volume_m3: 0, amount_kopecks: 0 },
        { month: '2025-12', cargo_count: 1, weight_kg: 20, volume_m3: 0.2, amount_kopecks: 200_000 },
        { month: '2026-01', cargo_count: 2, weight_kg: 150, volume_m3: 1.5, amount_kopecks: 1_500_000 },
        { month: '2026-02', cargo_count: 2, weight_kg: 230, volume_m3: 2.3, amount_kopecks: 2_300_000 },
      ],
    });
  });

  it('cargo: every status group in order, cancelled counted here only', async () => {
    const count = AnalyticsCargoSchema.parse((await ofCompany(API_PATHS.analyticsCargo)).json());
    expect(count).toMatchObject({ data_type: 'count', unit: 'шт.', total: 7 });
    expect(count.items).toEqual([
      { key: 'in_progress', label: 'В работе', value: 1, share: 1 / 7 }, // c3
      { key: 'delivered', label: 'Доставлены', value: 3, share: 3 / 7 }, // c1 c2 c6
      { key: 'returned', label: 'Возвращены', value: 1, share: 1 / 7 }, // c8
      { key: 'problem', label: 'Требуют внимания', value: 1, share: 1 / 7 }, // c4
      { key: 'cancelled', label: 'Отменены', value: 1, share: 1 / 7 }, // c5
    ]);
    const amount = AnalyticsCargoSchema.parse((await ofCompany(API_PATHS.analyticsCargo, '&data_type=amount')).json());
    expect(amount).toMatchObject({ data_type: 'amount', unit: '₽', total: 13_300_000 });
    expect(amount.items.map((i) => [i.key, i.value, i.share])).toEqual([
      ['in_progress', 2_000_000, 2_000_000 / 13_300_000],
      ['delivered', 1_850_000, 1_850_000 / 13_300_000], // 1 000 000 + 500 000 + 350 000
      ['returned', 300_000, 300_000 / 13_300_000],
      ['problem', 150_000, 150_000 / 13_300_000],
      ['cancelled', 9_000_000, 9_000_000 / 13_300_000],
    ]);
  });

  it('transfer_participation: by the profile’s part, by weight', async () => {
    const body = AnalyticsParticipationSchema.parse(
      (await ofCompany(API_PATHS.analyticsTransferParticipation, '&data_type=weight')).json(),
    );
    expect(body).toMatchObject({ data_type: 'weight', unit: 'кг', total: 430 });
    expect(body.items).toEqual([
      { key: 'sender', label: 'Отправитель', value: 220, share: 220 / 430 }, // c1 100 + c2 50 + c6 40 + c8 30
      { key: 'recipient', label: 'Получатель', value: 200, share: 200 / 430 }, // c3
      { key: 'third_party', label: 'Третье лицо (плательщик)', value: 10, share: 10 / 430 }, // c4
    ]);
  });

  it('delivery_type: terminal or door on each side, empty pairs as zeros', async () => {
    const count = AnalyticsDeliveryTypeSchema.parse((await ofCompany(API_PATHS.analyticsDeliveryType)).json());
    expect(count.total).toBe(6);
    expect(count.items).toEqual([
      { key: 'terminal_terminal', label: 'Терминал — терминал', value: 3, share: 0.5 }, // c1 c6 c8
      { key: 'terminal_door', label: 'Терминал — адрес', value: 1, share: 1 / 6 }, // c2
      { key: 'door_terminal', label: 'Адрес — терминал', value: 2, share: 2 / 6 }, // c3 c4
      { key: 'door_door', label: 'Адрес — адрес', value: 0, share: 0 },
    ]);
    const volume = AnalyticsDeliveryTypeSchema.parse(
      (await ofCompany(API_PATHS.analyticsDeliveryType, '&data_type=volume')).json(),
    );
    expect(volume).toMatchObject({ unit: 'м³', total: 4.3 });
    expect(volume.items.map((i) => i.value)).toEqual([1.7, 0.5, 2.1, 0]); // 1 + 0.4 + 0.3; 0.5; 2 + 0.1; —
  });

  it('directions: city pairs by value, ties by name', async () => {
    const body = AnalyticsDirectionsSchema.parse((await ofCompany(API_PATHS.analyticsDirections)).json());
    expect(body.total).toBe(6);
    expect(body.items).toEqual([
      { key: 'Москва → Казань', label: 'Москва → Казань', value: 3, share: 0.5 }, // c1 c2 c8
      { key: 'Казань → Москва', label: 'Казань → Москва', value: 1, share: 1 / 6 },
      { key: 'Москва → Новосибирск', label: 'Москва → Новосибирск', value: 1, share: 1 / 6 },
      { key: 'Санкт-Петербург → Москва', label: 'Санкт-Петербург → Москва', value: 1, share: 1 / 6 },
    ]);
  });

  it('directions: the top ten, then «Другие направления»; a cancelled cargo moves nothing', async () => {
    const ofSecond = (dataType: string) =>
      get(owner.visitor, API_PATHS.analyticsDirections, `account_uuid=${second.uuid}&${PERIOD}&data_type=${dataType}`);
    const amount = AnalyticsDirectionsSchema.parse((await ofSecond('amount')).json());
    // 1 200 000 + 1 100 000 + … + 400 000 (6 900 000 more) + 3 × 300 000
    expect(amount.total).toBe(8_100_000);
    expect(amount.items.map((i) => [i.label, i.value])).toEqual([
      ['Москва → Тула', 1_200_000], // two cargos
      ['Москва → Воронеж', 1_100_000],
      ['Москва → Ярославль', 1_000_000],
      ['Москва → Рязань', 900_000],
      ['Москва → Липецк', 800_000],
      ['Москва → Тверь', 700_000],
      ['Москва → Калуга', 600_000],
      ['Москва → Белгород', 500_000],
      ['Москва → Владимир', 400_000],
      ['Москва → Иваново', 300_000], // tied with Курск and Смоленск: first by name
      [A.otherDirections, 600_000], // Курск + Смоленск
    ]);
    expect(amount.items.at(-1)).toEqual({
      key: 'other',
      label: 'Другие направления',
      value: 600_000,
      share: 600_000 / 8_100_000,
    });

    const count = AnalyticsDirectionsSchema.parse((await ofSecond('count')).json());
    expect(count.total).toBe(13);
    expect(count.items.map((i) => [i.key, i.value])).toEqual([
      ['Москва → Тула', 2],
      ['Москва → Белгород', 1],
      ['Москва → Владимир', 1],
      ['Москва → Воронеж', 1],
      ['Москва → Иваново', 1],
      ['Москва → Калуга', 1],
      ['Москва → Курск', 1],
      ['Москва → Липецк', 1],
      ['Москва → Рязань', 1],
      ['Москва → Смоленск', 1],
      ['other', 2], // Тверь, Ярославль
    ]);
  });

  it('profiles: by default every profile of the user, never anyone else’s; a list sums its profiles', async () => {
    const all = AnalyticsNumbersSchema.parse((await get(owner.visitor, API_PATHS.analyticsNumbers, PERIOD)).json());
    // Ромашка 6 + personal 1 + Вектор 13; the stranger's cargo is not counted.
    expect(all.current.cargo_count).toBe(20);
    expect(all.current.amount_kopecks).toBe(12_500_000); // 4 300 000 + 100 000 + 8 100 000
    const two = AnalyticsNumbersSchema.parse(
      (
        await get(
          owner.visitor,
          API_PATHS.analyticsNumbers,
          `account_uuid=${q(`${company.uuid}, ${personal.uuid}`)}&${PERIOD}`,
        )
      ).json(),
    );
    expect([two.current.cargo_count, two.current.weight_kg]).toEqual([7, 435]);
    // An accountant of Ромашка sees its figures, and only Ромашка's by default.
    const mine = AnalyticsNumbersSchema.parse(
      (await get(accountant.visitor, API_PATHS.analyticsNumbers, PERIOD)).json(),
    );
    expect(mine.current.cargo_count).toBe(6);
  });

  it('period: by default the last twelve months including this one, against the period before', async () => {
    const body = AnalyticsNumbersSchema.parse(
      (await get(owner.visitor, API_PATHS.analyticsNumbers, `account_uuid=${company.uuid}`)).json(),
    );
    // Today is 15 June 2026: from 1 July 2025, 350 days; the 350 days before end on 30 June 2025.
    expect(body.period).toEqual({ from: '2025-07-01', to: '2026-06-15' });
    expect(body.previous_period).toEqual({ from: '2024-07-16', to: '2025-06-30' });
    // Every Ромашка cargo but the cancelled c5: c1–c4, c6–c8, p1–p3.
    expect(body.current.cargo_count).toBe(10);
    const dynamic = AnalyticsDynamicsSchema.parse(
      (await get(owner.visitor, API_PATHS.analyticsNumbersDynamic, `account_uuid=${company.uuid}`)).json(),
    );
    expect(dynamic.months.map((m) => m.month)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    // October: p1 and p3 (p3 is 2 October in Moscow time).
    expect(dynamic.months[3]).toEqual({
      month: '2025-10',
      cargo_count: 2,
      weight_kg: 140,
      volume_m3: 1.4,
      amount_kopecks: 1_400_000,
    });
    // Only one end given: the twelve months ending with date_to's month; from date_from up to today.
    const ending = AnalyticsNumbersSchema.parse(
      (await get(owner.visitor, API_PATHS.analyticsNumbers, 'date_to=2026-03-31')).json(),
    );
    expect(ending.period).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    const starting = AnalyticsNumbersSchema.parse(
      (await get(owner.visitor, API_PATHS.analyticsNumbers, 'date_from=2026-06-01')).json(),
    );
    expect([starting.period, starting.previous_period]).toEqual([
      { from: '2026-06-01', to: '2026-06-15' },
      { from: '2026-05-17', to: '2026-05-31' },
    ]);
  });

  it('someone else’s profile, a malformed one or one of several is 404; nobody signed in is 401', async () => {
    const paths = [
      API_PATHS.analyticsNumbers,
      API_PATHS.analyticsNumbersDynamic,
      API_PATHS.analyticsAverageNumbers,
      API_PATHS.analyticsCargo,
      API_PATHS.analyticsTransferParticipation,
      API_PATHS.analyticsDeliveryType,
      API_PATHS.analyticsDirections,
    ];
    for (const path of paths) {
      for (const [visitor, uuids] of [
        [owner.visitor, strangerProfile.uuid],
        [owner.visitor, `${company.uuid},${strangerProfile.uuid}`],
        [owner.visitor, 'not-a-uuid'],
        [accountant.visitor, personal.uuid],
      ] as const) {
        const res = await get(visitor, path, `account_uuid=${q(uuids)}`);
        expect(res.statusCode, `${path} ${uuids}`).toBe(404);
        expect((res.json() as ErrorJson).error).toEqual({
          code: 'NOT_FOUND',
          message: MESSAGES.team.profileNotFound,
          fields: { account_uuid: MESSAGES.team.profileNotFound },
        });
      }
      const anonymous = await new Visitor(ctx, nextIp()).start();
      expect((await anonymous.get(path)).statusCode).toBe(401);
    }
  });

  it('a verified user without profiles sees zeros; a signed-in user no longer verified is 401', async () => {
    const db = ctx.database.db;
    await db.delete(profileMembers).where(eq(profileMembers.userId, loner.user.id));
    const none = await get(loner.visitor, API_PATHS.analyticsNumbers, PERIOD);
    expect(none.statusCode).toBe(200);
    expect(AnalyticsNumbersSchema.parse(none.json()).current).toMatchObject({ cargo_count: 0, on_time_share: null });
    expect((await get(loner.visitor, API_PATHS.analyticsNumbers, `account_uuid=${company.uuid}`)).statusCode).toBe(404);
    await db.update(users).set({ isVerified: false }).where(eq(users.id, unverified.user.id));
    expect((await get(unverified.visitor, API_PATHS.analyticsCargo, PERIOD)).statusCode).toBe(401);
  });

  it('every role may see analytics, so 403 cannot happen yet (the check stays in the service)', () => {
    // When a role without analytics.view appears, add a member with it here and expect 403.
    expect(PROFILE_ROLES.filter((role) => !ROLE_PERMISSIONS[role].includes('analytics.view'))).toEqual([]);
  });

  it.each([
    ['data_type=pieces', 'data_type', A.dataTypeInvalid],
    ['date_from=2026-03-01&date_to=2026-02-01', 'date_from', A.periodReversed],
    ['date_from=2024-01-01&date_to=2026-01-01', 'date_from', A.periodTooLong], // 732 days
    ['date_from=2026-07-01', 'date_from', A.periodReversed], // up to today, 15 June
    ['date_from=2026-02-30', 'date_from', A.dateInvalid],
    ['date_to=31.03.2026', 'date_to', A.dateInvalid],
  ])('%s is 400', async (query, field, message) => {
    const res = await get(owner.visitor, API_PATHS.analyticsCargo, query);
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorJson).error.fields?.[field]).toBe(message);
  });

  it('a period of exactly 731 days is allowed', async () => {
    const res = await get(owner.visitor, API_PATHS.analyticsNumbers, 'date_from=2024-01-01&date_to=2025-12-31');
    expect(res.statusCode).toBe(200);
  });

  it.runIf(process.env.TEST_DB_KIND === 'pg')(
    'PostgreSQL reads every figure from cargos_owner_analytics_idx alone (index-only scans)',
    async () => {
      const db = ctx.database.db;
      const bind = scopeParams({ profileIds: [company.id, personal.id], from: '2025-10-03', to: '2026-03-31' });
      await db.execute(sql`vacuum analyze cargos`);
      const statements = {
        numbers: periodFiguresQuery(db, bind, sql.param('2025-12-31T21:00:00.000Z')),
        dynamic: monthlyMeasuresQuery(db, bind),
        status: measuresByQuery(db, bind, 'status'),
        participation: measuresByQuery(db, bind, 'customer_role'),
        delivery: measuresByQuery(db, bind, 'departure_delivery'),
        directions: topDirectionsQuery(db, bind, 'weight', 10),
      };
      for (const [name, statement] of Object.entries(statements)) {
        // A table this small is cheaper to read whole: forbid that to see which index plan is left.
        const plan = await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          const result = await tx.execute(sql`explain ${statement}`);
          return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
        });
        expect(plan, name).toContain('Index Only Scan using cargos_owner_analytics_idx on cargos');
        expect(plan, name).not.toMatch(/Seq Scan|Bitmap|Index Scan using/);
      }
    },
  );
});
