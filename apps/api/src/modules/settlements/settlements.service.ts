import type {
  Contract,
  ContractList,
  LedgerEntry,
  ReconciliationQuerySchema,
  SettlementContractsQuerySchema,
  SettlementPosition,
  SettlementReview,
  SettlementReviewQuerySchema,
  SettlementSummary,
  SettlementSummaryQuerySchema,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import {
  MESSAGES,
  contractPosition,
  monthBounds,
  roleCan,
  toIsoDate,
  type ContractKind,
  type ContractPosition,
  type ProfileRole,
} from '@freight/domain';
import type { Writable } from 'node:stream';
import type { z } from 'zod';
import type { CarrierRequisites } from '../../config/env';
import { AppError } from '../../errors/app-error';
import { requireVerifiedUser } from '../auth/auth-core';
import { findActiveUserById, type UserRow } from '../auth/identity.repository';
import type { SessionRow } from '../auth/session.repository';
import { CONTENT_TYPES, ruDate } from '../orders/cargo-export';
import { forbidden, profileDisplayName, profileNotFound } from '../profiles/profiles.service';
import { actFileNames, type ReconciliationAct, type ReconciliationProgress } from './reconciliation.model';
import { writeReconciliationPdf } from './reconciliation.pdf';
import { writeReconciliationXlsx } from './reconciliation.xlsx';
import * as repo from './settlements.repository';
import type { ContractRow } from './settlements.repository';

/*
 * Settlements of a business client (issue 16, decision 014): the contracts of the caller's
 * profiles, a month's review of a contract's ledger, the position of each contract today and
 * the reconciliation act for a period. A contract is the caller's when they are a member of its
 * profile: someone else's contract or profile is 404, a role without `settlements.view` 403.
 * Every figure comes from the ledger; opening balances read the monthly totals the database
 * keeps (never every earlier entry), so each call costs a few index range scans.
 */

const S = MESSAGES.settlements;

export interface SettlementsDeps {
  db: Database;
  clock: () => Date;
  carrier: CarrierRequisites;
}

type ContractsQuery = z.output<typeof SettlementContractsQuerySchema>;
type SummaryQuery = z.output<typeof SettlementSummaryQuerySchema>;
type ReviewQuery = z.output<typeof SettlementReviewQuerySchema>;
export type ReconciliationQuery = z.output<typeof ReconciliationQuerySchema>;

/** The longest period of a reconciliation act: three years. */
export const RECONCILIATION_MAX_YEARS = 3;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const contractNotFound = () =>
  new AppError('NOT_FOUND', 404, S.contractNotFound, { contract_uuid: S.contractNotFound });
const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, message, { [field]: message });

const can = (role: string, permission: 'settlements.view') => roleCan(role as ProfileRole, permission);

/**
 * The profiles of `accountUuids` (in the order asked) when the user may see their settlements:
 * the first one that is not theirs (unknown, someone else's, malformed) is 404, the first one
 * their role does not allow 403. One query for the whole list.
 */
async function requireProfiles(db: Database, userId: number, accountUuids: readonly string[]) {
  const found = await repo.findProfileAccess(
    db,
    userId,
    accountUuids.filter((uuid) => UUID.test(uuid)),
  );
  const byUuid = new Map(found.map((row) => [row.accountUuid.toLowerCase(), row]));
  return accountUuids.map((uuid) => {
    const access = byUuid.get(uuid.toLowerCase());
    if (!access) throw profileNotFound('account_uuid');
    if (!can(access.role, 'settlements.view')) throw forbidden();
    return access;
  });
}

/** The contract when it is the user's (404 otherwise, a malformed id included) and their role may see it (403). */
async function requireContract(db: Database, userId: number, contractUuid: string): Promise<ContractRow> {
  const row = UUID.test(contractUuid) ? await repo.findContractForUser(db, userId, contractUuid) : null;
  if (!row) throw contractNotFound();
  if (!can(row.role, 'settlements.view')) throw forbidden();
  return row;
}

/** Today in the carrier's (Moscow) time zone, YYYY-MM-DD. */
const todayOf = (deps: SettlementsDeps) => toIsoDate(deps.clock())!;

/**
 * The name of the contract's profile: a company's name; a personal profile is named after its
 * user, as everywhere (the back-office, asking without a user, gets the profile's stored name).
 */
const profileNameOf = (row: ContractRow, user: Pick<UserRow, 'name'> | null) =>
  profileDisplayName(row.profileKind, row.profileName, user ?? { name: row.profileName });

/** A contract as the API shows it. */
function toContract(row: ContractRow, user: Pick<UserRow, 'name'> | null, today: string): Contract {
  const kind = row.kind as ContractKind;
  return {
    contract_uuid: row.id,
    account_uuid: row.accountUuid,
    profile_name: profileNameOf(row, user),
    number: row.number,
    signed_on: row.signedOn,
    kind,
    kind_label: S.contractKinds[kind],
    credit_limit_kopecks: row.creditLimitKopecks,
    payment_term_days: row.paymentTermDays,
    valid_from: row.validFrom,
    valid_to: row.validTo,
    is_default: row.isDefault,
    is_active: row.validFrom <= today && (row.validTo === null || row.validTo >= today),
  };
}

/** The contracts of the listed profiles, profile by profile in the order asked. */
async function contractsOf(db: Database, profiles: readonly repo.ProfileAccess[]): Promise<ContractRow[]> {
  const rows = await repo.listContracts(
    db,
    profiles.map((p) => p.profileId),
  );
  const order = new Map(profiles.map((p, index) => [p.profileId, index]));
  // Array.prototype.sort is stable: within a profile the repository's order stays.
  return rows.sort((a, b) => order.get(a.profileId)! - order.get(b.profileId)!);
}

/** GET /user/settlements/contracts: the contracts of the listed profiles (a personal profile usually has none). */
export async function listContracts(
  deps: SettlementsDeps,
  session: SessionRow | null,
  query: ContractsQuery,
): Promise<ContractList> {
  const user = await requireVerifiedUser(deps.db, session);
  const profiles = await requireProfiles(deps.db, user.id, query.account_uuid);
  const today = todayOf(deps);
  return { contracts: (await contractsOf(deps.db, profiles)).map((row) => toContract(row, user, today)) };
}

/** «УПД № MG-2600-00019 от 05.07.2026». */
const documentOf = (entry: { documentNumber: string; documentDate: string }) =>
  S.documentWithDate(entry.documentNumber, ruDate(entry.documentDate));

function toEntry(row: repo.EntryRow): LedgerEntry {
  const debit = row.kind === 'charge';
  return {
    id: row.id,
    kind: row.kind,
    kind_label: S.ledgerKinds[row.kind],
    booked_on: row.bookedOn,
    due_on: row.dueOn,
    document: documentOf(row),
    description: row.description,
    track_number: row.trackNumber,
    debit_kopecks: debit ? row.amountKopecks : 0,
    credit_kopecks: debit ? 0 : row.amountKopecks,
  };
}

/**
 * GET /user/settlements/review: a contract's month — the balance at its start (the monthly
 * totals of the months before), every entry booked in it by day, the month's debit and credit
 * and the closing balance.
 */
export async function reviewMonth(
  deps: SettlementsDeps,
  session: SessionRow | null,
  query: ReviewQuery,
): Promise<SettlementReview> {
  const user = await requireVerifiedUser(deps.db, session);
  const contract = await requireContract(deps.db, user.id, query.contract_uuid);
  const period = monthBounds(query.year, query.month);
  const [opening, rows] = await Promise.all([
    repo.balanceBefore(deps.db, contract.id, period.from),
    repo.listEntries(deps.db, contract.id, period.from, period.to),
  ]);
  const entries = rows.map(toEntry);
  const debit = entries.reduce((sum, e) => sum + e.debit_kopecks, 0);
  const credit = entries.reduce((sum, e) => sum + e.credit_kopecks, 0);
  return {
    contract: toContract(contract, user, todayOf(deps)),
    year: query.year,
    month: query.month,
    period,
    opening_balance_kopecks: opening,
    entries,
    debit_total_kopecks: debit,
    credit_total_kopecks: credit,
    closing_balance_kopecks: opening + debit - credit,
  };
}

function toPosition(position: ContractPosition, creditLimitKopecks: number | null): SettlementPosition {
  return {
    balance_kopecks: position.balanceKopecks,
    debt_kopecks: position.debtKopecks,
    advance_kopecks: position.advanceKopecks,
    overdue_kopecks: position.overdueKopecks,
    credit_limit_kopecks: creditLimitKopecks,
    credit_left_kopecks: position.creditLeftKopecks,
    next_payment: position.nextPayment
      ? { due_on: position.nextPayment.dueOn, amount_kopecks: position.nextPayment.amountKopecks }
      : null,
  };
}

/**
 * The position over several contracts: every figure summed; the next payment is the earliest of
 * the contracts' (amounts of contracts due that same day added); the credit limit and what is
 * left of it are summed over postpayment contracts, null when there is none.
 */
function totalPosition(positions: readonly SettlementPosition[]): SettlementPosition {
  const sum = (pick: (p: SettlementPosition) => number) => positions.reduce((total, p) => total + pick(p), 0);
  const postpayment = positions.filter((p) => p.credit_limit_kopecks !== null);
  let next: SettlementPosition['next_payment'] = null;
  for (const { next_payment: due } of positions) {
    if (!due) continue;
    if (!next || due.due_on < next.due_on) next = { ...due };
    else if (due.due_on === next.due_on) next.amount_kopecks += due.amount_kopecks;
  }
  return {
    balance_kopecks: sum((p) => p.balance_kopecks),
    debt_kopecks: sum((p) => p.debt_kopecks),
    advance_kopecks: sum((p) => p.advance_kopecks),
    overdue_kopecks: sum((p) => p.overdue_kopecks),
    credit_limit_kopecks: postpayment.length ? postpayment.reduce((t, p) => t + p.credit_limit_kopecks!, 0) : null,
    credit_left_kopecks: postpayment.length ? postpayment.reduce((t, p) => t + (p.credit_left_kopecks ?? 0), 0) : null,
    next_payment: next,
  };
}

/** A due date before any charge's: the covered part of a contract's older charges is filed under it. */
const LONG_AGO = '0001-01-01';

/**
 * A contract's position on `today` (domain contractPosition) without reading its whole history.
 * Under FIFO the credits cover the earliest-due charges, so what is open — the debt — is always
 * the latest-due part of the charges. The totals booked up to today come from the monthly totals;
 * only the latest-due charges holding the debt are read by due date, and the older rest is passed
 * as one charge the credits cover in full (they exceed it by construction), so the position is
 * exactly the one every charge would give.
 */
async function positionOf(db: Database, row: ContractRow, booked: repo.BookedTotals, today: string) {
  const open = booked.chargesKopecks - booked.creditsKopecks;
  const latest = open > 0 ? await repo.latestCharges(db, row.id, today, open) : [];
  const latestSum = latest.reduce((sum, due) => sum + due.amountKopecks, 0);
  const older = booked.chargesKopecks - latestSum;
  return contractPosition({
    kind: row.kind as ContractKind,
    creditLimitKopecks: row.creditLimitKopecks,
    chargesByDue: older > 0 ? [{ dueOn: LONG_AGO, amountKopecks: older }, ...latest] : latest,
    creditsKopecks: booked.creditsKopecks,
    today,
  });
}

/**
 * GET /user/settlements/summary: each contract's position today — charges booked up to today
 * by due date, payments and credit notes booked up to today, settled FIFO (domain
 * contractPosition) — and the total over the contracts.
 */
export async function summary(
  deps: SettlementsDeps,
  session: SessionRow | null,
  query: SummaryQuery,
): Promise<SettlementSummary> {
  const user = await requireVerifiedUser(deps.db, session);
  const profiles = await requireProfiles(deps.db, user.id, query.account_uuid);
  const today = todayOf(deps);
  const contracts = await contractPositions(deps.db, await contractsOf(deps.db, profiles), today, user);
  return { as_of: today, total: totalPosition(contracts.map((c) => c.position)), contracts };
}

/**
 * Each contract with its position on `today`, as GET /user/settlements/summary shows it. Also the
 * back-office's view of a client's contracts (apps/api/src/modules/back-office/contracts-admin),
 * which asks without a user (`user` null: profiles keep their stored names).
 */
export async function contractPositions(
  db: Database,
  rows: readonly ContractRow[],
  today: string,
  user: Pick<UserRow, 'name'> | null,
): Promise<SettlementSummary['contracts']> {
  const booked = await repo.bookedUpTo(
    db,
    rows.map((row) => row.id),
    today,
  );
  const positions = await Promise.all(rows.map((row) => positionOf(db, row, booked.get(row.id)!, today)));
  return rows.map((row, index) => ({
    contract: toContract(row, user, today),
    position: toPosition(positions[index]!, row.kind === 'postpayment' ? (row.creditLimitKopecks ?? 0) : null),
  }));
}

/** The day `years` years after an ISO date (29 February moves to 1 March in a common year). */
function addYears(isoDate: string, years: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + years, month - 1, day)).toISOString().slice(0, 10);
}

export interface ReconciliationFile {
  contentType: string;
  /** For Content-Disposition: an ASCII fallback and the Russian name (RFC 5987). */
  names: { ascii: string; utf8: string };
  /** Document rows of the act (what its progress counts to). */
  rows: number;
  /**
   * Renders the act into `output`, the one writer of the act's file (the GET download and the
   * queued export): ended when done; destroyed with the error and rejected on failure.
   */
  write(output: Writable, progress?: ReconciliationProgress): Promise<void>;
}

/** The act's data: the balance before the period, the period's documents, the turnover, the balance after. */
async function reconciliationAct(
  deps: SettlementsDeps,
  contract: ContractRow,
  user: UserRow,
  from: string,
  to: string,
): Promise<ReconciliationAct> {
  const [opening, documents] = await Promise.all([
    repo.balanceBefore(deps.db, contract.id, from),
    repo.listDocuments(deps.db, contract.id, from, to),
  ]);
  const operations = S.reconciliation.operations;
  const rows = documents.map((d) => ({
    date: d.bookedOn,
    operation: S.reconciliation.operation(operations[d.kind], documentOf(d)),
    debitKopecks: d.kind === 'charge' ? d.amountKopecks : 0,
    creditKopecks: d.kind === 'charge' ? 0 : d.amountKopecks,
  }));
  const debit = rows.reduce((sum, r) => sum + r.debitKopecks, 0);
  const credit = rows.reduce((sum, r) => sum + r.creditKopecks, 0);
  return {
    carrier: deps.carrier,
    client: { name: profileNameOf(contract, user), inn: contract.profileInn, kpp: contract.profileKpp },
    contract: { number: contract.number, signedOn: contract.signedOn },
    from,
    to,
    openingKopecks: opening,
    rows,
    debitTotalKopecks: debit,
    creditTotalKopecks: credit,
    closingKopecks: opening + debit - credit,
  };
}

/**
 * The contract of an act the user may have, for a period of up to three years: someone else's
 * contract is 404, a role without `settlements.view` 403, a longer period 400 (one that starts
 * after it ends is refused by the schema).
 */
async function requireActContract(db: Database, userId: number, query: ReconciliationQuery): Promise<ContractRow> {
  const contract = await requireContract(db, userId, query.contract_uuid);
  if (query.date_to >= addYears(query.date_from, RECONCILIATION_MAX_YEARS)) {
    throw invalid('date_to', S.periodTooLong);
  }
  return contract;
}

/** The act of a checked request: read from the ledger now, rendered by `write`. */
async function reconciliationFile(
  deps: SettlementsDeps,
  contract: ContractRow,
  user: UserRow,
  query: ReconciliationQuery,
): Promise<ReconciliationFile> {
  const act = await reconciliationAct(deps, contract, user, query.date_from, query.date_to);
  const createdAt = deps.clock();
  return {
    contentType: query.format === 'xlsx' ? CONTENT_TYPES.xlsx : 'application/pdf',
    names: actFileNames(act, query.format),
    rows: act.rows.length,
    write: (output, progress) =>
      query.format === 'xlsx'
        ? writeReconciliationXlsx(act, output, progress)
        : writeReconciliationPdf(act, createdAt, output, progress),
  };
}

/**
 * Whether the caller may have this act (POST /user/exports/reconciliation checks before it queues
 * the job): 401, 404, 403 and 400 as GET /user/settlements/reconciliation. Returns who asks and
 * the contract.
 */
export async function checkReconciliation(
  deps: SettlementsDeps,
  session: SessionRow | null,
  query: ReconciliationQuery,
): Promise<{ userId: number; contract: ContractRow }> {
  const user = await requireVerifiedUser(deps.db, session);
  return { userId: user.id, contract: await requireActContract(deps.db, user.id, query) };
}

/**
 * GET /user/settlements/reconciliation: the акт сверки of a contract for a period of up to three
 * years, as a PDF or an XLSX.
 */
export async function reconciliation(
  deps: SettlementsDeps,
  session: SessionRow | null,
  query: ReconciliationQuery,
): Promise<ReconciliationFile> {
  const user = await requireVerifiedUser(deps.db, session);
  return reconciliationFile(deps, await requireActContract(deps.db, user.id, query), user, query);
}

/**
 * The act of a queued export (modules/exports), checked again for the user who asked when the job
 * runs: a user gone or unverified is 401, a contract no longer theirs 404, a role without the
 * permission 403.
 */
export async function reconciliationForUser(
  deps: SettlementsDeps,
  userId: number,
  query: ReconciliationQuery,
): Promise<ReconciliationFile> {
  const user = await findActiveUserById(deps.db, userId);
  if (!user || !user.isVerified) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  return reconciliationFile(deps, await requireActContract(deps.db, user.id, query), user, query);
}
