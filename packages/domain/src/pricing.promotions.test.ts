import { describe, expect, it } from 'vitest';
import {
  autoPromotionApplies,
  autoPromotionLines,
  calculateDoor,
  calculateOrderPrice,
  describeAutoPromotion,
  summarizePlaces,
  summarizeTotals,
  type AutoPromotion,
  type DoorTariff,
  type OrderPricingInput,
  type PromoCode,
  type RouteTariff,
  type ServiceRates,
} from './pricing';

/* Automatic promotions (issue 21): the free December pick-up as the pricing applies it. */

const S = '\u00A0';
const MOSCOW = 1;
const SPB = 2;
const YEKATERINBURG = 3;
const KAZAN = 4;

const december: AutoPromotion = {
  slug: 'zimnij-zabor-besplatno',
  title: 'Бесплатный забор груза в декабре',
  effect: 'free_pickup',
  validFrom: '2026-12-01',
  validTo: '2026-12-31',
  originCityIds: [MOSCOW, SPB, YEKATERINBURG],
  minWeightKg: 200,
  minVolumeM3: 1,
};

const route: RouteTariff = {
  calcMode: 'chargeable_weight',
  weightBreaks: [
    { upTo: 100, rateKopecks: 1600 },
    { upTo: 500, rateKopecks: 1450 },
    { upTo: null, rateKopecks: 1200 },
  ],
  volumeBreaks: [{ upTo: null, rateKopecks: 300_000 }],
  minChargeKopecks: 150_000,
  densityKgPerM3: 250,
  volumeCoefficientPermille: 1000,
  transitDaysMin: 2,
  transitDaysMax: 3,
};

const rates: ServiceRates = {
  oversizeBp: 2500,
  fragileBp: 2000,
  crateVolumeBp: 3000,
  insuranceBp: 30,
  insuranceMinKopecks: 5000,
  loadingPerKgKopecks: 500,
  loadingMinKopecks: 100_000,
  stairsPerFloorPlaceKopecks: 15_000,
  liftPerPlaceKopecks: 5_000,
  vatIncluded: true,
  vatRateBp: 2200,
};

const door: DoorTariff = {
  brackets: [
    { weightTo: 100, volumeTo: 0.5, priceKopecks: 90_000 },
    { weightTo: 500, volumeTo: 2, priceKopecks: 130_000 },
  ],
  aboveKopecks: 850_000,
  perKmOutsideRingKopecks: 4_800,
  ringName: 'МКАД',
};

const side = (kmOutsideRing = 0, loading = false) => ({
  door,
  kmOutsideRing,
  handling: { loading, floor: 1, hasLift: false },
});

const order = (overrides: Partial<OrderPricingInput> = {}): OrderPricingInput => ({
  route,
  rates,
  cargo: summarizeTotals(1, 200, 0.5),
  fragile: false,
  pickup: side(),
  delivery: null,
  packaging: [],
  declaredValueKopecks: 0,
  personalDiscountBp: 0,
  promo: null,
  autoPromotions: { rules: [december], originCityId: MOSCOW, pickupDate: '2026-12-01' },
  now: new Date('2026-11-26T09:00:00Z'),
  ...overrides,
});

describe('autoPromotionApplies: the rule of «Бесплатный забор груза в декабре»', () => {
  const facts = (weightKg: number, volumeM3: number, pickupDate = '2026-12-10', originCityId = MOSCOW) => ({
    originCityId,
    pickupDate,
    cargo: summarizeTotals(1, weightKg, volumeM3),
  });

  it.each([
    ['199 kg, 0.5 m³', facts(199, 0.5), false],
    ['199.99 kg, 0.99 m³', facts(199.99, 0.99), false],
    ['200 kg, 0.5 m³', facts(200, 0.5), true],
    ['199.999 kg (charged as 200 kg)', facts(199.999, 0.5), true],
    ['50 kg, 1 m³', facts(50, 1), true],
    ['50 kg, 0.99 m³', facts(50, 0.99), false],
    ['pick-up on 30 November', facts(500, 2, '2026-11-30'), false],
    ['pick-up on 1 December', facts(500, 2, '2026-12-01'), true],
    ['pick-up on 31 December', facts(500, 2, '2026-12-31'), true],
    ['pick-up on 1 January', facts(500, 2, '2027-01-01'), false],
    ['from Saint Petersburg', facts(500, 2, '2026-12-10', SPB), true],
    ['from Yekaterinburg', facts(500, 2, '2026-12-10', YEKATERINBURG), true],
    ['from Kazan (not an origin of the rule)', facts(500, 2, '2026-12-10', KAZAN), false],
  ])('%s → %s', (_name, given, expected) => {
    expect(autoPromotionApplies(december, given)).toBe(expected);
  });

  it('the places add up: 4 places of 50 kg reach 200 kg; the volume weight does not count', () => {
    const four = summarizePlaces([{ quantity: 4, weightKg: 50, lengthCm: 50, widthCm: 40, heightCm: 30 }]);
    expect(autoPromotionApplies(december, { originCityId: MOSCOW, pickupDate: '2026-12-10', cargo: four })).toBe(true);
    // 150 kg but 0.9 m³ (volume weight 225 kg): neither minimum is reached.
    const light = summarizePlaces([{ quantity: 1, weightKg: 150, lengthCm: 100, widthCm: 100, heightCm: 90 }]);
    expect(autoPromotionApplies(december, { originCityId: MOSCOW, pickupDate: '2026-12-10', cargo: light })).toBe(
      false,
    );
  });

  it('a rule without cities takes every origin; one without minimums every size', () => {
    const open = { ...december, originCityIds: [], minWeightKg: null, minVolumeM3: null };
    expect(autoPromotionApplies(open, facts(1, 0.01, '2026-12-10', KAZAN))).toBe(true);
    expect(autoPromotionApplies({ ...december, minVolumeM3: null }, facts(50, 5))).toBe(false);
  });
});

describe('calculateOrderPrice with automatic promotions', () => {
  it('gives the door pick-up back as its own line: the total is lower by exactly the pick-up', () => {
    const without = calculateOrderPrice(order({ autoPromotions: null }));
    const price = calculateOrderPrice(order());
    // freight 200 × 14,50 = 2 900 ₽, pick-up (up to 500 kg and 2 m³) 1 300 ₽.
    expect(price.lines.map((l) => [l.code, l.title, l.amountKopecks])).toEqual([
      ['freight', 'Перевозка', 290_000],
      ['pickup', 'Забор груза от двери', 130_000],
      ['free_pickup', 'Акция «Бесплатный забор груза в декабре»', -130_000],
    ]);
    expect(price.lines[2]!.explanation).toBe(
      `Акция «Бесплатный забор груза в декабре»: забор груза от двери бесплатно, −1${S}300${S}₽`,
    );
    expect(price.subtotalKopecks).toBe(without.subtotalKopecks);
    expect(price.totalKopecks).toBe(without.totalKopecks - 130_000);
    expect(price.vatKopecks).toBe(52_295); // 2 900 × 22 / 122 = 522,95
  });

  it('the km beyond the ring road are part of the pick-up and free too; loading is not', () => {
    const price = calculateOrderPrice(order({ pickup: side(10, true) }));
    const pickup = calculateDoor('pickup', door, summarizeTotals(1, 200, 0.5), 10).amountKopecks;
    expect(pickup).toBe(130_000 + 10 * 4_800);
    expect(price.lines.map((l) => [l.code, l.amountKopecks])).toEqual([
      ['freight', 290_000],
      ['pickup', pickup],
      ['loading', 100_000],
      ['free_pickup', -pickup],
    ]);
    expect(price.totalKopecks).toBe(390_000);
  });

  it.each([
    ['terminal drop-off (no door pick-up)', order({ pickup: null, delivery: side() })],
    ['199 kg, 0.99 m³', order({ cargo: summarizeTotals(1, 199, 0.99) })],
    [
      'pick-up on 30 November',
      order({ autoPromotions: { rules: [december], originCityId: MOSCOW, pickupDate: '2026-11-30' } }),
    ],
    [
      'pick-up on 1 January',
      order({ autoPromotions: { rules: [december], originCityId: MOSCOW, pickupDate: '2027-01-01' } }),
    ],
    ['from Kazan', order({ autoPromotions: { rules: [december], originCityId: KAZAN, pickupDate: '2026-12-10' } })],
  ])('%s: no promotion line, the price as without rules', (_name, input) => {
    const price = calculateOrderPrice(input);
    expect(price.lines.some((l) => l.code === 'free_pickup')).toBe(false);
    expect(price.totalKopecks).toBe(calculateOrderPrice({ ...input, autoPromotions: null }).totalKopecks);
  });

  it('two rules giving a free pick-up give it once', () => {
    const twice = order({
      autoPromotions: { rules: [december, { ...december, slug: 'x' }], originCityId: MOSCOW, pickupDate: '2026-12-10' },
    });
    expect(calculateOrderPrice(twice).lines.filter((l) => l.code === 'free_pickup')).toHaveLength(1);
  });

  it('free pick-up first, then the personal discount and the promo code on what is left; VAT on top', () => {
    const start10: PromoCode = {
      code: 'START10',
      kind: 'percent',
      value: 1000,
      validFrom: null,
      validTo: null,
      usageLimit: null,
      usedCount: 0,
      minOrderKopecks: 0,
      isActive: true,
    };
    const price = calculateOrderPrice(
      order({
        rates: { ...rates, vatIncluded: false },
        personalDiscountBp: 500,
        promo: { entered: 'start10', found: start10 },
      }),
    );
    // 2 900 + 1 300 = 4 200 ₽; the pick-up back → 2 900 ₽; −5 % = 145 ₽; −10 % = 290 ₽ → 2 465 ₽;
    // +22 % VAT = 542,30 ₽.
    expect(price.lines.map((l) => [l.code, l.amountKopecks])).toEqual([
      ['freight', 290_000],
      ['pickup', 130_000],
      ['free_pickup', -130_000],
      ['personal_discount', -14_500],
      ['promocode', -29_000],
      ['vat', 54_230],
    ]);
    expect(price.subtotalKopecks).toBe(420_000);
    expect(price.totalKopecks).toBe(300_730);
    // The lines add up to the total.
    expect(price.lines.reduce((sum, l) => sum + l.amountKopecks, 0)).toBe(price.totalKopecks);
  });

  it('a promo code’s minimum order is judged on the price after the free pick-up', () => {
    const min4000: PromoCode = {
      code: 'BIG',
      kind: 'fixed',
      value: 10_000,
      validFrom: null,
      validTo: null,
      usageLimit: null,
      usedCount: 0,
      minOrderKopecks: 400_000,
      isActive: true,
    };
    const promo = { entered: 'big', found: min4000 };
    expect(calculateOrderPrice(order({ promo, autoPromotions: null })).promocodeError).toBeNull();
    expect(calculateOrderPrice(order({ promo })).promocodeError).toBe(
      `Промокод BIG действует для заказов от 4${S}000${S}₽`,
    );
  });

  it('explain: false gives the same amounts and totals without explanations', () => {
    const worded = calculateOrderPrice(order());
    const bare = calculateOrderPrice({ ...order(), explain: false });
    expect(bare.lines.map((l) => [l.code, l.title, l.amountKopecks, l.explanation])).toEqual(
      worded.lines.map((l) => [l.code, l.title, l.amountKopecks, '']),
    );
    expect(bare.totalKopecks).toBe(worded.totalKopecks);
  });

  it('autoPromotionLines: nothing to give back without a pick-up line', () => {
    const facts = { originCityId: MOSCOW, pickupDate: '2026-12-10', cargo: summarizeTotals(1, 500, 2) };
    expect(autoPromotionLines([december], facts, null)).toEqual([]);
  });
});

describe('describeAutoPromotion: the card states the rule the pricing applies', () => {
  it.each([
    [
      'the December free pick-up',
      december,
      ['Москва', 'Санкт-Петербург', 'Екатеринбург'],
      'Забор груза от двери — бесплатно для заказов от 200 кг или от 1 м³ при заборе с 1 по 31 декабря 2026 г.; ' +
        'города отправления: Москва, Санкт-Петербург, Екатеринбург. ' +
        'Скидка появится в расчёте отдельной строкой, промокод не нужен',
    ],
    [
      'one city, weight only, across the new year',
      { ...december, minVolumeM3: null, minWeightKg: 1500, validTo: '2027-01-15' },
      ['Казань'],
      `Забор груза от двери — бесплатно для заказов от 1${S}500 кг при заборе с 1 декабря 2026 г. по 15 января 2027 г.; ` +
        'город отправления — Казань. Скидка появится в расчёте отдельной строкой, промокод не нужен',
    ],
    [
      'any origin, any size',
      { ...december, minVolumeM3: null, minWeightKg: null, originCityIds: [] },
      [],
      'Забор груза от двери — бесплатно для заказов любого веса при заборе с 1 по 31 декабря 2026 г. ' +
        'Скидка появится в расчёте отдельной строкой, промокод не нужен',
    ],
  ])('%s', (_name, rule, origins, expected) => {
    expect(describeAutoPromotion(rule, origins)).toBe(expected);
  });
});
