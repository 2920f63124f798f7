import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { RequestCreateResponseSchema, type RequestCreateResponse } from '@freight/contracts';
import {
  attachLegalProfile,
  bookCargoStatus,
  cargos,
  contractMonthTotals,
  contracts,
  ledgerEntries,
} from '@freight/db';
import {
  RU_PRODUCTION_CALENDAR,
  addCalendarDays,
  addWorkingDays,
  cargoCharges,
  monthStart,
  toIsoDate,
  type OrderDraft,
} from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { staffSession, type TestStaff } from '../../test/staff';
import { signUp, type Visitor } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, validDraft, type NetworkRefs } from '../orders/orders-test-kit';

/*
 * Where the ledger's entries come from (issue 16): a bank-transfer order of a company is charged
 * to the company's default contract, and the back-office's status changes book its charges (or,
 * for a cancelled prepaid cargo, a credit note) in the transaction that writes the status.
 */

const BO = '/api/v1/back-office';

/** A company ИНН (10 digits) that passes the checksum: nine digits of `n` and the control digit. */
function companyInn(n: number): string {
  const digits = String(773_000_000 + n)
    .split('')
    .map(Number);
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const control = (weights.reduce((sum, w, i) => sum + w * digits[i]!, 0) % 11) % 10;
  return `${digits.join('')}${control}`;
}

describe('settlements: contracts of new orders, charges and credit notes of status changes', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  let operator: TestStaff;
  let date: string;
  let innCounter = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    net = await loadNetwork(ctx.database.db);
    operator = await staffSession(ctx, 'operator');
    date = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);
  });
  afterAll(async () => ctx.close());

  /** A signed-up owner of a company whose default contract is of `kind`. */
  async function companyWithContract(kind: 'prepayment' | 'postpayment') {
    innCounter += 1;
    const owner = await signUp(ctx, { name: 'Ольга Договорова' });
    const company = { name: `ООО «Договор ${innCounter}»`, inn: companyInn(innCounter), kpp: '773001001' };
    const { profileId } = await attachLegalProfile(ctx.database.db, company, owner.user.id);
    const [contract] = await ctx.database.db
      .insert(contracts)
      .values({
        profileId,
        number: `${kind === 'prepayment' ? 'А' : 'П'}-${innCounter}`,
        signedOn: '2026-01-01',
        kind,
        creditLimitKopecks: kind === 'postpayment' ? 10_000_000 : null,
        paymentTermDays: kind === 'postpayment' ? 10 : null,
        validFrom: '2026-01-01',
        isDefault: true,
      })
      .returning({ id: contracts.id });
    return { owner, company, profileId, contractId: contract!.id };
  }

  /** An order paid by the company (its sender), by bank transfer unless told otherwise. */
  async function order(
    visitor: Visitor,
    company: { name: string; inn: string; kpp: string },
    paymentType: OrderDraft['paymentType'] = 'non_cash',
  ): Promise<RequestCreateResponse> {
    const draft = validDraft(net, date, (d) => ({
      ...d,
      paymentType,
      services: { ...d.services, declaredValue: 100_000 },
      participants: { ...d.participants, senderType: 'legal' as const },
      contacts: { ...d.contacts, sender: { ...company, phone: '+7 (900) 123-45-01', email: '' } },
    }));
    const res = await createOrder(visitor, draft);
    expect(res.statusCode, res.body).toBe(201);
    return RequestCreateResponseSchema.parse(res.json());
  }

  const cargoOf = async (track: string) =>
    (await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, track)))[0]!;
  const entriesOf = (cargoId: number) =>
    ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.cargoId, cargoId))
      .orderBy(asc(ledgerEntries.id));
  const setStatus = (track: string, status: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${BO}/cargos/${track}/status`,
      headers: operator.headers,
      payload: { status },
    });
  const move = async (track: string, ...statuses: string[]) => {
    for (const status of statuses) {
      const res = await setStatus(track, status);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
    }
  };
  async function monthTotals(contractId: string) {
    return ctx.database.db
      .select({
        month: contractMonthTotals.month,
        charges: contractMonthTotals.chargesKopecks,
        credits: contractMonthTotals.creditsKopecks,
      })
      .from(contractMonthTotals)
      .where(eq(contractMonthTotals.contractId, contractId));
  }

  it('a bank-transfer order of a company is charged to its default contract; cash, card and personal orders to none', async () => {
    const { owner, company, profileId, contractId } = await companyWithContract('prepayment');
    const charged = await cargoOf((await order(owner.visitor, company)).track_number);
    expect(charged.ownerProfileId).toBe(profileId);
    expect(charged.contractId).toBe(contractId);
    for (const paymentType of ['cash', 'card'] as const) {
      const cash = await order(owner.visitor, company, paymentType);
      expect((await cargoOf(cash.track_number)).contractId, paymentType).toBeNull();
    }
    // Paid by a company the user is not a member of: the cargo is the user's personal profile's, which has no contract.
    const stranger = { name: 'ООО «Посторонняя»', inn: companyInn(999), kpp: '773001001' };
    const personal = await cargoOf((await order(owner.visitor, stranger)).track_number);
    expect(personal.ownerProfileId).not.toBe(profileId);
    expect(personal.ownerProfileId).not.toBeNull();
    expect(personal.contractId).toBeNull();
  });

  it('prepayment: «Принят» books a charge per price line due the same day; booking it again writes nothing; cancelling gives a credit note of them all', async () => {
    const { owner, company, contractId } = await companyWithContract('prepayment');
    const created = await order(owner.visitor, company);
    const track = created.track_number;
    const cargo = await cargoOf(track);
    expect(created.lines.length).toBeGreaterThan(1);

    await move(track, 'awaiting_dropoff');
    expect(await entriesOf(cargo.id)).toEqual([]);

    await move(track, 'accepted');
    const today = toIsoDate(new Date())!;
    const charges = await entriesOf(cargo.id);
    const expected = cargoCharges(created.lines);
    expect(charges.map((e) => [e.kind, e.serviceCode, e.amountKopecks, e.bookedOn, e.dueOn])).toEqual(
      expected.map((c) => ['charge', c.serviceCode, c.amountKopecks, today, today]),
    );
    expect(charges.every((e) => e.contractId === contractId && e.documentNumber === `УПД № ${track}`)).toBe(true);
    expect(charges.reduce((sum, e) => sum + e.amountKopecks, 0)).toBe(created.price_kopecks);
    expect(await monthTotals(contractId)).toEqual([
      { month: monthStart(today), charges: created.price_kopecks, credits: 0 },
    ]);

    // Back to «Принят» after a problem: the charges exist, nothing more is written.
    await move(track, 'problem', 'accepted');
    expect(await entriesOf(cargo.id)).toHaveLength(expected.length);
    expect(await bookCargoStatus(ctx.database.db, cargo.id, 'accepted', new Date())).toEqual({
      charged: 0,
      credited: 0,
      chargedKopecks: 0,
      contractId: null,
    });
    expect(await entriesOf(cargo.id)).toHaveLength(expected.length);

    await move(track, 'problem');
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `${BO}/cargos/${track}/cancel`,
      headers: operator.headers,
      payload: { reason: 'Клиент отказался от перевозки' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await entriesOf(cargo.id);
    expect(after).toHaveLength(expected.length + 1);
    expect(after.at(-1)).toMatchObject({
      contractId,
      kind: 'credit_note',
      amountKopecks: created.price_kopecks,
      bookedOn: today,
      dueOn: null,
      documentNumber: `КУПД № ${track}`,
      description: `Отмена перевозки, груз ${track}`,
    });
    // Settled: the month's charges and credits are equal; a second cancellation writes nothing.
    expect(await monthTotals(contractId)).toEqual([
      { month: monthStart(today), charges: created.price_kopecks, credits: created.price_kopecks },
    ]);
    expect(await bookCargoStatus(ctx.database.db, cargo.id, 'cancelled', new Date())).toEqual({
      charged: 0,
      credited: 0,
      chargedKopecks: 0,
      contractId: null,
    });
  });

  it('postpayment: nothing on acceptance; release (a bulk change too) books the charges due after the payment term', async () => {
    const { owner, company, contractId } = await companyWithContract('postpayment');
    const first = await order(owner.visitor, company);
    const second = await order(owner.visitor, company);
    const tracks = [first.track_number, second.track_number];
    for (const track of tracks) await move(track, 'awaiting_dropoff', 'accepted', 'in_transit', 'arrived');
    for (const track of tracks) expect(await entriesOf((await cargoOf(track)).id)).toEqual([]);

    const bulk = await ctx.app.inject({
      method: 'POST',
      url: `${BO}/cargos/bulk_status`,
      headers: operator.headers,
      payload: { tracks, status: 'released' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const today = toIsoDate(new Date())!;
    for (const created of [first, second]) {
      const entries = await entriesOf((await cargoOf(created.track_number)).id);
      expect(entries.map((e) => [e.kind, e.amountKopecks, e.bookedOn, e.dueOn])).toEqual(
        cargoCharges(created.lines).map((c) => ['charge', c.amountKopecks, today, addCalendarDays(today, 10)]),
      );
    }
    const [booked] = await ctx.database.db
      .select({ total: sql<string>`sum(${ledgerEntries.amountKopecks})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.contractId, contractId));
    expect(Number(booked!.total)).toBe(first.price_kopecks + second.price_kopecks);
  });
});
