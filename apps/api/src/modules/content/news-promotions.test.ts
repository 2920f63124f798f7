import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  HolidaysResponseSchema,
  IntegrationMenuResponseSchema,
  NewsDetailSchema,
  NewsListResponseSchema,
  PromotionsResponseSchema,
} from '@freight/contracts';
import { addCalendarDays, toIsoDate } from '@freight/domain';
import { newsItems, promoCodes, promotionRules, promotions } from '@freight/db';
import { createTestContext, type TestContext } from '../../test/helpers';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('content calls: news, promotions, holidays, integration menu', () => {
  let ctx: TestContext;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('news: newest first, paged, at least 12 seeded', async () => {
    const first = NewsListResponseSchema.parse((await get('/api/v1/duty_news/news?page_size=5')).json());
    expect(first.total).toBeGreaterThanOrEqual(12);
    expect(first.items).toHaveLength(5);
    expect(first.pages).toBe(Math.ceil(first.total / 5));
    const dates = first.items.map((n) => n.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = NewsListResponseSchema.parse((await get('/api/v1/duty_news/news?page_size=5&page=2')).json());
    expect(second.items[0]!.published_at <= first.items[4]!.published_at).toBe(true);
    expect(second.items.map((n) => n.id)).not.toContain(first.items[0]!.id);
  });

  it('to_main_page=true and kind=event filter; a future or hidden item is never shown', async () => {
    const main = NewsListResponseSchema.parse((await get('/api/v1/duty_news/news?to_main_page=true')).json());
    expect(main.items.length).toBeGreaterThan(0);
    expect(main.items.every((n) => n.to_main_page)).toBe(true);
    const events = NewsListResponseSchema.parse((await get('/api/v1/duty_news/news?kind=event&page_size=50')).json());
    expect(events.items.every((n) => n.kind === 'event' && n.event_date !== null)).toBe(true);

    await ctx.database.db.insert(newsItems).values([
      {
        slug: 'future-item',
        kind: 'news',
        title: 'Будущее',
        summary: 'S',
        body: 'B',
        publishedAt: new Date(Date.now() + 86_400_000),
        toMainPage: true,
      },
      {
        slug: 'hidden-item',
        kind: 'news',
        title: 'Скрытое',
        summary: 'S',
        body: 'B',
        publishedAt: new Date(),
        isPublished: false,
      },
    ]);
    const all = NewsListResponseSchema.parse((await get('/api/v1/duty_news/news?page_size=50')).json());
    expect(all.items.map((n) => n.slug)).not.toEqual(expect.arrayContaining(['future-item']));
    expect(all.items.map((n) => n.slug)).not.toContain('hidden-item');
    expect((await get('/api/v1/duty_news/news/future-item')).statusCode).toBe(404);
  });

  it('news/:slug gives the text; an unknown slug is a Russian 404', async () => {
    const item = NewsDetailSchema.parse((await get('/api/v1/duty_news/news/novyj-terminal-v-kazani')).json());
    expect(item.title).toBe('Открыли новый терминал в Казани');
    expect(item.body.split('\n\n').length).toBeGreaterThan(1);
    const missing = await get('/api/v1/duty_news/news/net-takoj-novosti');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Новость не найдена' } });
  });

  it.each([
    ['page=0', 'page', 'Номер страницы должен быть целым числом от 1'],
    ['page=abc', 'page', 'Номер страницы должен быть целым числом от 1'],
    ['page_size=500', 'page_size', 'Размер страницы должен быть от 1 до 50'],
    ['kind=video', 'kind', 'Выберите тип публикации: новость или событие'],
    ['to_main_page=yes', 'to_main_page', 'Недопустимое значение параметра запроса'],
  ])('news refuses %s with a Russian 400', async (query, field, message) => {
    const res = await get(`/api/v1/duty_news/news?${query}`);
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorJson).error.fields?.[field]).toBe(message);
  });

  it('promotion?actual=true keeps only those running today (Moscow date)', async () => {
    const today = toIsoDate(new Date(), 'Europe/Moscow')!;
    await ctx.database.db.insert(promotions).values([
      {
        slug: 'test-past',
        title: 'Прошла',
        description: 'D',
        terms: 'T',
        startsOn: addCalendarDays(today, -30),
        endsOn: addCalendarDays(today, -1),
      },
      { slug: 'test-now', title: 'Идёт', description: 'D', terms: 'T', startsOn: today, endsOn: today },
      {
        slug: 'test-future',
        title: 'Будет',
        description: 'D',
        terms: 'T',
        startsOn: addCalendarDays(today, 1),
        endsOn: addCalendarDays(today, 9),
      },
    ]);
    const actual = PromotionsResponseSchema.parse(
      (await get('/api/v1/duty_dynamic_content/promotion?actual=true')).json(),
    );
    const slugs = actual.map((p) => p.slug);
    expect(slugs).toContain('test-now');
    expect(slugs).not.toContain('test-past');
    expect(slugs).not.toContain('test-future');
    expect(actual.every((p) => p.is_actual)).toBe(true);
    const all = PromotionsResponseSchema.parse((await get('/api/v1/duty_dynamic_content/promotion')).json());
    expect(all.map((p) => p.slug)).toEqual(expect.arrayContaining(['test-past', 'test-now', 'test-future']));
    expect((await get('/api/v1/duty_dynamic_content/promotion?actual=maybe')).statusCode).toBe(400);
  });

  it('a promotion with a promo code states the code’s conditions from the data the pricing enforces', async () => {
    const S = '\u00a0';
    const list = async () =>
      PromotionsResponseSchema.parse((await get('/api/v1/duty_dynamic_content/promotion')).json());
    const start10 = async () => (await list()).find((p) => p.slug === 'pervaya-perevozka-10')!;
    const set = (values: Partial<typeof promoCodes.$inferInsert>) =>
      ctx.database.db.update(promoCodes).set(values).where(eq(promoCodes.code, 'START10'));
    // The seeded row: 10 %, from 3 000 ₽, till 30 June 2027 (Moscow), 1 000 uses (packages/db/src/seed/pricing.ts).
    expect(await start10()).toMatchObject({
      promo_code: 'START10',
      promo_conditions: `Промокод START10: −10 % на заказ от 3${S}000${S}₽, до 30 июня 2027 г., для первых 1${S}000 заказов`,
    });
    await set({ minOrderKopecks: 150_000, usageLimit: null });
    expect((await start10()).promo_conditions).toBe(
      `Промокод START10: −10 % на заказ от 1${S}500${S}₽, до 30 июня 2027 г.`,
    );
    await set({ kind: 'fixed', value: 50_000, minOrderKopecks: 0, validTo: null });
    expect((await start10()).promo_conditions).toBe(`Промокод START10: −500${S}₽ на любой заказ`);
    await set({ kind: 'percent', value: 1000, usageLimit: 5, usedCount: 5 });
    expect((await start10()).promo_conditions).toBe('Лимит использований промокода START10 исчерпан');
    await set({
      minOrderKopecks: 300_000,
      validTo: new Date('2027-06-30T23:59:59+03:00'),
      usageLimit: 1000,
      usedCount: 0,
    });

    // A code the pricing does not know (the demo's December promotion once named one) is not advertised.
    await ctx.database.db
      .update(promotions)
      .set({ promoCode: 'NOSUCHCODE' })
      .where(eq(promotions.slug, 'zimnij-zabor-besplatno'));
    const unknown = (await list()).find((p) => p.slug === 'zimnij-zabor-besplatno')!;
    expect([unknown.promo_code, unknown.promo_conditions]).toEqual([null, null]);
    await ctx.database.db
      .update(promotions)
      .set({ promoCode: null })
      .where(eq(promotions.slug, 'zimnij-zabor-besplatno'));
  });

  it('an automatic promotion states the conditions of the rule the pricing applies (promotion_rules)', async () => {
    const list = async () =>
      PromotionsResponseSchema.parse((await get('/api/v1/duty_dynamic_content/promotion')).json());
    const december = async () => (await list()).find((p) => p.slug === 'zimnij-zabor-besplatno')!;
    expect(await december()).toMatchObject({
      promo_code: null,
      promo_conditions: null,
      auto_conditions:
        'Забор груза от двери — бесплатно для заказов от 200 кг или от 1 м³ при заборе с 1 по 31 декабря 2026 г.; ' +
        'города отправления: Москва, Санкт-Петербург, Екатеринбург. ' +
        'Скидка появится в расчёте отдельной строкой, промокод не нужен',
    });
    // The text follows the row: change the rule, the card says so.
    const [promotion] = await ctx.database.db
      .select({ id: promotions.id })
      .from(promotions)
      .where(eq(promotions.slug, 'zimnij-zabor-besplatno'));
    const rule = eq(promotionRules.promotionId, promotion!.id);
    await ctx.database.db.update(promotionRules).set({ minWeightKg: 300, minVolumeM3: null }).where(rule);
    try {
      expect((await december()).auto_conditions).toMatch(
        /^Забор груза от двери — бесплатно для заказов от 300 кг при заборе/,
      );
    } finally {
      await ctx.database.db.update(promotionRules).set({ minWeightKg: 200, minVolumeM3: 1 }).where(rule);
    }
    // Promotions without a rule have none.
    const others = (await list()).filter((p) => p.slug !== 'zimnij-zabor-besplatno');
    expect(others.every((p) => p.auto_conditions === null)).toBe(true);
    // The marketplace discount is not automatic: its card says how to get it.
    expect(others.find((p) => p.slug === 'marketplejsy-15')!.terms).toContain('«Мой менеджер»');
  });

  it('duty_holidays: every year with its official totals, and one year on request', async () => {
    const all = HolidaysResponseSchema.parse((await get('/api/v1/duty_holidays/')).json());
    expect(all.years.map((y) => [y.year, y.working_days, y.status])).toEqual([
      [2024, 248, 'official'],
      [2025, 247, 'official'],
      [2026, 247, 'official'],
      [2027, 249, 'provisional'],
    ]);
    const y2026 = HolidaysResponseSchema.parse((await get('/api/v1/duty_holidays/?year=2026')).json());
    expect(y2026.days.find((d) => d.date === '2026-01-07')).toMatchObject({
      type: 'holiday',
      title: 'Рождество Христово',
    });
    expect(y2026.days.find((d) => d.date === '2026-11-03')).toMatchObject({ is_short_day: true, hours: 7 });
    expect(y2026.days.every((d) => d.date.startsWith('2026'))).toBe(true);
    const bad = await get('/api/v1/duty_holidays/?year=2030');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as ErrorJson).error.fields?.year).toBe('Производственный календарь есть на 2024–2027 годы');
  });

  it('duty_integration_menu lists the ways to integrate', async () => {
    const menu = IntegrationMenuResponseSchema.parse((await get('/api/v1/duty_integration_menu/')).json());
    expect(menu.map((m) => m.key)).toEqual(['api', 'widget']);
  });
});
