import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { LightMyRequestResponse } from 'fastify';
import {
  ContractListSchema,
  ProfileSchema,
  SettlementReviewSchema,
  SettlementSummarySchema,
  type SettlementPosition,
} from '@freight/contracts';
import {
  attachLegalProfile,
  chargeDocumentNumber,
  clientProfiles,
  contractMonthTotals,
  contracts,
  ledgerEntries,
  profileMembers,
} from '@freight/db';
import {
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  addCalendarDays,
  addWorkingDays,
  amountInWords,
  contractPosition,
  toIsoDate,
} from '@freight/domain';
import { loadExcelJs } from '../orders/cargo-export';
import { createTestContext, type TestContext } from '../../test/helpers';
import { signUp, type Visitor } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, validDraft } from '../orders/orders-test-kit';
import { RECONCILIATION_HEADER_ROWS } from './reconciliation.xlsx';
import { latestCharges } from './settlements.repository';

/*
 * Settlements (issue 16) on a small hand-made ledger: ООО «Сверка» with a postpayment contract
 * (limit 100 000 ₽, 10 days) and a prepayment one, charges, payments and credit notes in July,
 * August and September 2026. Every figure below is worked out by hand in the comments.
 */

const S = MESSAGES.settlements;
type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

const CONTRACTS = '/api/v1/user/settlements/contracts';
const REVIEW = '/api/v1/user/settlements/review';
const SUMMARY = '/api/v1/user/settlements/summary';
const ACT = '/api/v1/user/settlements/reconciliation';

/** Fictitious requisites that pass the checksums (as the documents tests configure them). */
const CARRIER_ENV = {
  CARRIER_NAME: 'ООО «Тестовый перевозчик»',
  CARRIER_INN: '7799999997',
  CARRIER_KPP: '779901001',
  CARRIER_OGRN: '1027799999996',
  CARRIER_ADDRESS: '123456, г. Москва, Тестовый проезд, д. 9',
  CARRIER_BANK_NAME: 'ПАО «Тестбанк», г. Москва',
  CARRIER_BANK_BIK: '044599999',
  CARRIER_BANK_ACCOUNT: '40702810999999999991',
  CARRIER_BANK_CORR_ACCOUNT: '30101810999999999999',
  CARRIER_VAT_RATE: '22',
};
const CARRIER = CARRIER_ENV.CARRIER_NAME;
const CLIENT = 'ООО «Сверка»';

const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

async function pdfText(res: LightMyRequestResponse) {
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return norm(text);
}

describe('settlements: contracts, month review, summary, reconciliation act', () => {
  let ctx: TestContext;
  /** The API's clock: real time (sessions live by it) unless a test fixes «today». */
  let fixedNow: Date | null = null;
  const onDay = (isoDate: string) => {
    fixedNow = new Date(`${isoDate}T09:00:00Z`);
  };

  let owner: { visitor: Visitor; user: { id: number } };
  let accountant: { visitor: Visitor; user: { id: number } };
  let manager: { visitor: Visitor; user: { id: number } };
  let stranger: { visitor: Visitor; user: { id: number } };
  let company: { id: number; uuid: string };
  let personalUuid: string;
  let strangerCompanyUuid: string;
  let post: string;
  let pre: string;
  let foreign: string;
  let track: string;

  const get = async (visitor: Visitor, url: string) => visitor.get(url);
  const errorOf = (res: LightMyRequestResponse) => (res.json() as ErrorJson).error;

  async function legalProfile(userId: number, name: string, inn: string) {
    const { profileId } = await attachLegalProfile(ctx.database.db, { name, inn, kpp: '772001001' }, userId);
    const [row] = await ctx.database.db
      .select({ uuid: clientProfiles.accountUuid })
      .from(clientProfiles)
      .where(eq(clientProfiles.id, profileId));
    return { id: profileId, uuid: row!.uuid };
  }

  type Entry = typeof ledgerEntries.$inferInsert;
  const charge = (
    contractId: string,
    bookedOn: string,
    amountKopecks: number,
    dueOn: string,
    document: string,
  ): Entry => ({
    contractId,
    kind: 'charge',
    amountKopecks,
    bookedOn,
    dueOn,
    documentNumber: document,
    documentDate: bookedOn,
    description: `Перевозка по ${document}`,
  });
  const credit = (
    contractId: string,
    kind: 'payment' | 'credit_note',
    bookedOn: string,
    amountKopecks: number,
    document: string,
  ): Entry => ({
    contractId,
    kind,
    amountKopecks,
    bookedOn,
    documentNumber: document,
    documentDate: bookedOn,
    description: kind === 'payment' ? 'Оплата по договору' : 'Корректировка начисления',
  });

  beforeAll(async () => {
    ctx = await createTestContext(CARRIER_ENV, { clock: () => fixedNow ?? new Date() });
    const db = ctx.database.db;
    const net = await loadNetwork(db);
    owner = await signUp(ctx, { name: 'Ольга Сверкина' });
    accountant = await signUp(ctx, { name: 'Анна Бухгалтер' });
    manager = await signUp(ctx, { name: 'Пётр Отправкин' });
    stranger = await signUp(ctx, { name: 'Чужой Клиент' });
    company = await legalProfile(owner.user.id, CLIENT, '7720123457');
    await db.insert(profileMembers).values([
      { profileId: company.id, userId: accountant.user.id, role: 'accountant' },
      { profileId: company.id, userId: manager.user.id, role: 'shipping_manager' },
    ]);
    personalUuid = ProfileSchema.parse((await owner.visitor.get('/api/v1/user/profile')).json()).profiles.find(
      (p) => p.kind === 'individual',
    )!.account_uuid;
    const strangerCompany = await legalProfile(stranger.user.id, 'ООО «Чужая»', '7701234564');
    strangerCompanyUuid = strangerCompany.uuid;

    // One real cargo of the company, so an entry can name its track number.
    const date = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);
    const ordered = await createOrder(owner.visitor, validDraft(net, date));
    expect(ordered.statusCode, ordered.body).toBe(201);
    track = (ordered.json() as { track_number: string }).track_number;
    const [cargo] = await db
      .execute(sql`select id from cargos where track_number = ${track}`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);

    const inserted = await db
      .insert(contracts)
      .values([
        {
          profileId: company.id,
          number: 'П-2026/1',
          signedOn: '2026-01-10',
          kind: 'postpayment',
          creditLimitKopecks: 10_000_000,
          paymentTermDays: 10,
          validFrom: '2026-01-10',
          isDefault: true,
        },
        {
          profileId: company.id,
          number: 'А-2026/2',
          signedOn: '2026-02-01',
          kind: 'prepayment',
          validFrom: '2026-02-01',
          validTo: '2026-12-31',
        },
        {
          profileId: strangerCompany.id,
          number: 'Ч-1',
          signedOn: '2026-01-01',
          kind: 'prepayment',
          validFrom: '2026-01-01',
        },
      ])
      .returning({ id: contracts.id });
    [post, pre, foreign] = inserted.map((row) => row.id) as [string, string, string];

    // Written out of date order on purpose: the review orders by booking day.
    const freightDoc = chargeDocumentNumber(track);
    await db.insert(ledgerEntries).values([
      charge(post, '2026-09-14', 800_000, '2026-09-24', 'УПД № 2609-002'),
      charge(post, '2026-07-05', 3_000_000, '2026-07-15', 'УПД № 2607-001'),
      charge(post, '2026-07-20', 1_234_567, '2026-07-30', 'УПД № 2607-002'),
      credit(post, 'payment', '2026-07-25', 3_000_000, 'П/п № 501'),
      charge(post, '2026-08-03', 2_000_000, '2026-08-13', 'УПД № 2608-001'),
      credit(post, 'credit_note', '2026-08-10', 200_000, 'КУПД № 2608-001'),
      charge(post, '2026-08-28', 1_500_000, '2026-09-07', 'УПД № 2608-002'),
      credit(post, 'payment', '2026-09-02', 1_000_000, 'П/п № 502'),
      // One cargo, two services, one УПД.
      {
        ...charge(post, '2026-09-10', 2_000_000, '2026-09-20', freightDoc),
        cargoId: cargo!.id,
        serviceCode: 'freight',
      },
      {
        ...charge(post, '2026-09-10', 500_000, '2026-09-20', freightDoc),
        cargoId: cargo!.id,
        serviceCode: 'insurance',
      },
      // Booked after the summary's «today» (2026-09-15).
      charge(post, '2026-09-20', 500_000, '2026-09-30', 'УПД № 2609-003'),

      credit(pre, 'payment', '2026-08-05', 5_000_000, 'П/п № 601'),
      charge(pre, '2026-08-06', 1_800_000, '2026-08-06', 'УПД № 2608-101'),
      charge(pre, '2026-09-01', 750_050, '2026-09-01', 'УПД № 2609-101'),
      credit(pre, 'credit_note', '2026-09-03', 100_000, 'КУПД № 2609-101'),

      charge(foreign, '2026-09-01', 999_900, '2026-09-01', 'УПД № 9999'),
    ]);
  });
  afterAll(async () => ctx.close());

  // ---- contracts -------------------------------------------------------------------------------------------------

  it('lists the contracts of the listed profiles: the default first; a personal profile has none', async () => {
    onDay('2026-09-15');
    const res = await get(owner.visitor, `${CONTRACTS}?account_uuid=${personalUuid},${company.uuid}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { contracts: list } = ContractListSchema.parse(res.json());
    expect(list).toEqual([
      {
        contract_uuid: post,
        account_uuid: company.uuid,
        profile_name: CLIENT,
        number: 'П-2026/1',
        signed_on: '2026-01-10',
        kind: 'postpayment',
        kind_label: 'Постоплата',
        credit_limit_kopecks: 10_000_000,
        payment_term_days: 10,
        valid_from: '2026-01-10',
        valid_to: null,
        is_default: true,
        is_active: true,
      },
      {
        contract_uuid: pre,
        account_uuid: company.uuid,
        profile_name: CLIENT,
        number: 'А-2026/2',
        signed_on: '2026-02-01',
        kind: 'prepayment',
        kind_label: 'Предоплата',
        credit_limit_kopecks: null,
        payment_term_days: null,
        valid_from: '2026-02-01',
        valid_to: '2026-12-31',
        is_default: false,
        is_active: true,
      },
    ]);
    const personal = await get(owner.visitor, `${CONTRACTS}?account_uuid=${personalUuid}`);
    expect(personal.json()).toEqual({ contracts: [] });
    // After its last day the prepayment contract is listed, no longer active.
    onDay('2027-01-01');
    const later = ContractListSchema.parse(
      (await get(owner.visitor, `${CONTRACTS}?account_uuid=${company.uuid}`)).json(),
    );
    expect(later.contracts.map((c) => [c.number, c.is_active])).toEqual([
      ['П-2026/1', true],
      ['А-2026/2', false],
    ]);
  });

  it.each([
    ['someone else’s profile', () => strangerCompanyUuid],
    ['an unknown profile', () => '0d8f7c1e-1111-4222-8333-944445555666'],
    ['a malformed id', () => 'not-a-uuid'],
  ])('404 for %s among the listed (contracts and summary)', async (_what, uuid) => {
    for (const path of [CONTRACTS, SUMMARY]) {
      const res = await get(owner.visitor, `${path}?account_uuid=${company.uuid},${uuid()}`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({
        code: 'NOT_FOUND',
        message: MESSAGES.team.profileNotFound,
        fields: { account_uuid: MESSAGES.team.profileNotFound },
      });
    }
  });

  it('403 for a member whose role does not see settlements (shipping manager); the accountant sees them', async () => {
    for (const url of [
      `${CONTRACTS}?account_uuid=${company.uuid}`,
      `${SUMMARY}?account_uuid=${company.uuid}`,
      `${REVIEW}?contract_uuid=${post}&year=2026&month=9`,
      `${ACT}?contract_uuid=${post}&date_from=2026-08-01&date_to=2026-08-31`,
    ]) {
      const refused = await get(manager.visitor, url);
      expect(refused.statusCode, url).toBe(403);
      expect(errorOf(refused).message).toBe(MESSAGES.team.forbidden);
      expect((await get(accountant.visitor, url)).statusCode, url).toBe(200);
    }
  });

  it('401 without a signed-in user; 400 without profiles', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${CONTRACTS}?account_uuid=${company.uuid}` });
    expect(anonymous.statusCode).toBe(401);
    const none = await get(owner.visitor, `${CONTRACTS}?account_uuid=,`);
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).fields).toEqual({ account_uuid: S.accountsRequired });
  });

  // ---- month review ----------------------------------------------------------------------------------------------

  const review = async (contract: string, year: number, month: number, visitor = owner.visitor) => {
    const res = await get(visitor, `${REVIEW}?contract_uuid=${contract}&year=${year}&month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return SettlementReviewSchema.parse(res.json());
  };

  it('September: opening balance from the months before, every entry by day with its document and cargo, closing balance', async () => {
    onDay('2026-09-15');
    const september = await review(post, 2026, 9);
    expect(september.period).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    // July 4 234 567 − 3 000 000 + August 3 500 000 − 200 000.
    expect(september.opening_balance_kopecks).toBe(4_534_567);
    expect(
      september.entries.map((e) => [
        e.booked_on,
        e.kind,
        e.document,
        e.track_number,
        e.debit_kopecks,
        e.credit_kopecks,
      ]),
    ).toEqual([
      ['2026-09-02', 'payment', 'П/п № 502 от 02.09.2026', null, 0, 1_000_000],
      ['2026-09-10', 'charge', `УПД № ${track} от 10.09.2026`, track, 2_000_000, 0],
      ['2026-09-10', 'charge', `УПД № ${track} от 10.09.2026`, track, 500_000, 0],
      ['2026-09-14', 'charge', 'УПД № 2609-002 от 14.09.2026', null, 800_000, 0],
      ['2026-09-20', 'charge', 'УПД № 2609-003 от 20.09.2026', null, 500_000, 0],
    ]);
    expect(september.entries.map((e) => [e.kind_label, e.due_on])).toEqual([
      ['Оплата', null],
      ['Начисление', '2026-09-20'],
      ['Начисление', '2026-09-20'],
      ['Начисление', '2026-09-24'],
      ['Начисление', '2026-09-30'],
    ]);
    expect(september.debit_total_kopecks).toBe(3_800_000);
    expect(september.credit_total_kopecks).toBe(1_000_000);
    expect(september.closing_balance_kopecks).toBe(7_334_567);
    expect(september.contract.number).toBe('П-2026/1');
  });

  it.each([
    // month, opening, debit, credit, closing, entries
    [6, 0, 0, 0, 0, 0],
    [7, 0, 4_234_567, 3_000_000, 1_234_567, 3],
    [8, 1_234_567, 3_500_000, 200_000, 4_534_567, 3],
    [9, 4_534_567, 3_800_000, 1_000_000, 7_334_567, 5],
    // No entries: opens and closes with everything before it.
    [10, 7_334_567, 0, 0, 7_334_567, 0],
  ])(
    '2026-%i: opening %i, debit %i, credit %i, closing %i (%i entries)',
    async (month, opening, debit, credit, closing, count) => {
      const result = await review(post, 2026, month);
      expect(result.opening_balance_kopecks).toBe(opening);
      expect(result.debit_total_kopecks).toBe(debit);
      expect(result.credit_total_kopecks).toBe(credit);
      expect(result.closing_balance_kopecks).toBe(closing);
      expect(result.entries).toHaveLength(count);
    },
  );

  it('a prepayment contract: an advance is a negative balance', async () => {
    const september = await review(pre, 2026, 9, accountant.visitor);
    // August: −5 000 000 + 1 800 000.
    expect(september.opening_balance_kopecks).toBe(-3_200_000);
    expect(september.entries.map((e) => [e.kind, e.debit_kopecks, e.credit_kopecks])).toEqual([
      ['charge', 750_050, 0],
      ['credit_note', 0, 100_000],
    ]);
    expect(september.closing_balance_kopecks).toBe(-2_549_950);
  });

  it.each([
    ['someone else’s contract', () => foreign],
    ['an unknown contract', () => '0d8f7c1e-1111-4222-8333-944445555666'],
    ['a malformed id', () => '12345'],
  ])('404 «Договор не найден» for %s (review and act)', async (_what, id) => {
    for (const url of [
      `${REVIEW}?contract_uuid=${id()}&year=2026&month=9`,
      `${ACT}?contract_uuid=${id()}&date_from=2026-08-01&date_to=2026-08-31`,
    ]) {
      const res = await get(owner.visitor, url);
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res)).toEqual({
        code: 'NOT_FOUND',
        message: S.contractNotFound,
        fields: { contract_uuid: S.contractNotFound },
      });
    }
  });

  it.each([
    ['month=13', 'year=2026&month=13', S.monthInvalid],
    ['month=0', 'year=2026&month=0', S.monthInvalid],
    ['month=abc', 'year=2026&month=abc', S.monthInvalid],
    ['year=1999', 'year=1999&month=1', S.yearInvalid],
  ])('400 for %s', async (_what, query, message) => {
    const res = await get(owner.visitor, `${REVIEW}?contract_uuid=${post}&${query}`);
    expect(res.statusCode).toBe(400);
    expect(Object.values(errorOf(res).fields ?? {})).toContain(message);
  });

  // ---- summary ---------------------------------------------------------------------------------------------------

  const summary = async (accounts: string, visitor = owner.visitor) => {
    const res = await get(visitor, `${SUMMARY}?account_uuid=${accounts}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return SettlementSummarySchema.parse(res.json());
  };

  it('on 15.09.2026: balance, debt, overdue (FIFO), credit left and the next payment of each contract and in total', async () => {
    onDay('2026-09-15');
    const result = await summary(`${company.uuid},${personalUuid}`);
    expect(result.as_of).toBe('2026-09-15');
    expect(result.contracts.map((c) => c.contract.contract_uuid)).toEqual([post, pre]);
    // Postpayment. Charges booked by today: 3 000 000 (due 15.07) + 1 234 567 (30.07) + 2 000 000 (13.08)
    // + 1 500 000 (07.09) + 2 500 000 (20.09) + 800 000 (24.09) = 11 034 567; the 500 000 booked on 20.09
    // is not counted yet. Credits: 3 000 000 + 200 000 + 1 000 000 = 4 200 000. FIFO: they cover 15.07
    // and 1 200 000 of 30.07, so 34 567 + 2 000 000 + 1 500 000 = 3 534 567 is overdue; 20.09 is next.
    const postpayment: SettlementPosition = {
      balance_kopecks: 6_834_567,
      debt_kopecks: 6_834_567,
      advance_kopecks: 0,
      overdue_kopecks: 3_534_567,
      credit_limit_kopecks: 10_000_000,
      credit_left_kopecks: 3_165_433,
      next_payment: { due_on: '2026-09-20', amount_kopecks: 2_500_000 },
    };
    // Prepayment: charges 1 800 000 + 750 050, credits 5 000 000 + 100 000: an advance of 2 549 950.
    const prepayment: SettlementPosition = {
      balance_kopecks: -2_549_950,
      debt_kopecks: 0,
      advance_kopecks: 2_549_950,
      overdue_kopecks: 0,
      credit_limit_kopecks: null,
      credit_left_kopecks: null,
      next_payment: null,
    };
    expect(result.contracts.map((c) => c.position)).toEqual([postpayment, prepayment]);
    expect(result.total).toEqual({
      balance_kopecks: 4_284_617,
      debt_kopecks: 6_834_567,
      advance_kopecks: 2_549_950,
      overdue_kopecks: 3_534_567,
      credit_limit_kopecks: 10_000_000,
      credit_left_kopecks: 3_165_433,
      next_payment: { due_on: '2026-09-20', amount_kopecks: 2_500_000 },
    });
  });

  it('ten days later the charge booked on 20.09 counts, and everything due before 25.09 is overdue', async () => {
    onDay('2026-09-25');
    const [postpayment] = (await summary(company.uuid, accountant.visitor)).contracts;
    // Charges 11 034 567 + 500 000; credits 4 200 000. Open before 25.09: 34 567 + 2 000 000 + 1 500 000
    // + 2 500 000 + 800 000; next: 500 000 on 30.09.
    expect(postpayment!.position).toEqual({
      balance_kopecks: 7_334_567,
      debt_kopecks: 7_334_567,
      advance_kopecks: 0,
      overdue_kopecks: 6_834_567,
      credit_limit_kopecks: 10_000_000,
      credit_left_kopecks: 2_665_433,
      next_payment: { due_on: '2026-09-30', amount_kopecks: 500_000 },
    });
  });

  it('on 01.08.2026 (the monthly totals of July, nothing of August yet)', async () => {
    onDay('2026-08-01');
    const result = await summary(company.uuid);
    // Charges 3 000 000 + 1 234 567, paid 3 000 000: 1 234 567 due 30.07 is overdue; no advance on the
    // prepayment contract yet (its payment is booked on 05.08).
    expect(result.contracts.map((c) => [c.position.balance_kopecks, c.position.overdue_kopecks])).toEqual([
      [1_234_567, 1_234_567],
      [0, 0],
    ]);
    expect(result.total.next_payment).toBeNull();
  });

  it('a personal profile alone: no contracts, a zero total with neither limit nor next payment', async () => {
    onDay('2026-09-15');
    expect(await summary(personalUuid)).toEqual({
      as_of: '2026-09-15',
      contracts: [],
      total: {
        balance_kopecks: 0,
        debt_kopecks: 0,
        advance_kopecks: 0,
        overdue_kopecks: 0,
        credit_limit_kopecks: null,
        credit_left_kopecks: null,
        next_payment: null,
      },
    });
  });

  // ---- reconciliation act ----------------------------------------------------------------------------------------

  const actUrl = (contract: string, from: string, to: string, format = 'pdf') =>
    `${ACT}?contract_uuid=${contract}&date_from=${from}&date_to=${to}&format=${format}`;

  it('the act as PDF: title, both sides, opening balance, documents (a cargo’s charges as one УПД), turnover, closing balance, the debt in words', async () => {
    onDay('2026-09-15');
    const res = await get(owner.visitor, actUrl(post, '2026-08-05', '2026-09-15'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const russianName = 'Акт сверки П-2026-1 05.08.2026–15.09.2026.pdf';
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="reconciliation-2026-08-05-2026-09-15.pdf"; filename*=UTF-8''${encodeURIComponent(russianName)}`,
    );
    const text = await pdfText(res);
    expect(text).toContain(
      `Акт сверки взаимных расчётов за период с 05.08.2026 по 15.09.2026 между ${CARRIER} и ${CLIENT} по договору № П-2026/1 от 10.01.2026`,
    );
    expect(text).toContain(`По данным ${CARRIER}`);
    expect(text).toContain(`По данным ${CLIENT}`);
    // Before 05.08: July's totals (1 234 567) and the charge of 03.08 (2 000 000).
    expect(text).toContain('Сальдо начальное 32 345,67');
    for (const row of [
      '10.08.2026 Корректировка (КУПД № 2608-001 от 10.08.2026) 2 000,00',
      '28.08.2026 Оказание услуг (УПД № 2608-002 от 28.08.2026) 15 000,00',
      '02.09.2026 Оплата (П/п № 502 от 02.09.2026) 10 000,00',
      `10.09.2026 Оказание услуг (УПД № ${track} от 10.09.2026) 25 000,00`,
      '14.09.2026 Оказание услуг (УПД № 2609-002 от 14.09.2026) 8 000,00',
    ]) {
      expect(text).toContain(row);
    }
    // After the period: not in the act.
    expect(text).not.toContain('2609-003');
    // Debit 15 000 + 25 000 + 8 000; credit 2 000 + 10 000; closing 32 345,67 + 48 000 − 12 000.
    expect(text).toContain('Обороты за период 48 000,00 12 000,00');
    expect(text).toContain('Сальдо конечное 68 345,67');
    expect(amountInWords(6_834_567)).toBe('Шестьдесят восемь тысяч триста сорок пять рублей 67 копеек');
    expect(text).toContain(
      `По данным ${CARRIER} на 15.09.2026 задолженность в пользу ${CARRIER} составляет 68 345,67 ₽ (Шестьдесят восемь тысяч триста сорок пять рублей 67 копеек).`,
    );
    expect(text).toContain(`От ${CARRIER}`);
    expect(text).toContain(`От ${CLIENT}`);
    expect(text).toContain('М. П.');
    expect(text).not.toContain(norm(MESSAGES.documents.demoNotice));
  });

  it('an advance is a debt in the client’s favour; a period with nothing owed says so', async () => {
    const advance = await pdfText(await get(owner.visitor, actUrl(pre, '2026-08-01', '2026-09-30')));
    expect(advance).toContain('05.08.2026 Оплата (П/п № 601 от 05.08.2026) 50 000,00');
    expect(advance).toContain('Обороты за период 25 500,50 51 000,00');
    expect(advance).toContain(
      `По данным ${CARRIER} на 30.09.2026 задолженность в пользу ${CLIENT} составляет 25 499,50 ₽ (Двадцать пять тысяч четыреста девяносто девять рублей 50 копеек).`,
    );
    const none = await pdfText(await get(owner.visitor, actUrl(pre, '2026-01-01', '2026-07-31')));
    expect(none).toContain(`По данным ${CARRIER} на 31.07.2026 задолженность отсутствует.`);
    expect(none).toContain('Обороты за период 0,00 0,00');
  });

  it('the act as XLSX: the same rows, amounts as numbers in roubles with a number format, dates as dates, the header frozen', async () => {
    const res = await get(owner.visitor, actUrl(post, '2026-08-05', '2026-09-15', 'xlsx'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('filename="reconciliation-2026-08-05-2026-09-15.xlsx"');
    const Excel = await loadExcelJs();
    const workbook = new Excel.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(S.reconciliation.sheet)!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: RECONCILIATION_HEADER_ROWS });
    const values = (row: number) =>
      Array.from({ length: 8 }, (_, i) => {
        const value = sheet.getRow(row).getCell(i + 1).value;
        return value instanceof Date ? value.toISOString().slice(0, 10) : value;
      });
    expect(sheet.getCell('A1').value).toBe(
      `Акт сверки взаимных расчётов за период с 05.08.2026 по 15.09.2026 между ${CARRIER} и ${CLIENT} по договору №\u00A0П-2026/1 от 10.01.2026`,
    );
    expect(values(4)[0]).toBe(`По данным ${CARRIER}`);
    expect(values(4)[4]).toBe(`По данным ${CLIENT}`);
    expect(values(5)).toEqual(['Дата', 'Документ', 'Дебет', 'Кредит', 'Дата', 'Документ', 'Дебет', 'Кредит']);
    const first = RECONCILIATION_HEADER_ROWS + 1;
    expect(values(first).slice(0, 4)).toEqual(['Сальдо начальное', 'Сальдо начальное', 32_345.67, null]);
    expect(values(first + 1).slice(0, 4)).toEqual([
      '2026-08-10',
      'Корректировка (КУПД № 2608-001 от 10.08.2026)',
      null,
      2_000,
    ]);
    expect(values(first + 2).slice(0, 4)).toEqual([
      '2026-08-28',
      'Оказание услуг (УПД № 2608-002 от 28.08.2026)',
      15_000,
      null,
    ]);
    expect(values(first + 3).slice(0, 4)).toEqual(['2026-09-02', 'Оплата (П/п № 502 от 02.09.2026)', null, 10_000]);
    expect(values(first + 4).slice(0, 4)).toEqual([
      '2026-09-10',
      `Оказание услуг (УПД № ${track} от 10.09.2026)`,
      25_000,
      null,
    ]);
    expect(values(first + 5).slice(0, 4)).toEqual([
      '2026-09-14',
      'Оказание услуг (УПД № 2609-002 от 14.09.2026)',
      8_000,
      null,
    ]);
    expect(values(first + 6).slice(0, 4)).toEqual(['Обороты за период', 'Обороты за период', 48_000, 12_000]);
    expect(values(first + 7).slice(0, 4)).toEqual(['Сальдо конечное', 'Сальдо конечное', 68_345.67, null]);
    // The client's side is left blank.
    expect(values(first + 1).slice(4)).toEqual([null, null, null, null]);
    expect(sheet.getRow(first).getCell(3).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(first + 1).getCell(1).numFmt).toBe('dd.mm.yyyy');
    expect(values(first + 9)[0]).toBe(
      `По данным ${CARRIER} на 15.09.2026 задолженность в пользу ${CARRIER} составляет 68\u00A0345,67\u00A0₽ (Шестьдесят восемь тысяч триста сорок пять рублей 67 копеек).`,
    );
  });

  it.each([
    ['a period over three years', '2023-01-01', '2026-01-01', 'pdf', S.periodTooLong],
    ['a reversed period', '2026-09-30', '2026-09-01', 'pdf', S.periodReversed],
    ['a date that does not exist', '2026-02-30', '2026-03-31', 'pdf', S.dateInvalid],
    ['a malformed date', '01.08.2026', '2026-08-31', 'pdf', S.dateInvalid],
    ['an unknown format', '2026-08-01', '2026-08-31', 'doc', S.formatInvalid],
  ])('400 for %s', async (_what, from, to, format, message) => {
    const res = await get(owner.visitor, actUrl(post, from, to, format));
    expect(res.statusCode).toBe(400);
    expect(Object.values(errorOf(res).fields ?? {})).toContain(message);
  });

  it('three years to the day before the end is the longest period', async () => {
    expect((await get(owner.visitor, actUrl(post, '2023-01-01', '2025-12-31'))).statusCode).toBe(200);
  });

  // ---- the ledger's rules in the database --------------------------------------------------------------------------

  async function totalsAgree(contractId: string) {
    const db = ctx.database.db;
    const totals = await db
      .select({
        month: contractMonthTotals.month,
        charges: contractMonthTotals.chargesKopecks,
        credits: contractMonthTotals.creditsKopecks,
      })
      .from(contractMonthTotals)
      .where(eq(contractMonthTotals.contractId, contractId))
      .orderBy(asc(contractMonthTotals.month));
    const fromEntries = await db
      .select({
        month: sql<string>`to_char(date_trunc('month', ${ledgerEntries.bookedOn}), 'YYYY-MM-DD')`,
        charges: sql<string>`sum(case when ${ledgerEntries.kind} = 'charge' then ${ledgerEntries.amountKopecks} else 0 end)`,
        credits: sql<string>`sum(case when ${ledgerEntries.kind} = 'charge' then 0 else ${ledgerEntries.amountKopecks} end)`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.contractId, contractId))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return {
      totals: totals.filter((t) => t.charges !== 0 || t.credits !== 0),
      entries: fromEntries.map((e) => ({ month: e.month, charges: Number(e.charges), credits: Number(e.credits) })),
    };
  }

  it('the trigger keeps the monthly totals equal to the entries, on insert and delete', async () => {
    const before = await totalsAgree(post);
    expect(before.totals).toEqual(before.entries);
    expect(before.totals).toEqual([
      { month: '2026-07-01', charges: 4_234_567, credits: 3_000_000 },
      { month: '2026-08-01', charges: 3_500_000, credits: 200_000 },
      { month: '2026-09-01', charges: 3_800_000, credits: 1_000_000 },
    ]);
    const db = ctx.database.db;
    const [extra] = await db
      .insert(ledgerEntries)
      .values(credit(post, 'payment', '2026-11-03', 12_345, 'П/п № 999'))
      .returning({ id: ledgerEntries.id });
    const added = await totalsAgree(post);
    expect(added.totals).toEqual(added.entries);
    expect(added.totals.at(-1)).toEqual({ month: '2026-11-01', charges: 0, credits: 12_345 });
    await db.delete(ledgerEntries).where(eq(ledgerEntries.id, extra!.id));
    const after = await totalsAgree(post);
    expect(after.totals).toEqual(before.totals);
  });

  it('an entry is never changed: an UPDATE of its amount (or date) is refused', async () => {
    const db = ctx.database.db;
    const [entry] = await db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.documentNumber, 'УПД № 2607-001'));
    await expect(
      db.update(ledgerEntries).set({ amountKopecks: 1 }).where(eq(ledgerEntries.id, entry!.id)),
    ).rejects.toThrow();
    await expect(
      db.update(ledgerEntries).set({ bookedOn: '2026-06-30' }).where(eq(ledgerEntries.id, entry!.id)),
    ).rejects.toThrow();
    const [unchanged] = await db
      .select({ amount: ledgerEntries.amountKopecks })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, entry!.id));
    expect(unchanged!.amount).toBe(3_000_000);
    // The description is not money: it may be corrected.
    await db.update(ledgerEntries).set({ description: 'Перевозка' }).where(eq(ledgerEntries.id, entry!.id));
  });

  // ---- the position reads only the open charges ------------------------------------------------------------------

  it('the latest-due charges holding a debt: one batch when it is enough, larger ones until it is', async () => {
    const db = ctx.database.db;
    // Due 24.09 (800 000) alone holds 500 000.
    expect(await latestCharges(db, post, '2026-09-15', 500_000, 1)).toEqual([
      { dueOn: '2026-09-24', amountKopecks: 800_000 },
    ]);
    // Two rows never hold 3 000 000 (800 000 + at most 2 000 000): the next query reads all, summed per day.
    expect(await latestCharges(db, post, '2026-09-15', 3_000_000, 2)).toEqual([
      { dueOn: '2026-07-15', amountKopecks: 3_000_000 },
      { dueOn: '2026-07-30', amountKopecks: 1_234_567 },
      { dueOn: '2026-08-13', amountKopecks: 2_000_000 },
      { dueOn: '2026-09-07', amountKopecks: 1_500_000 },
      { dueOn: '2026-09-20', amountKopecks: 2_500_000 },
      { dueOn: '2026-09-24', amountKopecks: 800_000 },
    ]);
  });

  it('on a long random ledger the summary equals the position computed from every charge', async () => {
    const db = ctx.database.db;
    const other = await legalProfile(owner.user.id, 'ООО «Длинная история»', '7702345678');
    const [long] = await db
      .insert(contracts)
      .values({
        profileId: other.id,
        number: 'Д-1',
        signedOn: '2025-01-01',
        kind: 'postpayment',
        creditLimitKopecks: 50_000_000,
        paymentTermDays: 20,
        validFrom: '2025-01-01',
      })
      .returning({ id: contracts.id });
    // A fixed pseudo-random sequence (so a failure can be replayed): 700 charges, 90 payments over 2025.
    let seed = 20_260_915;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const entries: Entry[] = [];
    for (let i = 0; i < 700; i += 1) {
      const booked = addCalendarDays('2025-01-01', random(365));
      entries.push(charge(long!.id, booked, 1_000 + random(2_000_000), addCalendarDays(booked, 20), `УПД № L-${i}`));
    }
    for (let i = 0; i < 90; i += 1) {
      entries.push(
        credit(
          long!.id,
          'payment',
          addCalendarDays('2025-01-10', random(365)),
          1_000 + random(14_000_000),
          `П/п № L-${i}`,
        ),
      );
    }
    await db.insert(ledgerEntries).values(entries);

    for (const today of ['2025-02-14', '2025-06-30', '2025-09-01', '2025-12-31', '2026-02-01']) {
      onDay(today);
      const [api] = (await summary(other.uuid)).contracts;
      const booked = entries.filter((e) => e.bookedOn <= today);
      const byDue = new Map<string, number>();
      for (const e of booked.filter((e) => e.kind === 'charge')) {
        byDue.set(e.dueOn!, (byDue.get(e.dueOn!) ?? 0) + e.amountKopecks);
      }
      const full = contractPosition({
        kind: 'postpayment',
        creditLimitKopecks: 50_000_000,
        chargesByDue: [...byDue]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([dueOn, amountKopecks]) => ({ dueOn, amountKopecks })),
        creditsKopecks: booked.filter((e) => e.kind !== 'charge').reduce((sum, e) => sum + e.amountKopecks, 0),
        today,
      });
      expect(api!.position, today).toEqual({
        balance_kopecks: full.balanceKopecks,
        debt_kopecks: full.debtKopecks,
        advance_kopecks: full.advanceKopecks,
        overdue_kopecks: full.overdueKopecks,
        credit_limit_kopecks: 50_000_000,
        credit_left_kopecks: full.creditLeftKopecks,
        next_payment: full.nextPayment
          ? { due_on: full.nextPayment.dueOn, amount_kopecks: full.nextPayment.amountKopecks }
          : null,
      });
    }
  });
});
