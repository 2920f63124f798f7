import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { ProfileSchema, SettlementSummarySchema } from '@freight/contracts';
import {
  BoClientContractsSchema,
  BoContractItemSchema,
  BoPaymentResultSchema,
} from '@freight/contracts/back-office-contracts';
import { attachLegalProfile, clientProfiles, contracts, ledgerEntries, staffAuditLog } from '@freight/db';
import { MESSAGES, addCalendarDays, toIsoDate } from '@freight/domain';
import { BO_CONTRACTS_TEXTS } from '@freight/domain/texts/back-office-contracts';
import { createTestContext, type TestContext } from '../../test/helpers';
import { staffSession, type TestStaff } from '../../test/staff';
import { signUp, type Visitor } from '../auth/identity-test-kit';

/*
 * Contracts and bank payments in the back-office (issue 16): ООО «Договорная» gets a postpayment
 * contract (limit 500 000 ₽, 30 days) and a prepayment one; a charge of 150 000 ₽ overdue and one
 * of 30 000 ₽ not yet due; a payment of 40 000 ₽ settles the overdue one first (FIFO). Figures
 * worked out by hand in the comments.
 */

const E = BO_CONTRACTS_TEXTS.errors;
const BO = '/api/v1/back-office';
const SUMMARY = '/api/v1/user/settlements/summary';
const UNKNOWN_UUID = '6f1c3c1e-8c1a-4d55-9b3e-2f7f3f0f9a10';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

/** «2026-07-05» → «05.07.2026». */
const ru = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

describe('back-office: contracts and bank payments of business clients', () => {
  let ctx: TestContext;
  let admin: TestStaff;
  let manager: TestStaff;
  let operator: TestStaff;
  let editor: TestStaff;
  let owner: { visitor: Visitor; user: { id: number } };
  let company: { id: number; uuid: string };
  let personalUuid: string;
  const today = toIsoDate(new Date())!;
  const day = (offset: number) => addCalendarDays(today, offset);

  const get = (staff: { cookie: string } | null, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: staff ? { cookie: staff.cookie } : {} });
  const post = (staff: TestStaff, url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: staff.headers, payload: payload as object });
  const errorOf = (res: { json: () => unknown }) => (res.json() as ErrorJson).error;

  const postpayment = (overrides: Record<string, unknown> = {}) => ({
    number: 'П-1/2026',
    signed_on: day(-90),
    kind: 'postpayment',
    credit_limit_kopecks: 50_000_000,
    payment_term_days: 30,
    valid_from: day(-90),
    is_default: true,
    ...overrides,
  });
  const prepayment = (overrides: Record<string, unknown> = {}) => ({
    number: 'А-2/2026',
    signed_on: day(-10),
    kind: 'prepayment',
    valid_from: day(-10),
    valid_to: day(355),
    ...overrides,
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    [admin, manager, operator, editor] = await Promise.all([
      staffSession(ctx, 'admin'),
      staffSession(ctx, 'client_manager'),
      staffSession(ctx, 'operator'),
      staffSession(ctx, 'content_editor'),
    ]);
    owner = await signUp(ctx, { name: 'Ольга Договорная' });
    const { profileId } = await attachLegalProfile(
      ctx.database.db,
      { name: 'ООО «Договорная»', inn: '7720123457', kpp: '772001001' },
      owner.user.id,
    );
    const [row] = await ctx.database.db
      .select({ uuid: clientProfiles.accountUuid })
      .from(clientProfiles)
      .where(eq(clientProfiles.id, profileId));
    company = { id: profileId, uuid: row!.uuid };
    personalUuid = ProfileSchema.parse((await owner.visitor.get('/api/v1/user/profile')).json()).profiles.find(
      (p) => p.kind === 'individual',
    )!.account_uuid;
  });
  afterAll(async () => {
    await ctx.close();
  });

  let postUuid: string;
  let preUuid: string;

  it('gives a company a postpayment contract, then a prepayment one that takes the default', async () => {
    const created = await post(manager, `${BO}/clients/${company.uuid}/contracts`, postpayment());
    expect(created.statusCode, created.body).toBe(201);
    const item = BoContractItemSchema.parse(created.json());
    postUuid = item.contract.contract_uuid;
    expect(item.contract).toMatchObject({
      account_uuid: company.uuid,
      profile_name: 'ООО «Договорная»',
      number: 'П-1/2026',
      kind: 'postpayment',
      kind_label: 'Постоплата',
      credit_limit_kopecks: 50_000_000,
      payment_term_days: 30,
      valid_from: day(-90),
      valid_to: null,
      is_default: true,
      is_active: true,
    });
    // Nothing booked yet: the whole limit is left.
    expect(item.position).toEqual({
      balance_kopecks: 0,
      debt_kopecks: 0,
      advance_kopecks: 0,
      overdue_kopecks: 0,
      credit_limit_kopecks: 50_000_000,
      credit_left_kopecks: 50_000_000,
      next_payment: null,
    });

    const second = await post(admin, `${BO}/clients/${company.uuid}/contracts`, prepayment({ is_default: true }));
    expect(second.statusCode, second.body).toBe(201);
    const pre = BoContractItemSchema.parse(second.json());
    preUuid = pre.contract.contract_uuid;
    expect(pre.contract).toMatchObject({
      kind: 'prepayment',
      credit_limit_kopecks: null,
      payment_term_days: null,
      valid_to: day(355),
      is_default: true,
    });
    expect(pre.position.credit_limit_kopecks).toBeNull();

    // The client page's own call (clients/:userId) still answers beside clients/:accountUuid/contracts.
    expect((await get(operator, `${BO}/clients/${owner.user.id}`)).statusCode).toBe(200);
    const list = await get(operator, `${BO}/clients/${company.uuid}/contracts`);
    expect(list.statusCode, list.body).toBe(200);
    const body = BoClientContractsSchema.parse(list.json());
    expect(body).toMatchObject({ account_uuid: company.uuid, profile_kind: 'legal', as_of: today });
    // The default first, then the newest.
    expect(body.contracts.map((c) => [c.contract.number, c.contract.is_default])).toEqual([
      ['А-2/2026', true],
      ['П-1/2026', false],
    ]);

    const audit = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.entityId, preUuid))
      .orderBy(asc(staffAuditLog.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: admin.id, action: 'contract.create', entityType: 'contract' });
    expect(audit[0]!.after).toMatchObject({
      number: 'А-2/2026',
      is_default: true,
      previous_default: { contract_uuid: postUuid, number: 'П-1/2026' },
    });
  });

  it('a new non-default contract leaves the default alone', async () => {
    const res = await post(manager, `${BO}/clients/${company.uuid}/contracts`, prepayment({ number: 'А-3/2026' }));
    expect(res.statusCode, res.body).toBe(201);
    const rows = await ctx.database.db
      .select({ number: contracts.number, isDefault: contracts.isDefault })
      .from(contracts)
      .where(eq(contracts.profileId, company.id))
      .orderBy(asc(contracts.number));
    expect(rows).toEqual([
      { number: 'А-2/2026', isDefault: true },
      { number: 'А-3/2026', isDefault: false },
      { number: 'П-1/2026', isDefault: false },
    ]);
  });

  it.each([
    [
      'postpayment without a limit',
      postpayment({ number: 'X-1', credit_limit_kopecks: undefined }),
      'credit_limit_kopecks',
      E.creditLimitRequired,
    ],
    [
      'postpayment without a term',
      postpayment({ number: 'X-2', payment_term_days: null }),
      'payment_term_days',
      E.paymentTermRequired,
    ],
    [
      'prepayment with a limit',
      prepayment({ number: 'X-3', credit_limit_kopecks: 100 }),
      'credit_limit_kopecks',
      E.creditLimitForbidden,
    ],
    [
      'prepayment with a term',
      prepayment({ number: 'X-4', payment_term_days: 10 }),
      'payment_term_days',
      E.paymentTermForbidden,
    ],
    [
      'a term over a year',
      postpayment({ number: 'X-5', payment_term_days: 366 }),
      'payment_term_days',
      E.paymentTermInvalid,
    ],
    [
      'a negative limit',
      postpayment({ number: 'X-6', credit_limit_kopecks: -1 }),
      'credit_limit_kopecks',
      E.creditLimitInvalid,
    ],
    ['an end before the start', prepayment({ number: 'X-7', valid_to: day(-11) }), 'valid_to', E.validToBeforeFrom],
    ['an impossible date', prepayment({ number: 'X-8', signed_on: '2026-02-30' }), 'signed_on', E.dateInvalid],
    ['an unknown kind', prepayment({ number: 'X-9', kind: 'barter' }), 'kind', E.kindInvalid],
    ['an empty number', prepayment({ number: '   ' }), 'number', E.numberRequired],
    ['a long number', prepayment({ number: 'Н'.repeat(65) }), 'number', E.numberTooLong],
  ])('refuses %s (400)', async (_name, payload, field, message) => {
    const res = await post(manager, `${BO}/clients/${company.uuid}/contracts`, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields?.[field]).toBe(message);
  });

  it('refuses a number the profile has (409), a personal profile (400), an unknown profile (404)', async () => {
    const duplicate = await post(
      manager,
      `${BO}/clients/${company.uuid}/contracts`,
      prepayment({ number: 'П-1/2026' }),
    );
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(errorOf(duplicate)).toMatchObject({
      code: 'CONFLICT',
      message: E.numberTaken,
      fields: { number: E.numberTaken },
    });

    const personal = await post(manager, `${BO}/clients/${personalUuid}/contracts`, prepayment({ number: 'Л-1' }));
    expect(personal.statusCode, personal.body).toBe(400);
    expect(errorOf(personal).message).toBe(E.personalProfile);
    const personalList = BoClientContractsSchema.parse(
      (await get(manager, `${BO}/clients/${personalUuid}/contracts`)).json(),
    );
    expect(personalList).toMatchObject({ profile_kind: 'individual', contracts: [] });

    for (const uuid of [UNKNOWN_UUID, 'not-a-uuid']) {
      const res = await post(manager, `${BO}/clients/${uuid}/contracts`, prepayment({ number: 'Н-1' }));
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res).message).toBe(E.profileNotFound);
      expect((await get(manager, `${BO}/clients/${uuid}/contracts`)).statusCode).toBe(404);
    }
    expect(await ctx.database.db.$count(contracts, eq(contracts.profileId, company.id))).toBe(3);
  });

  it('books a payment: FIFO settles the overdue charge first, the client sees the debt go down', async () => {
    // 150 000 ₽ charged 60 days ago, due 30 days ago (overdue); 30 000 ₽ charged 5 days ago, due in 25.
    await ctx.database.db.insert(ledgerEntries).values([
      {
        contractId: postUuid,
        kind: 'charge',
        amountKopecks: 15_000_000,
        bookedOn: day(-60),
        dueOn: day(-30),
        documentNumber: 'УПД № 1',
        documentDate: day(-60),
        description: 'Перевозка',
      },
      {
        contractId: postUuid,
        kind: 'charge',
        amountKopecks: 3_000_000,
        bookedOn: day(-5),
        dueOn: day(25),
        documentNumber: 'УПД № 2',
        documentDate: day(-5),
        description: 'Перевозка',
      },
    ]);
    const summaryDebt = async () => {
      const res = await owner.visitor.get(`${SUMMARY}?account_uuid=${company.uuid}`);
      expect(res.statusCode, res.body).toBe(200);
      const summary = SettlementSummarySchema.parse(res.json());
      return summary.contracts.find((c) => c.contract.contract_uuid === postUuid)!.position;
    };
    // 150 000 + 30 000 = 180 000 ₽ owed, 150 000 overdue, 500 000 − 180 000 = 320 000 of the limit left.
    expect(await summaryDebt()).toMatchObject({
      debt_kopecks: 18_000_000,
      overdue_kopecks: 15_000_000,
      credit_left_kopecks: 32_000_000,
    });

    const res = await post(manager, `${BO}/contracts/${postUuid}/payments`, {
      amount_kopecks: 4_000_000,
      booked_on: day(-1),
      document_number: 'П/п № 418',
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = BoPaymentResultSchema.parse(res.json());
    // 180 000 − 40 000 = 140 000 ₽ owed; the 40 000 covers the oldest charge: 110 000 still overdue.
    const after = {
      balance_kopecks: 14_000_000,
      debt_kopecks: 14_000_000,
      advance_kopecks: 0,
      overdue_kopecks: 11_000_000,
      credit_limit_kopecks: 50_000_000,
      credit_left_kopecks: 36_000_000,
      next_payment: { due_on: day(25), amount_kopecks: 3_000_000 },
    };
    expect(result.position).toEqual(after);
    expect(result.entry).toMatchObject({
      kind: 'payment',
      kind_label: 'Оплата',
      booked_on: day(-1),
      document: `П/п № 418 от ${ru(day(-1))}`,
      description: `Оплата по договору № П-1/2026 от ${ru(day(-90))}`,
      debit_kopecks: 0,
      credit_kopecks: 4_000_000,
    });
    expect(await summaryDebt()).toEqual(after);

    const audit = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.entityId, postUuid))
      .orderBy(asc(staffAuditLog.id));
    expect(audit.map((row) => [row.action, row.staffId])).toEqual([
      ['contract.create', manager.id],
      ['contract.payment', manager.id],
    ]);
    expect(audit[1]!.after).toMatchObject({ amount_kopecks: 4_000_000, document_number: 'П/п № 418' });

    const described = await post(admin, `${BO}/contracts/${postUuid}/payments`, {
      amount_kopecks: 1,
      booked_on: today,
      document_number: '419',
      description: '  Аванс  за август ',
    });
    expect(described.statusCode, described.body).toBe(201);
    expect(BoPaymentResultSchema.parse(described.json()).entry.description).toBe('Аванс за август');
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a zero amount', { amount_kopecks: 0 }, 'amount_kopecks', E.amountInvalid],
    ['an amount over 10^11', { amount_kopecks: 100_000_000_001 }, 'amount_kopecks', E.amountInvalid],
    ['a fractional amount', { amount_kopecks: 10.5 }, 'amount_kopecks', E.amountInvalid],
    ['a date in the future', { booked_on: 'tomorrow' }, 'booked_on', E.bookedOnFuture],
    ['a date before the contract', { booked_on: 'before' }, 'booked_on', E.bookedOnBeforeContract('')],
    ['no document', { document_number: ' ' }, 'document_number', E.documentRequired],
    ['a long document number', { document_number: '1'.repeat(65) }, 'document_number', E.documentTooLong],
    ['a long purpose', { description: 'а'.repeat(501) }, 'description', E.descriptionTooLong],
  ])('refuses a payment with %s (400) and books nothing', async (_name, override, field, message) => {
    const bookedOn = override.booked_on === 'tomorrow' ? day(1) : override.booked_on === 'before' ? day(-11) : day(-1);
    const expected = override.booked_on === 'before' ? E.bookedOnBeforeContract(ru(day(-10))) : message;
    const before = await ctx.database.db.$count(ledgerEntries);
    const res = await post(manager, `${BO}/contracts/${preUuid}/payments`, {
      amount_kopecks: 100,
      document_number: '7',
      ...override,
      booked_on: bookedOn,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields?.[field]).toBe(expected);
    expect(await ctx.database.db.$count(ledgerEntries)).toBe(before);
  });

  it('answers 404 for an unknown contract, 403 without the permission, 401 without a session', async () => {
    const payment = { amount_kopecks: 100, booked_on: today, document_number: '1' };
    for (const uuid of [UNKNOWN_UUID, 'nope']) {
      const res = await post(manager, `${BO}/contracts/${uuid}/payments`, payment);
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res).message).toBe(MESSAGES.settlements.contractNotFound);
    }
    // An operator may see a client's contracts but not change them; a content editor not even see.
    const byOperator = await post(operator, `${BO}/contracts/${postUuid}/payments`, payment);
    expect(byOperator.statusCode, byOperator.body).toBe(403);
    const created = await post(operator, `${BO}/clients/${company.uuid}/contracts`, prepayment({ number: 'О-1' }));
    expect(created.statusCode).toBe(403);
    expect((await get(editor, `${BO}/clients/${company.uuid}/contracts`)).statusCode).toBe(403);
    expect((await get(null, `${BO}/clients/${company.uuid}/contracts`)).statusCode).toBe(401);
    // CSRF: the staff cookie without our Origin does not change anything.
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `${BO}/contracts/${postUuid}/payments`,
      headers: { cookie: manager.cookie },
      payload: payment,
    });
    expect(forged.statusCode).toBe(403);
    expect(await ctx.database.db.$count(ledgerEntries, eq(ledgerEntries.kind, 'payment'))).toBe(2);
  });
});
