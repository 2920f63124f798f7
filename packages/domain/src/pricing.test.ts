import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  applyPromoCode,
  calculateDoor,
  calculateFreight,
  calculateHandling,
  calculateInsurance,
  calculateOrderPrice,
  calculatePackaging,
  describePromoCode,
  formatTransitTerms,
  isOversize,
  percentOf,
  pickBreak,
  summarizePlaces,
  summarizeTotals,
  toCentiKg,
  toLitres,
  type DoorTariff,
  type PromoCode,
  type RouteTariff,
  type ServiceRates,
} from './pricing';

const S = '\u00A0';

const route: RouteTariff = {
  calcMode: 'chargeable_weight',
  weightBreaks: [
    { upTo: 100, rateKopecks: 1600 },
    { upTo: 500, rateKopecks: 1450 },
    { upTo: null, rateKopecks: 1200 },
  ],
  volumeBreaks: [
    { upTo: 1, rateKopecks: 320_000 },
    { upTo: null, rateKopecks: 290_000 },
  ],
  minChargeKopecks: 150_000,
  densityKgPerM3: 250,
  volumeCoefficientPermille: 1000,
  transitDaysMin: 5,
  transitDaysMax: 7,
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

const cargo = (weightKg: number, volumeM3: number, quantity = 1) => summarizeTotals(quantity, weightKg, volumeM3);

describe('charged units', () => {
  // The rule before issue #19 cleared the noise through a string (`toPrecision(12)`); the
  // arithmetic that replaced it must charge every typed measure the same.
  const byString = (value: number, scale: number, min: number) =>
    Math.max(min, Math.ceil(Number((value * scale).toPrecision(12))));

  it('a typed measure is charged in whole units, without the noise of binary fractions', () => {
    expect(toLitres(0.1 * 3)).toBe(300); // 0.30000000000000004 m³
    expect(toLitres(0.5)).toBe(500);
    expect(toLitres(0.0101)).toBe(11); // a part of a litre is a whole litre
    expect(toCentiKg(1.005)).toBe(101); // 100.49999999999999 after × 100: noise, not a fraction
    expect(toCentiKg(12.341)).toBe(1235);
    expect(toCentiKg(0)).toBe(1);
    expect(toLitres(Number.NaN)).toBe(10);
  });

  it('every measure typed with up to three decimals is charged as the string rule charged it', () => {
    const differ: string[] = [];
    for (let thousandths = 1; thousandths <= 200_000; thousandths += 1) {
      const typed = thousandths / 1000;
      for (const value of [typed, typed * 3, typed / 7, typed * 1.1]) {
        if (toCentiKg(value) !== byString(value, 100, 1)) differ.push(`${value} kg`);
        if (toLitres(value) !== byString(value, 1000, 10)) differ.push(`${value} m³`);
      }
    }
    for (const kgValue of [19_999.99, 20_000, 1e6 + 0.01, 123_456.789]) {
      if (toCentiKg(kgValue) !== byString(kgValue, 100, 1)) differ.push(`${kgValue} kg`);
    }
    expect(differ).toEqual([]);
  });
});

describe('rate breaks', () => {
  it.each([
    [0.01, 1600],
    [100, 1600],
    [100.01, 1450],
    [500, 1450],
    [501, 1200],
    [100_000, 1200],
  ])('%s kg → %s kopecks per kg', (kg, rate) => {
    expect(pickBreak(route.weightBreaks, kg).rateKopecks).toBe(rate);
  });
});

describe('freight', () => {
  it('prices by actual weight with the example explanation', () => {
    const result = calculateFreight(route, cargo(120, 0.3));
    expect(result.amountKopecks).toBe(174_000);
    expect(result.line.explanation).toBe(`Перевозка: 120 кг × 14,50${S}₽ = 1${S}740${S}₽`);
  });

  it('applies the minimum charge and says so', () => {
    const result = calculateFreight(route, cargo(10, 0.02));
    expect(result.amountKopecks).toBe(150_000);
    expect(result.line.explanation).toContain(`применяется минимум 1${S}500${S}₽`);
  });

  it('light bulky cargo pays by volume weight (density 250 kg/m³, coefficient)', () => {
    // 1 m³ × 250 = 250 kg > 50 kg → 250 × 14,50 = 3 625 ₽
    expect(calculateFreight(route, cargo(50, 1)).amountKopecks).toBe(362_500);
    // ×1.1 stacking: 1.1 m³ × 250 = 275 kg → 275 × 14,50 = 3 987,50 ₽
    const stacked = calculateFreight({ ...route, volumeCoefficientPermille: 1100 }, cargo(50, 1));
    expect(stacked.amountKopecks).toBe(398_750);
    // Where 1,1 m³ comes from is said (issue 21): the measured 1 m³ and the route's coefficient.
    expect(stacked.line.explanation).toContain(
      'объёмный вес: 1,1 м³ [1 м³ × 1,1 — коэффициент укладки в кузове] × 250 кг/м³',
    );
    // Without a coefficient the measured volume is the charged one, with nothing to explain.
    expect(calculateFreight(route, cargo(50, 1)).line.explanation).toContain('объёмный вес: 1 м³ × 250 кг/м³');
  });

  it('crated places add 30 % of their volume', () => {
    const places = summarizePlaces([
      { quantity: 1, weightKg: 50, lengthCm: 100, widthCm: 100, heightCm: 100, crate: true },
    ]);
    // 1 m³ + 0.3 m³ = 1.3 m³ × 250 = 325 kg × 14,50 = 4 712,50 ₽
    expect(calculateFreight(route, places, 3000).amountKopecks).toBe(471_250);
  });

  it('two grids mode takes the larger of weight and volume charges', () => {
    const twoGrids: RouteTariff = { ...route, calcMode: 'two_grids' };
    expect(calculateFreight(twoGrids, cargo(300, 0.5)).amountKopecks).toBe(435_000); // 300 × 14,50 vs 0,5 × 3 200
    const byVolume = calculateFreight(twoGrids, cargo(100, 2));
    expect(byVolume.amountKopecks).toBe(580_000); // 2 × 2 900 > 100 × 16
    expect(byVolume.line.explanation).toContain('(по объёму)');
  });

  it('rounds weights up to 0.01 kg and money half up to the kopeck', () => {
    // 120.001 kg counts as 120.01 kg; 120.01 × 14,50 = 1 740,145 → 1 740,15 ₽
    expect(calculateFreight(route, cargo(120.001, 0.1)).amountKopecks).toBe(174_015);
    expect(percentOf(1, 5000)).toBe(1); // 0.5 kopeck → 1
    expect(percentOf(1, 4999)).toBe(0);
  });

  it('weights and volumes below 0.01 count as 0.01', () => {
    expect(summarizeTotals(0, -5, 0)).toMatchObject({ quantity: 1, weightKg: 0.01, volumeM3: 0.01 });
  });
});

describe('surcharges', () => {
  it.each([
    [{ quantity: 1, weightKg: 501, lengthCm: 100, widthCm: 100, heightCm: 100 }, true],
    [{ quantity: 1, weightKg: 500, lengthCm: 100, widthCm: 100, heightCm: 100 }, false],
    [{ quantity: 1, weightKg: 10, lengthCm: 300, widthCm: 10, heightCm: 10 }, true],
    [{ quantity: 2, weightKg: 10, lengthCm: 150, widthCm: 100, heightCm: 101 }, true],
    [{ quantity: 2, weightKg: 10, lengthCm: 150, widthCm: 100, heightCm: 100 }, false],
  ])('oversize %o → %s', (place, expected) => {
    expect(isOversize(summarizePlaces([place]))).toBe(expected);
  });

  it('oversize and fragile are percentages of the freight after the minimum', () => {
    const places = summarizePlaces([{ quantity: 1, weightKg: 600, lengthCm: 120, widthCm: 80, heightCm: 100 }]);
    const price = calculateOrderPrice({
      route,
      rates,
      cargo: places,
      fragile: true,
      pickup: null,
      delivery: null,
      packaging: [],
      declaredValueKopecks: 0,
      personalDiscountBp: 0,
      promo: null,
      now: new Date('2026-03-02T09:00:00Z'),
    });
    expect(price.lines.map((l) => [l.code, l.amountKopecks])).toEqual([
      ['freight', 720_000], // 600 × 12 ₽
      ['oversize', 180_000],
      ['fragile', 144_000],
    ]);
    expect(price.totalKopecks).toBe(1_044_000);
    expect(price.vatKopecks).toBe(188_262); // 10 440 × 22 / 122 = 1 882,62
  });
});

describe('insurance, door, handling, packaging', () => {
  it.each([
    [1_000_000, 5_000, true], // 0,3 % of 10 000 ₽ = 30 ₽ < 50 ₽ minimum
    [10_000_000, 30_000, false],
    [1_666_667, 5_000, false], // exactly 50 ₽ (5 000,0001 → 5 000)
  ])('declared %s → %s', (declared, amount, minimum) => {
    const line = calculateInsurance(declared, rates);
    expect(line.amountKopecks).toBe(amount);
    expect(line.explanation.includes('минимум')).toBe(minimum);
  });

  it('door bracket by weight and volume, per km beyond the ring', () => {
    expect(calculateDoor('pickup', door, cargo(80, 0.4)).amountKopecks).toBe(90_000);
    expect(calculateDoor('pickup', door, cargo(80, 0.6)).amountKopecks).toBe(130_000);
    expect(calculateDoor('pickup', door, cargo(900, 1)).amountKopecks).toBe(850_000);
    const far = calculateDoor('delivery', door, cargo(80, 0.4), 12.2);
    expect(far.amountKopecks).toBe(90_000 + 13 * 4_800);
    expect(far.explanation).toContain('13 км за МКАД');
  });

  it('loading with a minimum and floors by stairs or lift', () => {
    const three = cargo(300, 1, 3);
    expect(calculateHandling('pickup', { loading: false, floor: 5, hasLift: false }, three, rates)).toEqual([]);
    const stairs = calculateHandling('delivery', { loading: true, floor: 5, hasLift: false }, three, rates);
    expect(stairs.map((l) => l.amountKopecks)).toEqual([150_000, 3 * 4 * 15_000]);
    expect(stairs[1]!.explanation).toContain('3 места × 4 этажа');
    const lift = calculateHandling('delivery', { loading: true, floor: 5, hasLift: true }, cargo(20, 0.1, 1), rates);
    expect(lift.map((l) => l.amountKopecks)).toEqual([100_000, 5_000]);
  });

  it('packaging per place and per m³', () => {
    expect(
      calculatePackaging(
        { code: 'stretch', name: 'Стрейч-плёнка', priceKopecks: 15_000, unit: 'place' },
        cargo(10, 1, 3),
      ).amountKopecks,
    ).toBe(45_000);
    expect(
      calculatePackaging({ code: 'crate', name: 'Обрешётка', priceKopecks: 180_000, unit: 'm3' }, cargo(10, 0.25))
        .amountKopecks,
    ).toBe(45_000);
  });
});

describe('promo codes', () => {
  const promo: PromoCode = {
    code: 'START10',
    kind: 'percent',
    value: 1000,
    validFrom: new Date('2026-01-01T00:00:00+03:00'),
    validTo: new Date('2026-12-31T23:59:59+03:00'),
    usageLimit: 10,
    usedCount: 0,
    minOrderKopecks: 300_000,
    isActive: true,
  };
  const now = new Date('2026-06-01T00:00:00Z');
  // Each refusal is one sentence naming the code; dates are the Moscow day of the bound.
  it.each<[string, PromoCode | null, number, Date, string | number]>([
    ['percent', promo, 500_000, now, -50_000],
    ['fixed, capped at the subtotal', { ...promo, kind: 'fixed', value: 900_000 }, 500_000, now, -500_000],
    ['exactly the minimum order', promo, 300_000, now, -30_000],
    ['unknown: named as typed, upper-case', null, 500_000, now, 'Промокод START11 не найден'],
    ['switched off', { ...promo, isActive: false }, 500_000, now, 'Промокод START10 больше не действует'],
    [
      'not started',
      promo,
      500_000,
      new Date('2025-12-31T20:59:59Z'),
      'Промокод START10 начнёт действовать 1 января 2026 г.',
    ],
    ['started at its first second', promo, 500_000, new Date('2025-12-31T21:00:00Z'), -50_000],
    ['valid at its last second', promo, 500_000, new Date('2026-12-31T20:59:59Z'), -50_000],
    [
      'expired',
      promo,
      500_000,
      new Date('2026-12-31T21:00:00Z'),
      'Срок действия промокода START10 закончился 31 декабря 2026 г.',
    ],
    ['limit reached', { ...promo, usedCount: 10 }, 500_000, now, 'Лимит использований промокода START10 исчерпан'],
    ['one use left', { ...promo, usedCount: 9 }, 500_000, now, -50_000],
    ['below minimum order', promo, 299_999, now, `Промокод START10 действует для заказов от 3${S}000${S}₽`],
  ])('%s', (_name, code, subtotal, at, expected) => {
    const check = applyPromoCode(code, subtotal, at, ' start11 ');
    if (typeof expected === 'number') expect(check.ok && check.line.amountKopecks).toBe(expected);
    else expect(!check.ok && check.message).toBe(expected);
  });

  it('the messages come from the catalogue', () => {
    expect(applyPromoCode(null, 1, now, 'x1')).toEqual({ ok: false, message: MESSAGES.pricing.promoUnknown('X1') });
    expect(applyPromoCode({ ...promo, usedCount: 10 }, 1, now)).toEqual({
      ok: false,
      message: MESSAGES.pricing.promoExhausted('START10'),
    });
  });

  it.each<[string, PromoCode, Date, string]>([
    [
      'percent with a minimum, an end and a usage limit',
      promo,
      now,
      `Промокод START10: −10 % на заказ от 3${S}000${S}₽, до 31 декабря 2026 г., для первых 10 заказов`,
    ],
    [
      'fixed, no minimum, no end, no limit',
      { ...promo, code: 'GIFT', kind: 'fixed', value: 50_000, minOrderKopecks: 0, validTo: null, usageLimit: null },
      now,
      `Промокод GIFT: −500${S}₽ на любой заказ`,
    ],
    [
      'starting later: its start is stated',
      { ...promo, usageLimit: 1_000 },
      new Date('2025-11-01T00:00:00Z'),
      `Промокод START10: −10 % на заказ от 3${S}000${S}₽, с 1 января 2026 г., до 31 декабря 2026 г., для первых 1${S}000 заказов`,
    ],
    [
      'a limit of 21 orders',
      { ...promo, usageLimit: 21, validTo: null },
      now,
      `Промокод START10: −10 % на заказ от 3${S}000${S}₽, для первых 21 заказа`,
    ],
    [
      'expired: the refusal, not an offer',
      promo,
      new Date('2027-01-01T00:00:00Z'),
      'Срок действия промокода START10 закончился 31 декабря 2026 г.',
    ],
    ['used up', { ...promo, usedCount: 10 }, now, 'Лимит использований промокода START10 исчерпан'],
    [
      'switched off, even before its start',
      { ...promo, isActive: false },
      new Date('2025-11-01T00:00:00Z'),
      'Промокод START10 больше не действует',
    ],
  ])('describePromoCode: %s', (_name, code, at, expected) => {
    expect(describePromoCode(code, at)).toBe(expected);
  });

  it('personal discount and promo code are separate lines on the same subtotal; VAT can be added on top', () => {
    const price = calculateOrderPrice({
      route,
      rates: { ...rates, vatIncluded: false },
      cargo: cargo(200, 0.5),
      fragile: false,
      pickup: { door, kmOutsideRing: 0, handling: { loading: false, floor: 1, hasLift: false } },
      delivery: null,
      packaging: [],
      declaredValueKopecks: 0,
      personalDiscountBp: 500,
      promo: { entered: 'start10', found: promo },
      now,
    });
    // freight 200 × 14,50 = 2 900 ₽ + pickup (up to 500 kg) 1 300 ₽ = 4 200 ₽; −5 % = 210 ₽; −10 % = 420 ₽
    // → 3 570 ₽; +22 % VAT = 785,40 ₽
    expect(price.subtotalKopecks).toBe(420_000);
    expect(price.lines.map((l) => [l.code, l.amountKopecks])).toEqual([
      ['freight', 290_000],
      ['pickup', 130_000],
      ['personal_discount', -21_000],
      ['promocode', -42_000],
      ['vat', 78_540],
    ]);
    expect(price.totalKopecks).toBe(435_540);
    expect(price.promocodeError).toBeNull();
  });
});

describe('explain: false', () => {
  const twoGrids: RouteTariff = { ...route, calcMode: 'two_grids', volumeCoefficientPermille: 1100 };
  const promoCode: PromoCode = {
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
  const side = (km: number, floor: number, hasLift = false) => ({
    door,
    kmOutsideRing: km,
    handling: { loading: true, floor, hasLift },
  });
  it.each([
    ['minimum charge, VAT inside', route, rates, cargo(5, 0.01), false, null, null],
    [
      'volume weight, oversize, fragile, doors with km and floors',
      route,
      rates,
      cargo(900, 4, 1),
      true,
      side(12.5, 4),
      side(0, 3, true),
    ],
    [
      'two grids by volume, VAT on top',
      twoGrids,
      { ...rates, vatIncluded: false },
      cargo(100, 3, 2),
      false,
      side(0, 1),
      null,
    ],
    ['two grids by weight, above the last door bracket', twoGrids, rates, cargo(4000, 2, 10), true, null, side(40, 9)],
  ] as const)(
    '%s: same amounts and totals, no explanations',
    (_name, r, serviceRates, goods, fragile, pickup, delivery) => {
      const input = {
        route: r,
        rates: serviceRates,
        cargo: goods,
        fragile,
        pickup,
        delivery,
        packaging: [{ code: 'stretch', name: 'Стрейч-плёнка', priceKopecks: 15_000, unit: 'place' as const }],
        declaredValueKopecks: 12_345_600,
        personalDiscountBp: 300,
        promo: { entered: 'start10', found: promoCode },
        now: new Date('2026-03-03T07:00:00Z'),
      };
      const worded = calculateOrderPrice(input);
      const bare = calculateOrderPrice({ ...input, explain: false });
      expect(worded.lines.every((l) => l.explanation.length > 0)).toBe(true);
      expect(bare.lines.map((l) => [l.code, l.title, l.amountKopecks, l.explanation])).toEqual(
        worded.lines.map((l) => [l.code, l.title, l.amountKopecks, '']),
      );
      expect({ ...bare, lines: [] }).toEqual({ ...worded, lines: [] });
    },
  );
});

describe('terms and dates', () => {
  it.each([
    [1, 2, '1–2 дня'],
    [5, 7, '5–7 дней'],
    [3, 3, '3 дня'],
    [20, 21, '20–21 день'],
  ])('%s–%s', (min, max, text) => {
    expect(formatTransitTerms(min, max)).toBe(text);
  });
});
