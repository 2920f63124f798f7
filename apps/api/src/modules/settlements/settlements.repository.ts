import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import {
  cargos,
  clientProfiles,
  contractMonthTotals,
  contracts,
  ledgerEntries,
  profileMembers,
  type Database,
} from '@freight/db';
import { monthStart, type DueAmount, type LedgerKind } from '@freight/domain';

/*
 * Reading the settlement ledger (issue 16, decision 014). Every query is a range scan of one of
 * the ledger's indexes: (contract_id, booked_on, id) for a period's entries, the partial
 * (contract_id, due_on, amount) of charges for the open charges of the position; a balance before
 * a date reads the monthly totals the trigger keeps, plus the entries of that date's month before
 * it. No query reads a contract's whole history.
 */

/** A contract with the profile it belongs to. */
export interface ContractRow {
  id: string;
  profileId: number;
  accountUuid: string;
  profileKind: string;
  profileName: string;
  profileInn: string | null;
  profileKpp: string | null;
  number: string;
  signedOn: string;
  kind: string;
  creditLimitKopecks: number | null;
  paymentTermDays: number | null;
  validFrom: string;
  validTo: string | null;
  isDefault: boolean;
}

const contractColumns = {
  id: contracts.id,
  profileId: contracts.profileId,
  accountUuid: clientProfiles.accountUuid,
  profileKind: clientProfiles.kind,
  profileName: clientProfiles.name,
  profileInn: clientProfiles.inn,
  profileKpp: clientProfiles.kpp,
  number: contracts.number,
  signedOn: contracts.signedOn,
  kind: contracts.kind,
  creditLimitKopecks: contracts.creditLimitKopecks,
  paymentTermDays: contracts.paymentTermDays,
  validFrom: contracts.validFrom,
  validTo: contracts.validTo,
  isDefault: contracts.isDefault,
};

/** A profile the user may be asked about, with the user's role in it. */
export interface ProfileAccess {
  profileId: number;
  accountUuid: string;
  kind: string;
  role: string;
}

/** The user's memberships among the profiles with these account_uuid values (valid UUIDs only), in one query. */
export async function findProfileAccess(
  db: Database,
  userId: number,
  accountUuids: string[],
): Promise<ProfileAccess[]> {
  if (accountUuids.length === 0) return [];
  return db
    .select({
      profileId: clientProfiles.id,
      accountUuid: clientProfiles.accountUuid,
      kind: clientProfiles.kind,
      role: profileMembers.role,
    })
    .from(profileMembers)
    .innerJoin(clientProfiles, eq(clientProfiles.id, profileMembers.profileId))
    .where(and(eq(profileMembers.userId, userId), inArray(clientProfiles.accountUuid, accountUuids)));
}

/** The contracts of these profiles: the default first, then the newest. */
export async function listContracts(db: Database, profileIds: number[]): Promise<ContractRow[]> {
  if (profileIds.length === 0) return [];
  return db
    .select(contractColumns)
    .from(contracts)
    .innerJoin(clientProfiles, eq(clientProfiles.id, contracts.profileId))
    .where(inArray(contracts.profileId, profileIds))
    .orderBy(desc(contracts.isDefault), desc(contracts.signedOn), asc(contracts.number));
}

/** A contract (by a valid UUID) with the user's role in its profile; null when the user is not a member or there is no such contract. */
export async function findContractForUser(
  db: Database,
  userId: number,
  contractId: string,
): Promise<(ContractRow & { role: string }) | null> {
  const [row] = await db
    .select({ ...contractColumns, role: profileMembers.role })
    .from(contracts)
    .innerJoin(clientProfiles, eq(clientProfiles.id, contracts.profileId))
    .innerJoin(
      profileMembers,
      and(eq(profileMembers.profileId, contracts.profileId), eq(profileMembers.userId, userId)),
    )
    .where(eq(contracts.id, contractId));
  return row ?? null;
}

/** sum() of bigint is numeric, which the drivers return as a string. */
const sumOf = (value: unknown): number => Number(value ?? 0);

/**
 * The contract's balance (charges − payments − credit notes) of everything booked before `date`
 * (YYYY-MM-DD): the monthly totals of earlier months and the entries of `date`'s month before it.
 */
export async function balanceBefore(db: Database, contractId: string, date: string): Promise<number> {
  const firstOfMonth = monthStart(date);
  const result = await db.execute(sql`
    select
      (select coalesce(sum(${contractMonthTotals.chargesKopecks} - ${contractMonthTotals.creditsKopecks}), 0)
         from ${contractMonthTotals}
        where ${contractMonthTotals.contractId} = ${contractId} and ${contractMonthTotals.month} < ${firstOfMonth})
      +
      (select coalesce(sum(case when ${ledgerEntries.kind} = 'charge' then ${ledgerEntries.amountKopecks}
                                else -${ledgerEntries.amountKopecks} end), 0)
         from ${ledgerEntries}
        where ${ledgerEntries.contractId} = ${contractId}
          and ${ledgerEntries.bookedOn} >= ${firstOfMonth} and ${ledgerEntries.bookedOn} < ${date}) as balance`);
  const [row] = (result as unknown as { rows: Array<{ balance: unknown }> }).rows;
  return sumOf(row?.balance);
}

/** One ledger entry with the track number of its cargo. */
export interface EntryRow {
  id: number;
  kind: LedgerKind;
  amountKopecks: number;
  bookedOn: string;
  dueOn: string | null;
  documentNumber: string;
  documentDate: string;
  description: string;
  trackNumber: string | null;
}

/** The entries booked from `from` to `to` (inclusive), by booking day and id. */
export async function listEntries(db: Database, contractId: string, from: string, to: string): Promise<EntryRow[]> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amountKopecks: ledgerEntries.amountKopecks,
      bookedOn: ledgerEntries.bookedOn,
      dueOn: ledgerEntries.dueOn,
      documentNumber: ledgerEntries.documentNumber,
      documentDate: ledgerEntries.documentDate,
      description: ledgerEntries.description,
      trackNumber: cargos.trackNumber,
    })
    .from(ledgerEntries)
    .leftJoin(cargos, eq(cargos.id, ledgerEntries.cargoId))
    .where(
      and(eq(ledgerEntries.contractId, contractId), gte(ledgerEntries.bookedOn, from), lte(ledgerEntries.bookedOn, to)),
    )
    .orderBy(asc(ledgerEntries.bookedOn), asc(ledgerEntries.id));
  return rows.map((row) => ({ ...row, kind: row.kind as LedgerKind }));
}

/** One document of a period as the reconciliation act lists it: its entries of one kind summed. */
export interface DocumentRow {
  kind: LedgerKind;
  bookedOn: string;
  documentNumber: string;
  documentDate: string;
  amountKopecks: number;
}

/**
 * The documents booked from `from` to `to` (inclusive): the entries of one day, kind and document
 * summed (a cargo's charges are one УПД), in the order of their first entry.
 */
export async function listDocuments(
  db: Database,
  contractId: string,
  from: string,
  to: string,
): Promise<DocumentRow[]> {
  const rows = await db
    .select({
      kind: ledgerEntries.kind,
      bookedOn: ledgerEntries.bookedOn,
      documentNumber: ledgerEntries.documentNumber,
      documentDate: ledgerEntries.documentDate,
      amount: sql<string>`sum(${ledgerEntries.amountKopecks})`,
    })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.contractId, contractId), gte(ledgerEntries.bookedOn, from), lte(ledgerEntries.bookedOn, to)),
    )
    .groupBy(ledgerEntries.bookedOn, ledgerEntries.kind, ledgerEntries.documentNumber, ledgerEntries.documentDate)
    .orderBy(asc(ledgerEntries.bookedOn), sql`min(${ledgerEntries.id})`);
  return rows.map((row) => ({
    kind: row.kind as LedgerKind,
    bookedOn: row.bookedOn,
    documentNumber: row.documentNumber,
    documentDate: row.documentDate,
    amountKopecks: sumOf(row.amount),
  }));
}

/** What a contract booked up to a day: charges, and payments with credit notes. */
export interface BookedTotals {
  chargesKopecks: number;
  creditsKopecks: number;
}

/**
 * Charges and credits (payments, credit notes) booked up to `today` (inclusive) per contract:
 * the monthly totals of the months before today's and this month's entries.
 */
export async function bookedUpTo(
  db: Database,
  contractIds: string[],
  today: string,
): Promise<Map<string, BookedTotals>> {
  const result = new Map<string, BookedTotals>(contractIds.map((id) => [id, { chargesKopecks: 0, creditsKopecks: 0 }]));
  if (contractIds.length === 0) return result;
  const firstOfMonth = monthStart(today);
  const [months, days] = await Promise.all([
    db
      .select({
        contractId: contractMonthTotals.contractId,
        charges: sql<string>`sum(${contractMonthTotals.chargesKopecks})`,
        credits: sql<string>`sum(${contractMonthTotals.creditsKopecks})`,
      })
      .from(contractMonthTotals)
      .where(and(inArray(contractMonthTotals.contractId, contractIds), lt(contractMonthTotals.month, firstOfMonth)))
      .groupBy(contractMonthTotals.contractId),
    db
      .select({
        contractId: ledgerEntries.contractId,
        charges: sql<string>`sum(case when ${ledgerEntries.kind} = 'charge' then ${ledgerEntries.amountKopecks} else 0 end)`,
        credits: sql<string>`sum(case when ${ledgerEntries.kind} = 'charge' then 0 else ${ledgerEntries.amountKopecks} end)`,
      })
      .from(ledgerEntries)
      .where(
        and(
          inArray(ledgerEntries.contractId, contractIds),
          gte(ledgerEntries.bookedOn, firstOfMonth),
          lte(ledgerEntries.bookedOn, today),
        ),
      )
      .groupBy(ledgerEntries.contractId),
  ]);
  for (const row of [...months, ...days]) {
    const totals = result.get(row.contractId);
    if (!totals) continue;
    totals.chargesKopecks += sumOf(row.charges);
    totals.creditsKopecks += sumOf(row.credits);
  }
  return result;
}

/** Charges read per query by {@link latestCharges} at first; each further query reads eight times more. */
export const LATEST_CHARGES_BATCH = 256;

/**
 * The charges of a contract booked up to `today` with the latest due dates, at least
 * `atLeastKopecks` of them (or all there are), summed per due date, ascending. A backward scan of
 * the (contract_id, due_on) index of charges that stops early: what is still open under FIFO is
 * always the latest-due part of the charges, usually a few rows however long the history.
 */
export async function latestCharges(
  db: Database,
  contractId: string,
  today: string,
  atLeastKopecks: number,
  batch = LATEST_CHARGES_BATCH,
): Promise<DueAmount[]> {
  for (let limit = batch; ; limit *= 8) {
    const rows = await db
      .select({ dueOn: ledgerEntries.dueOn, amountKopecks: ledgerEntries.amountKopecks })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.contractId, contractId),
          eq(ledgerEntries.kind, 'charge'),
          lte(ledgerEntries.bookedOn, today),
        ),
      )
      .orderBy(desc(ledgerEntries.dueOn))
      .limit(limit);
    const total = rows.reduce((sum, row) => sum + row.amountKopecks, 0);
    if (total < atLeastKopecks && rows.length === limit) continue;
    const byDue: DueAmount[] = [];
    for (const row of rows.reverse()) {
      const last = byDue.at(-1);
      if (last?.dueOn === row.dueOn) last.amountKopecks += row.amountKopecks;
      else byDue.push({ dueOn: row.dueOn!, amountKopecks: row.amountKopecks });
    }
    return byDue;
  }
}
