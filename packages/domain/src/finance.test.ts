import { describe, expect, it } from 'vitest';
import {
  analyticsDeliveryType,
  analyticsStatusGroup,
  cargoCharges,
  chargeDueOn,
  chargesOnStatus,
  contractPosition,
  defaultAnalyticsPeriod,
  monthBounds,
  monthStart,
  nextMonthStart,
  previousPeriod,
  type ChargeableLine,
  type ContractPositionInput,
} from './finance';

const line = (code: string, amount: number, title = code): ChargeableLine => ({ code, title, amount_kopecks: amount });

describe('chargesOnStatus: when a contract books a cargo’s charges', () => {
  it.each([
    ['prepayment', 'accepted', true],
    ['prepayment', 'released', false],
    ['prepayment', 'cancelled', false],
    ['postpayment', 'released', true],
    ['postpayment', 'returned', true],
    ['postpayment', 'accepted', false],
    ['postpayment', 'in_transit', false],
  ] as const)('%s on «%s» → %s', (kind, status, charged) => {
    expect(chargesOnStatus(kind, status)).toBe(charged);
  });
});

describe('cargoCharges', () => {
  it('one charge per positive line, in order, freight first', () => {
    expect(cargoCharges([line('pickup', 150_000), line('freight', 1_000_000), line('insurance', 3_000)])).toEqual([
      { serviceCode: 'freight', title: 'freight', amountKopecks: 1_000_000 },
      { serviceCode: 'pickup', title: 'pickup', amountKopecks: 150_000 },
      { serviceCode: 'insurance', title: 'insurance', amountKopecks: 3_000 },
    ]);
  });

  it('discounts come off freight; the sum equals the price', () => {
    const lines = [
      line('freight', 1_000_000),
      line('pickup', 150_000),
      line('promocode', -50_000),
      line('personal_discount', -25_000),
    ];
    const charges = cargoCharges(lines);
    expect(charges.map((c) => [c.serviceCode, c.amountKopecks])).toEqual([
      ['freight', 925_000],
      ['pickup', 150_000],
    ]);
    expect(charges.reduce((sum, c) => sum + c.amountKopecks, 0)).toBe(1_075_000);
  });

  it('a discount larger than freight takes the rest from the next lines; lines brought to zero are not charged', () => {
    const charges = cargoCharges([
      line('pickup', 100_000),
      line('freight', 300_000),
      line('insurance', 50_000),
      line('promocode', -350_000),
    ]);
    // Freight (300 000) goes first and to zero, then pickup loses 50 000; insurance is untouched.
    expect(charges.map((c) => [c.serviceCode, c.amountKopecks])).toEqual([
      ['pickup', 50_000],
      ['insurance', 50_000],
    ]);
  });

  it('a free pick-up (automatic promotion) cancels the pick-up charge; the other discounts still come off freight', () => {
    const lines = [
      line('freight', 1_000_000),
      line('pickup', 150_000),
      line('loading', 100_000),
      line('free_pickup', -150_000),
      line('promocode', -95_000),
    ];
    const charges = cargoCharges(lines);
    expect(charges.map((c) => [c.serviceCode, c.amountKopecks])).toEqual([
      ['freight', 905_000],
      ['loading', 100_000],
    ]);
    expect(charges.reduce((sum, c) => sum + c.amountKopecks, 0)).toBe(
      lines.reduce((sum, l) => sum + l.amount_kopecks, 0),
    );
  });

  it('a discount beyond the whole price leaves nothing to charge (the price is 0)', () => {
    expect(cargoCharges([line('freight', 100_000), line('promocode', -150_000)])).toEqual([]);
  });

  it('zero lines are not charged; no lines, no charges', () => {
    expect(cargoCharges([line('freight', 100_000), line('packaging', 0)]).map((c) => c.serviceCode)).toEqual([
      'freight',
    ]);
    expect(cargoCharges([])).toEqual([]);
  });

  it('a repeated code (two packaging choices) is numbered, so neither line is lost to the ledger’s uniqueness', () => {
    const charges = cargoCharges([
      line('freight', 500_000),
      line('packaging', 40_000, 'Стрейч-плёнка'),
      line('packaging', 90_000, 'Обрешётка'),
      line('packaging', 10_000, 'Коробка'),
    ]);
    expect(charges).toEqual([
      { serviceCode: 'freight', title: 'freight', amountKopecks: 500_000 },
      { serviceCode: 'packaging', title: 'Стрейч-плёнка', amountKopecks: 40_000 },
      { serviceCode: 'packaging:2', title: 'Обрешётка', amountKopecks: 90_000 },
      { serviceCode: 'packaging:3', title: 'Коробка', amountKopecks: 10_000 },
    ]);
    expect(new Set(charges.map((c) => c.serviceCode)).size).toBe(charges.length);
  });

  it('does not change the lines it is given', () => {
    const lines = [line('freight', 100_000), line('promocode', -10_000)];
    cargoCharges(lines);
    expect(lines[0]!.amount_kopecks).toBe(100_000);
  });
});

describe('chargeDueOn', () => {
  it.each([
    [{ kind: 'postpayment', paymentTermDays: 10 }, '2026-03-25', '2026-04-04'],
    [{ kind: 'postpayment', paymentTermDays: 30 }, '2026-12-15', '2027-01-14'],
    [{ kind: 'postpayment', paymentTermDays: 1 }, '2028-02-28', '2028-02-29'],
    [{ kind: 'postpayment', paymentTermDays: 0 }, '2026-05-01', '2026-05-01'],
    [{ kind: 'prepayment', paymentTermDays: null }, '2026-05-01', '2026-05-01'],
    // A prepayment contract ignores a term even if one were given.
    [{ kind: 'prepayment', paymentTermDays: 10 }, '2026-05-01', '2026-05-01'],
  ] as const)('%o, booked %s → due %s', (contract, bookedOn, due) => {
    expect(chargeDueOn(contract, bookedOn)).toBe(due);
  });
});

describe('contractPosition (FIFO)', () => {
  const base: ContractPositionInput = {
    kind: 'postpayment',
    creditLimitKopecks: 10_000_000,
    chargesByDue: [],
    creditsKopecks: 0,
    today: '2026-09-15',
  };

  it('nothing booked: all zero, the whole limit left, no next payment', () => {
    expect(contractPosition(base)).toEqual({
      chargesKopecks: 0,
      creditsKopecks: 0,
      balanceKopecks: 0,
      debtKopecks: 0,
      advanceKopecks: 0,
      overdueKopecks: 0,
      creditLeftKopecks: 10_000_000,
      nextPayment: null,
    });
  });

  it('credits settle the oldest charges first: the rest of older ones is overdue, the first future date is next', () => {
    const position = contractPosition({
      ...base,
      chargesByDue: [
        { dueOn: '2026-07-15', amountKopecks: 3_000_000 },
        { dueOn: '2026-07-30', amountKopecks: 1_234_567 },
        { dueOn: '2026-08-13', amountKopecks: 2_000_000 },
        { dueOn: '2026-09-07', amountKopecks: 1_500_000 },
        { dueOn: '2026-09-20', amountKopecks: 2_500_000 },
        { dueOn: '2026-09-24', amountKopecks: 800_000 },
      ],
      creditsKopecks: 4_200_000,
    });
    // 4 200 000 covers 07-15 and 1 200 000 of 07-30: open 34 567 + 2 000 000 + 1 500 000 before today.
    expect(position).toEqual({
      chargesKopecks: 11_034_567,
      creditsKopecks: 4_200_000,
      balanceKopecks: 6_834_567,
      debtKopecks: 6_834_567,
      advanceKopecks: 0,
      overdueKopecks: 3_534_567,
      creditLeftKopecks: 3_165_433,
      nextPayment: { dueOn: '2026-09-20', amountKopecks: 2_500_000 },
    });
  });

  it('a charge due today is the next payment, not overdue; a partly paid one shows what is left', () => {
    const position = contractPosition({
      ...base,
      chargesByDue: [
        { dueOn: '2026-09-15', amountKopecks: 100_000 },
        { dueOn: '2026-09-16', amountKopecks: 50_000 },
      ],
      creditsKopecks: 30_000,
    });
    expect(position.overdueKopecks).toBe(0);
    expect(position.nextPayment).toEqual({ dueOn: '2026-09-15', amountKopecks: 70_000 });
  });

  it('charges listed twice for one date add up in the next payment', () => {
    const position = contractPosition({
      ...base,
      chargesByDue: [
        { dueOn: '2026-09-20', amountKopecks: 100_000 },
        { dueOn: '2026-09-20', amountKopecks: 20_000 },
        { dueOn: '2026-09-21', amountKopecks: 5_000 },
      ],
    });
    expect(position.nextPayment).toEqual({ dueOn: '2026-09-20', amountKopecks: 120_000 });
  });

  it('paid in full: no overdue, no next payment even with charges due later', () => {
    const position = contractPosition({
      ...base,
      chargesByDue: [
        { dueOn: '2026-09-01', amountKopecks: 100_000 },
        { dueOn: '2026-10-01', amountKopecks: 50_000 },
      ],
      creditsKopecks: 150_000,
    });
    expect(position).toMatchObject({ balanceKopecks: 0, debtKopecks: 0, overdueKopecks: 0, nextPayment: null });
  });

  it('an advance (prepayment): negative balance, no debt, no credit limit', () => {
    const position = contractPosition({
      kind: 'prepayment',
      creditLimitKopecks: null,
      chargesByDue: [
        { dueOn: '2026-08-06', amountKopecks: 1_800_000 },
        { dueOn: '2026-09-01', amountKopecks: 750_050 },
      ],
      creditsKopecks: 5_100_000,
      today: '2026-09-15',
    });
    expect(position).toEqual({
      chargesKopecks: 2_550_050,
      creditsKopecks: 5_100_000,
      balanceKopecks: -2_549_950,
      debtKopecks: 0,
      advanceKopecks: 2_549_950,
      overdueKopecks: 0,
      creditLeftKopecks: null,
      nextPayment: null,
    });
  });

  it('a debt over the limit leaves no credit (never below zero)', () => {
    const position = contractPosition({
      ...base,
      creditLimitKopecks: 100_000,
      chargesByDue: [{ dueOn: '2026-10-01', amountKopecks: 250_000 }],
    });
    expect(position.creditLeftKopecks).toBe(0);
    expect(position.debtKopecks).toBe(250_000);
  });
});

describe('month helpers', () => {
  it.each([
    ['2026-03-17', '2026-03-01', '2026-04-01'],
    ['2026-03-01', '2026-03-01', '2026-04-01'],
    ['2026-12-31', '2026-12-01', '2027-01-01'],
    ['2026-01-09', '2026-01-01', '2026-02-01'],
  ])('%s: month starts %s, next month %s', (date, start, next) => {
    expect(monthStart(date)).toBe(start);
    expect(nextMonthStart(date)).toBe(next);
  });

  it.each([
    [2026, 1, '2026-01-01', '2026-01-31'],
    [2026, 2, '2026-02-01', '2026-02-28'],
    [2028, 2, '2028-02-01', '2028-02-29'],
    [2026, 4, '2026-04-01', '2026-04-30'],
    [2026, 12, '2026-12-01', '2026-12-31'],
  ])('monthBounds(%i, %i) → %s … %s', (year, month, from, to) => {
    expect(monthBounds(year, month)).toEqual({ from, to });
  });
});

describe('analytics periods', () => {
  it.each([
    ['2026-03-17', '2025-04-01'],
    ['2026-01-01', '2025-02-01'],
    ['2026-11-30', '2025-12-01'],
    ['2026-12-05', '2026-01-01'],
  ])('the default period on %s: the twelve months from %s to today', (today, from) => {
    expect(defaultAnalyticsPeriod(today)).toEqual({ from, to: today });
  });

  it.each([
    // A month of 31 days: the 31 days before it.
    [
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-01-29', to: '2026-02-28' },
    ],
    // One day: the day before.
    [
      { from: '2026-03-01', to: '2026-03-01' },
      { from: '2026-02-28', to: '2026-02-28' },
    ],
    // A leap year is 366 days: the 366 days before it start on the last day of 2026.
    [
      { from: '2028-01-01', to: '2028-12-31' },
      { from: '2026-12-31', to: '2027-12-31' },
    ],
    [
      { from: '2025-04-01', to: '2026-03-17' },
      { from: '2024-04-15', to: '2025-03-31' },
    ],
  ])('the period before %o is %o (same length, ends the day before)', (period, previous) => {
    expect(previousPeriod(period)).toEqual(previous);
    const days = (p: { from: string; to: string }) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000;
    expect(days(previousPeriod(period))).toBe(days(period));
  });
});

describe('analytics groups', () => {
  it.each([
    ['released', 'delivered'],
    ['returned', 'returned'],
    ['problem', 'problem'],
    ['cancelled', 'cancelled'],
    ['created', 'in_progress'],
    ['in_transit', 'in_progress'],
  ] as const)('status %s → %s', (status, group) => {
    expect(analyticsStatusGroup(status)).toBe(group);
  });

  it.each([
    ['warehouse', 'warehouse', 'terminal_terminal'],
    ['warehouse', 'address', 'terminal_door'],
    ['address', 'warehouse', 'door_terminal'],
    ['address', 'address', 'door_door'],
  ])('%s → %s is %s', (departure, delivery, pair) => {
    expect(analyticsDeliveryType(departure, delivery)).toBe(pair);
  });
});
