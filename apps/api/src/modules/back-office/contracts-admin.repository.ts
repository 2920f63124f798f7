import { and, eq, ne } from 'drizzle-orm';
import { clientProfiles, contracts, ledgerEntries, type Database } from '@freight/db';

/*
 * The back-office's writes to a client's contracts and ledger (issue 16, decision 014). Reading
 * contracts and positions is the settlements module's (settlements.repository listContracts,
 * settlements.service contractPositions); this file only adds what a staff member changes.
 */

/** A client profile by its account_uuid (a valid UUID), optionally locked for the transaction. */
export async function findProfile(
  db: Database,
  accountUuid: string,
  options: { lock?: boolean } = {},
): Promise<{ id: number; accountUuid: string; kind: string; name: string } | null> {
  const query = db
    .select({
      id: clientProfiles.id,
      accountUuid: clientProfiles.accountUuid,
      kind: clientProfiles.kind,
      name: clientProfiles.name,
    })
    .from(clientProfiles)
    .where(eq(clientProfiles.accountUuid, accountUuid));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Whether the profile already has a contract with this number (numbers are unique per profile). */
export async function contractNumberTaken(db: Database, profileId: number, number: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.profileId, profileId), eq(contracts.number, number)))
    .limit(1);
  return row !== undefined;
}

/** The profile's default contract, if any. */
export async function findDefaultContract(
  db: Database,
  profileId: number,
): Promise<{ id: string; number: string } | null> {
  const [row] = await db
    .select({ id: contracts.id, number: contracts.number })
    .from(contracts)
    .where(and(eq(contracts.profileId, profileId), eq(contracts.isDefault, true)));
  return row ?? null;
}

/** Clears the default flag of the profile's contracts other than `keepId` (none when null). */
export async function clearDefault(db: Database, profileId: number, keepId: string | null = null): Promise<void> {
  const where = and(eq(contracts.profileId, profileId), eq(contracts.isDefault, true));
  await db
    .update(contracts)
    .set({ isDefault: false })
    .where(keepId ? and(where, ne(contracts.id, keepId)) : where);
}

export type NewContract = typeof contracts.$inferInsert;

/** Inserts a contract and returns its id (the contract_uuid). */
export async function insertContract(db: Database, values: NewContract): Promise<string> {
  const [row] = await db.insert(contracts).values(values).returning({ id: contracts.id });
  return row!.id;
}

/** A contract (by a valid UUID) with what booking a payment needs, locked for the transaction. */
export async function findContractForUpdate(
  db: Database,
  contractId: string,
): Promise<{ id: string; profileId: number; number: string; signedOn: string; validFrom: string } | null> {
  const [row] = await db
    .select({
      id: contracts.id,
      profileId: contracts.profileId,
      number: contracts.number,
      signedOn: contracts.signedOn,
      validFrom: contracts.validFrom,
    })
    .from(contracts)
    .where(eq(contracts.id, contractId))
    .for('update');
  return row ?? null;
}

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** Appends a ledger entry (the trigger updates the monthly totals in the same transaction). */
export async function insertLedgerEntry(db: Database, values: NewLedgerEntry) {
  const [row] = await db.insert(ledgerEntries).values(values).returning();
  return row!;
}
