import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { FullCalculatorResponseSchema } from '@freight/contracts';
import {
  DEMO_CLIENT,
  DEMO_COMPANY,
  DEMO_CONTRACTS,
  DEMO_OFFER_TITLES,
  cargos,
  clientProfiles,
  contracts,
  ledgerEntries,
  offerAcceptances,
  offers,
  users,
  demoTrackNumber,
  seedDemo,
  type DemoResult,
} from '@freight/db';
import { addCalendarDays, contractPosition, toIsoDate } from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { Visitor, nextIp } from '../auth/identity-test-kit';
import { hashSecret } from '../auth/password';
import { demoCargoPricer } from './demo-pricer';

const CALCULATOR = '/api/v1/requests/full_calculator_standard';

describe('the demo (DEMO_MODE) priced by the calculator', () => {
  let ctx: TestContext;
  let demo: DemoResult;
  beforeAll(async () => {
    ctx = await createTestContext();
    demo = await seedDemo(ctx.database.db, {
      hashPassword: (p) => hashSecret(p),
      priceCargo: demoCargoPricer(ctx.database.db),
    });
  });
  afterAll(async () => ctx.close());

  it('every demo cargo costs what the calculator shows for it today: the visitor’s price before the discount, the client’s after', async () => {
    expect(demo.unpriced).toEqual([]);
    const rows = await ctx.database.db
      .select()
      .from(cargos)
      .where(eq(cargos.ownerUserId, demo.userId))
      .orderBy(asc(cargos.trackNumber));
    expect(rows).toHaveLength(48);
    const visitor = await new Visitor(ctx, nextIp()).start();
    const client = await new Visitor(ctx, nextIp()).start();
    const signedIn = await client.post('/api/v1/authorization_v2/authorization', {
      phone: DEMO_CLIENT.phone,
      password: DEMO_CLIENT.password,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    let discounted = 0;
    for (const row of rows) {
      // The body the wizard sends for the shipment the cargo card shows.
      const point = (type: string, address: string | null) =>
        type === 'address' ? { type: 'address', address } : { type: 'warehouse' };
      const services = (row.details as { services?: { declaredValue?: number } }).services;
      const personal = row.priceLines.some((l) => l.code === 'personal_discount');
      if (personal) discounted += 1;
      const res = await (personal ? client : visitor).post(CALCULATOR, {
        city_from: String(row.cityDepartureId),
        city_to: String(row.cityDeliveryId),
        transportation_type: row.transportationType,
        places: [{ quantity: row.quantity, weight: row.weightKg / row.quantity, volume: row.volumeM3 / row.quantity }],
        departure: point(row.departureType, row.departureAddress),
        delivery: point(row.deliveryType, row.deliveryAddress),
        declared_value: services?.declaredValue ?? 0,
        is_logged: personal,
      });
      expect(res.statusCode, `${row.trackNumber}: ${res.body}`).toBe(200);
      const shown = FullCalculatorResponseSchema.parse(res.json());
      expect({ track: row.trackNumber, lines: row.priceLines, price: row.priceKopecks, vat: row.vatKopecks }).toEqual({
        track: row.trackNumber,
        lines: shown.lines,
        price: shown.total_kopecks,
        vat: shown.vat_kopecks,
      });
    }
    // The 5 % discount was granted 120 days ago: the cargos ordered since carry it.
    const since = Date.now() - 120 * 86_400_000;
    expect(discounted).toBe(rows.filter((r) => r.createdAt.getTime() >= since).length);
    expect(discounted).toBeGreaterThan(0);
    expect(discounted).toBeLessThan(rows.length);
    expect(rows.filter((r) => r.transportationType === 'express').length).toBeGreaterThan(0);
    expect(rows.some((r) => r.priceLines.some((l) => l.code === 'insurance'))).toBe(true);
    expect(rows.some((r) => r.priceLines.some((l) => l.code === 'delivery'))).toBe(true);
  });

  it('the company’s settlements with the calculator’s prices: a small overdue, a payment due soon, an advance', async () => {
    const db = ctx.database.db;
    const [company] = await db.select().from(clientProfiles).where(eq(clientProfiles.inn, DEMO_COMPANY.inn));
    const list = await db.select().from(contracts).where(eq(contracts.profileId, company!.id));
    const priceOf = async (index: number) =>
      (
        await db
          .select()
          .from(cargos)
          .where(eq(cargos.trackNumber, demoTrackNumber(index)))
      )[0]!.priceKopecks;
    const today = toIsoDate(new Date())!;
    const figures: Record<string, ReturnType<typeof contractPosition>> = {};
    for (const contract of list) {
      const byDue = await db
        .select({ dueOn: ledgerEntries.dueOn, amount: sql<string>`sum(${ledgerEntries.amountKopecks})` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.contractId, contract.id), eq(ledgerEntries.kind, 'charge')))
        .groupBy(ledgerEntries.dueOn)
        .orderBy(ledgerEntries.dueOn);
      const [credits] = await db
        .select({ amount: sql<string>`coalesce(sum(${ledgerEntries.amountKopecks}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.contractId, contract.id), inArray(ledgerEntries.kind, ['payment', 'credit_note'])));
      figures[contract.kind] = contractPosition({
        kind: contract.kind as 'prepayment' | 'postpayment',
        creditLimitKopecks: contract.creditLimitKopecks,
        chargesByDue: byDue.map((d) => ({ dueOn: d.dueOn!, amountKopecks: Number(d.amount) })),
        creditsKopecks: Number(credits!.amount),
        today,
      });
    }
    // Postpayment: the invoice of cargo 12 (delivered some 18 days ago) is a few days overdue,
    // that of cargo 9 (delivered some 6 days ago) is the next payment; the rest are paid.
    const post = figures.postpayment!;
    expect(post.overdueKopecks).toBe(await priceOf(12));
    expect(post.nextPayment!.amountKopecks).toBe(await priceOf(9));
    expect(post.nextPayment!.dueOn > today).toBe(true);
    expect(post.nextPayment!.dueOn <= addCalendarDays(today, 14)).toBe(true);
    expect(post.debtKopecks).toBe((await priceOf(12)) + (await priceOf(9)));
    expect(post.debtKopecks).toBeLessThan(DEMO_CONTRACTS.postpayment.creditLimitKopecks);
    // Prepayment: express cargos 33, 18 and 3, paid from 10 000 ₽ top-ups; what is left is an advance.
    const pre = figures.prepayment!;
    expect(pre.chargesKopecks).toBe((await priceOf(33)) + (await priceOf(18)) + (await priceOf(3)));
    expect(pre.creditsKopecks % 1_000_000).toBe(0);
    expect(pre.advanceKopecks).toBeGreaterThan(0);
    expect(pre.advanceKopecks).toBeLessThan(1_000_000);
  });

  it('an offer the company took does not reach the demo’s prices on the next start (it is taken back first)', async () => {
    const db = ctx.database.db;
    const linesByTrack = async () =>
      Object.fromEntries(
        (await db.select().from(cargos).where(eq(cargos.ownerUserId, demo.userId))).map((r) => [
          r.trackNumber,
          r.priceLines,
        ]),
      );
    const before = await linesByTrack();
    const [company] = await db.select().from(clientProfiles).where(eq(clientProfiles.inn, DEMO_COMPANY.inn));
    const [express] = await db.select().from(offers).where(eq(offers.title, DEMO_OFFER_TITLES.company));
    // The client acts for the company, which took 7 % — more than the personal 5 %.
    await db.update(users).set({ activeProfileId: company!.id }).where(eq(users.id, demo.userId));
    await db.insert(offerAcceptances).values({ offerId: express!.id, profileId: company!.id, userId: demo.userId });
    const again = await seedDemo(db, { hashPassword: (p) => hashSecret(p), priceCargo: demoCargoPricer(db) });
    expect(again.unpriced).toEqual([]);
    expect(await linesByTrack()).toEqual(before);
    await expect(db.select().from(offerAcceptances)).resolves.toEqual([]);
  });
});
