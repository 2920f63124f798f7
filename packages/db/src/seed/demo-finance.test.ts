import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  RU_PRODUCTION_CALENDAR,
  addCalendarDays,
  contractPosition,
  toIsoDate,
  type ContractKind,
} from '@freight/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index';
import type { Database } from '../client';
import { defaultContractFor } from '../finance';
import {
  cargoStatusHistory,
  cargos,
  cities,
  clientDiscounts,
  clientProfiles,
  contractMonthTotals,
  contracts,
  ledgerEntries,
  offerAcceptances,
  offers,
} from '../schema/index';
import { seedReference } from './index';
import { DEMO_CARGO_COUNT, DEMO_COMPANY, demoTrackNumber, formulaPrice, type DemoCargoPricer } from './demo-cargo';
import { seedDemo } from './demo';

/** Thursday 26 November 2026, 10:00 in Moscow: the moment the demo is built around. */
const NOW = new Date('2026-11-26T07:00:00Z');
const TODAY = '2026-11-26';
const DAY = 86_400_000;
const hashPassword = async (p: string) => `test-hash:${p}`;

/*
 * The company's demo cargos (every third: index i with i mod 3 = 0) and their prices by the
 * stand-in formula (demo-cargo.ts formulaPrice), worked out by hand: weight 5 + (37·i mod 400) kg,
 * freight 90 000 + 2 300 × weight + 15 000 × (i mod 5) kopecks, insurance 30 000 when i mod 4 = 1.
 *   i=9: 338 kg → 90 000 + 777 400 + 60 000 + 30 000 = 957 400 (released 20.11, due 04.12)
 *   i=12: 49 kg → 90 000 + 112 700 + 30 000 = 232 700 (released 08.11, due 22.11: overdue)
 */
const POSTPAID: [number, number][] = [
  [45, 281_000], // returned: charged too
  [42, 945_700],
  [39, 720_400],
  [36, 420_100],
  [30, 814_500],
  [27, 589_200],
  [24, 363_900],
  [21, 1_013_600],
  [15, 458_000],
  [12, 232_700],
  [9, 957_400],
];
/** Express cargos of the company (i mod 5 = 3 on a route express runs): the prepayment contract. */
const PREPAID: [number, number][] = [
  [33, 224_800],
  [18, 758_300],
  [3, 401_800],
];
/** On the postpayment contract, not delivered yet: not charged. */
const UNCHARGED = [0, 6];

const track = (i: number) => demoTrackNumber(i);

async function companyId(db: Database): Promise<number> {
  const [row] = await db
    .select({ id: clientProfiles.id })
    .from(clientProfiles)
    .where(and(eq(clientProfiles.inn, DEMO_COMPANY.inn), eq(clientProfiles.kind, 'legal')));
  return row!.id;
}

async function demoContracts(db: Database) {
  const rows = await db
    .select()
    .from(contracts)
    .where(eq(contracts.profileId, await companyId(db)))
    .orderBy(asc(contracts.number));
  return Object.fromEntries(rows.map((r) => [r.kind, r])) as Record<ContractKind, (typeof rows)[number]>;
}

/** The company's ledger as the review shows it, cargos by track number. */
async function ledger(db: Database) {
  const ids = Object.values(await demoContracts(db)).map((c) => c.id);
  const rows = await db
    .select({
      contract: contracts.number,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amountKopecks,
      bookedOn: ledgerEntries.bookedOn,
      dueOn: ledgerEntries.dueOn,
      track: cargos.trackNumber,
      service: ledgerEntries.serviceCode,
      document: ledgerEntries.documentNumber,
      documentDate: ledgerEntries.documentDate,
      description: ledgerEntries.description,
    })
    .from(ledgerEntries)
    .innerJoin(contracts, eq(contracts.id, ledgerEntries.contractId))
    .leftJoin(cargos, eq(cargos.id, ledgerEntries.cargoId))
    .where(inArray(ledgerEntries.contractId, ids))
    .orderBy(asc(ledgerEntries.bookedOn), asc(ledgerEntries.id));
  return rows;
}

/** The settlement figures of a contract on TODAY, by the domain's FIFO rule. */
async function position(db: Database, contract: { id: string; kind: string; creditLimitKopecks: number | null }) {
  const byDue = await db
    .select({ dueOn: ledgerEntries.dueOn, amount: sql<string>`sum(${ledgerEntries.amountKopecks})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.contractId, contract.id), eq(ledgerEntries.kind, 'charge')))
    .groupBy(ledgerEntries.dueOn)
    .orderBy(asc(ledgerEntries.dueOn));
  const [credits] = await db
    .select({ amount: sql<string>`coalesce(sum(${ledgerEntries.amountKopecks}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.contractId, contract.id), inArray(ledgerEntries.kind, ['payment', 'credit_note'])));
  return contractPosition({
    kind: contract.kind as ContractKind,
    creditLimitKopecks: contract.creditLimitKopecks,
    chargesByDue: byDue.map((d) => ({ dueOn: d.dueOn!, amountKopecks: Number(d.amount) })),
    creditsKopecks: Number(credits!.amount),
    today: TODAY,
  });
}

describe('seedDemo: the demo company’s contracts, ledger, discount and offers', () => {
  let database: TestDatabase;
  let db: Database;
  let userId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seedReference(db);
    ({ userId } = await seedDemo(db, { hashPassword, now: NOW }));
  });
  afterAll(async () => database.close());

  it('the company has two contracts: postpayment (default) and prepayment for express', async () => {
    const { postpayment, prepayment } = await demoContracts(db);
    expect(postpayment).toMatchObject({
      number: 'МГ-0147/25',
      signedOn: '2025-10-27',
      validFrom: '2025-10-27',
      validTo: null,
      creditLimitKopecks: 10_000_000,
      paymentTermDays: 14,
      isDefault: true,
    });
    // 270 days before is Sunday 1 March 2026: signed on the Friday before.
    expect(prepayment).toMatchObject({
      number: 'МГ-0211/26-Э',
      signedOn: '2026-02-27',
      validFrom: '2026-02-27',
      validTo: null,
      creditLimitKopecks: null,
      paymentTermDays: null,
      isDefault: false,
    });
    // A new bank-transfer order of the company goes to the postpayment contract.
    await expect(defaultContractFor(db, await companyId(db), TODAY)).resolves.toBe(postpayment.id);
  });

  it('charges each company cargo by the product’s rule: the sum of its charges is its price', async () => {
    const { postpayment, prepayment } = await demoContracts(db);
    const rows = await db.select().from(cargos).where(eq(cargos.ownerUserId, userId));
    const company = await companyId(db);
    const byTrack = new Map(rows.map((r) => [r.trackNumber, r]));
    for (const row of rows) {
      if (row.ownerProfileId !== company) expect(row.contractId, row.trackNumber).toBeNull();
      else expect(row.paymentType).toBe('non_cash');
    }
    const charges = await db
      .select({
        cargoId: ledgerEntries.cargoId,
        amount: ledgerEntries.amountKopecks,
        bookedOn: ledgerEntries.bookedOn,
        dueOn: ledgerEntries.dueOn,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'charge'));
    const history = await db.select().from(cargoStatusHistory);
    const check = (list: [number, number][], contract: typeof postpayment) => {
      for (const [i, price] of list) {
        const cargo = byTrack.get(track(i))!;
        expect([cargo.trackNumber, cargo.contractId, cargo.priceKopecks]).toEqual([track(i), contract.id, price]);
        const own = charges.filter((c) => c.cargoId === cargo.id);
        expect(own.reduce((sum, c) => sum + c.amount, 0)).toBe(price);
        // Booked on the day of the status that charges (accepted / released or returned).
        const charging = history.find(
          (h) =>
            h.cargoId === cargo.id &&
            (contract.kind === 'prepayment' ? h.status === 'accepted' : ['released', 'returned'].includes(h.status)),
        )!;
        const bookedOn = toIsoDate(charging.at)!;
        for (const c of own) {
          expect(c.bookedOn).toBe(bookedOn);
          expect(c.dueOn).toBe(contract.kind === 'prepayment' ? bookedOn : addCalendarDays(bookedOn, 14));
        }
      }
    };
    check(POSTPAID, postpayment);
    check(PREPAID, prepayment);
    for (const i of UNCHARGED) {
      const cargo = byTrack.get(track(i))!;
      expect(cargo.contractId).toBe(postpayment.id);
      expect(charges.filter((c) => c.cargoId === cargo.id)).toEqual([]);
    }
    const companyCargos = rows.filter((r) => r.ownerProfileId === company);
    expect(companyCargos).toHaveLength(POSTPAID.length + PREPAID.length + UNCHARGED.length);
    expect(
      companyCargos
        .filter((r) => r.transportationType === 'express')
        .map((r) => r.trackNumber)
        .sort(),
    ).toEqual(PREPAID.map(([i]) => track(i)).sort());
  });

  it('postpayment: paid within the term but two, one invoice a few days overdue, the next due in a week', async () => {
    const { postpayment } = await demoContracts(db);
    const entries = (await ledger(db)).filter((e) => e.contract === postpayment.number);
    const charges = entries.filter((e) => e.kind === 'charge');
    const payments = entries.filter((e) => e.kind === 'payment');
    expect(charges.reduce((s, e) => s + e.amount, 0)).toBe(6_796_500);
    // Every invoice but the two newest is paid in full, by its own payment order.
    expect(payments.map((p) => p.amount)).toEqual(POSTPAID.slice(0, -2).map(([, price]) => price));
    expect(payments.reduce((s, e) => s + e.amount, 0)).toBe(5_606_400);
    const invoiceDate = (i: number) => charges.find((c) => c.track === track(i))!.bookedOn;
    POSTPAID.slice(0, -2).forEach(([i], k) => {
      const p = payments[k]!;
      expect(p.description).toBe(`Оплата по счёту № ${track(i)} от ${invoiceDate(i).split('-').reverse().join('.')}`);
      expect(p.document).toMatch(/^П\/п № \d{4}$/);
      expect(p.documentDate).toBe(p.bookedOn);
      expect(p.bookedOn >= invoiceDate(i) && p.bookedOn < TODAY).toBe(true);
      expect(RU_PRODUCTION_CALENDAR.isWorkingDay(p.bookedOn), `${p.bookedOn} ${invoiceDate(i)}`).toBe(true);
    });
    const late = POSTPAID.slice(0, -2).filter(([i], k) => payments[k]!.bookedOn > addCalendarDays(invoiceDate(i), 14));
    expect(late.map(([i]) => i)).toEqual([39, 21]);
    // Payment orders are numbered on.
    const numbers = payments.map((p) => Number(p.document.slice('П/п № '.length)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);

    expect(await position(db, postpayment)).toEqual({
      chargesKopecks: 6_796_500,
      creditsKopecks: 5_606_400,
      balanceKopecks: 1_190_100,
      debtKopecks: 1_190_100,
      advanceKopecks: 0,
      overdueKopecks: 232_700,
      creditLeftKopecks: 8_809_900,
      nextPayment: { dueOn: '2026-12-04', amountKopecks: 957_400 },
    });
    // A contract cargo is paid when its invoice is.
    const paid = await db
      .select({ track: cargos.trackNumber, paid: cargos.paid })
      .from(cargos)
      .where(eq(cargos.contractId, postpayment.id))
      .orderBy(asc(cargos.trackNumber));
    expect(paid.filter((c) => !c.paid).map((c) => c.track)).toEqual([0, 6, 9, 12].map(track).sort());
  });

  it('prepayment: topped up by 10 000 ₽ before an express cargo the advance cannot cover; an advance is left', async () => {
    const { prepayment } = await demoContracts(db);
    const entries = (await ledger(db)).filter((e) => e.contract === prepayment.number);
    // 224 800 paid from a top-up of 10 000 ₽ (775 200 left), 758 300 from the advance (16 900
    // left), 401 800 from another top-up: 1 016 900 − 401 800 = 615 100 left.
    expect(entries.map((e) => [e.kind, e.amount, e.track])).toEqual([
      ['payment', 1_000_000, null],
      ['charge', 224_800 - 30_000, track(33)],
      ['charge', 30_000, track(33)],
      ['charge', 758_300, track(18)],
      ['payment', 1_000_000, null],
      ['charge', 401_800, track(3)],
    ]);
    for (const p of entries.filter((e) => e.kind === 'payment')) {
      expect(p.description).toBe('Оплата по договору № МГ-0211/26-Э от 27.02.2026, аванс за экспресс-перевозки');
    }
    expect(await position(db, prepayment)).toEqual({
      chargesKopecks: 1_384_900,
      creditsKopecks: 2_000_000,
      balanceKopecks: -615_100,
      debtKopecks: 0,
      advanceKopecks: 615_100,
      overdueKopecks: 0,
      creditLeftKopecks: null,
      nextPayment: null,
    });
  });

  it('the monthly totals the trigger keeps add up to the ledger', async () => {
    for (const contract of Object.values(await demoContracts(db))) {
      const [totals] = await db
        .select({
          charges: sql<string>`coalesce(sum(${contractMonthTotals.chargesKopecks}), 0)`,
          credits: sql<string>`coalesce(sum(${contractMonthTotals.creditsKopecks}), 0)`,
        })
        .from(contractMonthTotals)
        .where(eq(contractMonthTotals.contractId, contract.id));
      const figures = await position(db, contract);
      expect([Number(totals!.charges), Number(totals!.credits)]).toEqual([
        figures.chargesKopecks,
        figures.creditsKopecks,
      ]);
    }
  });

  it('a personal discount of 5 % granted 120 days ago, and two offers valid now, not taken', async () => {
    const [discount] = await db.select().from(clientDiscounts).where(eq(clientDiscounts.userId, userId));
    expect(discount).toMatchObject({ discountBp: 500, createdAt: new Date(NOW.getTime() - 120 * DAY) });
    const rows = await db.select().from(offers).orderBy(asc(offers.id));
    expect(rows.map((o) => [o.title, o.discountPercent, o.profileId, o.validFrom, o.validTo, o.isActive])).toEqual([
      ['Скидка 7\u00a0% на все перевозки до конца квартала', 7, await companyId(db), '2026-11-01', '2026-12-31', true],
      ['Скидка 10\u00a0% на перевозки до конца месяца', 10, null, '2026-11-01', '2026-11-30', true],
    ]);
    expect(rows[0]!.conditions).toContain('по 31 декабря 2026 г. включительно');
    await expect(db.select().from(offerAcceptances)).resolves.toEqual([]);
  });

  it('running again writes the same ledger, restores the discount and leaves the offers untaken', async () => {
    const before = await ledger(db);
    // The company took both offers; someone changed the discount in the back-office.
    const profileId = await companyId(db);
    for (const offer of await db.select().from(offers)) {
      await db.insert(offerAcceptances).values({ offerId: offer.id, profileId, userId });
    }
    await db.update(clientDiscounts).set({ discountBp: 1000 }).where(eq(clientDiscounts.userId, userId));
    await seedDemo(db, { hashPassword, now: NOW });
    expect(await ledger(db)).toEqual(before);
    expect(before.length).toBeGreaterThan(20);
    await expect(db.select().from(contracts)).resolves.toHaveLength(2);
    await expect(db.select().from(offers)).resolves.toHaveLength(2);
    await expect(db.select().from(offerAcceptances)).resolves.toEqual([]);
    const [discount] = await db.select().from(clientDiscounts).where(eq(clientDiscounts.userId, userId));
    expect(discount!.discountBp).toBe(500);
    const { postpayment } = await demoContracts(db);
    expect((await position(db, postpayment)).balanceKopecks).toBe(1_190_100);
  });
});

describe('seedDemo with the API’s pricer', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReference(database.db);
  });
  afterAll(async () => database.close());

  it('prices every cargo with it (the discount since it was granted) and charges those prices', async () => {
    const db = database.db;
    const calls: Parameters<DemoCargoPricer>[0][] = [];
    // A pricer unlike the formula: 1 000 ₽ + 10 ₽ per kg, insurance 0,5 %, the discount 5 % off.
    const pricer: DemoCargoPricer = async (input) => {
      calls.push(input);
      const lines = [
        { code: 'freight', title: 'Перевозка', amount_kopecks: 100_000 + input.weightKg * 1_000, explanation: '' },
      ];
      if (input.declaredValueRub > 0) {
        lines.push({
          code: 'insurance',
          title: 'Страхование',
          amount_kopecks: input.declaredValueRub / 2,
          explanation: '',
        });
      }
      const subtotal = lines.reduce((s, l) => s + l.amount_kopecks, 0);
      if (input.userId !== null) {
        lines.push({
          code: 'personal_discount',
          title: 'Скидка',
          amount_kopecks: -Math.round(subtotal / 20),
          explanation: '',
        });
      }
      const price = lines.reduce((s, l) => s + l.amount_kopecks, 0);
      return { priceKopecks: price, vatKopecks: Math.round((price * 22) / 122), lines };
    };
    const result = await seedDemo(db, { hashPassword, now: NOW, priceCargo: pricer });
    expect(result.unpriced).toEqual([]);
    expect(calls).toHaveLength(DEMO_CARGO_COUNT);
    const rows = await db.select().from(cargos).where(eq(cargos.ownerUserId, result.userId));
    const cityId = async (name: string) => (await db.select().from(cities).where(eq(cities.name, name)))[0]!.id;
    // Cargo 3: Moscow → Krasnodar by express, 116 kg in 4 places, ordered 3.9 days ago (discounted).
    const { volumeM3, ...cargo3 } = calls[3]!;
    expect(cargo3).toEqual({
      cityDepartureId: await cityId('Москва'),
      cityDeliveryId: await cityId('Краснодар'),
      transportationType: 'express',
      departure: { type: 'warehouse', address: null },
      delivery: { type: 'warehouse', address: null },
      quantity: 4,
      weightKg: 116,
      declaredValueRub: 0,
      userId: result.userId,
    });
    expect(volumeM3).toBeCloseTo(0.514, 9);
    // Cargo 2: to a door in Kazan; cargo 1: insured for 100 000 ₽.
    expect(calls[2]!.delivery).toEqual({ type: 'address', address: 'Казань, ул. Ленина, д. 12' });
    expect(calls[1]!.declaredValueRub).toBe(100_000);
    const since = NOW.getTime() - 120 * DAY;
    for (let i = 0; i < DEMO_CARGO_COUNT; i += 1) {
      const row = rows.find((r) => r.trackNumber === track(i))!;
      expect(calls[i]!.userId).toBe(row.createdAt.getTime() >= since ? result.userId : null);
      const expected = await pricer(calls[i]!);
      expect([row.priceKopecks, row.vatKopecks, row.priceLines]).toEqual([
        expected.priceKopecks,
        expected.vatKopecks,
        expected.lines,
      ]);
      if (row.contractId === null) continue;
      const [charged] = await db
        .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountKopecks}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.cargoId, row.id), eq(ledgerEntries.kind, 'charge')));
      expect([row.trackNumber, Number(charged!.sum)]).toEqual([
        row.trackNumber,
        UNCHARGED.includes(i) ? 0 : row.priceKopecks,
      ]);
    }
    expect(calls.filter((c) => c.userId !== null).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.userId === null).length).toBeGreaterThan(0);
  });

  it('a cargo the pricer refuses is priced by the formula and reported', async () => {
    const db = database.db;
    const refusing: DemoCargoPricer = async (input) => {
      if (input.transportationType === 'express') throw new Error('express is switched off');
      return formulaPrice(0, input);
    };
    const result = await seedDemo(db, { hashPassword, now: NOW, priceCargo: refusing });
    const express = await db
      .select({ track: cargos.trackNumber, price: cargos.priceKopecks })
      .from(cargos)
      .where(and(eq(cargos.ownerUserId, result.userId), eq(cargos.transportationType, 'express')))
      .orderBy(asc(cargos.trackNumber));
    expect(result.unpriced.sort()).toEqual(express.map((c) => c.track));
    expect(express.map((c) => c.track)).toEqual([3, 18, 23, 28, 33, 38, 43].map(track).sort());
    // Cargo 3 by the formula: 116 kg → 90 000 + 266 800 + 45 000.
    expect(express.find((c) => c.track === track(3))!.price).toBe(401_800);
  });
});
