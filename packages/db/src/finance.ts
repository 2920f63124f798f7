import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type CargoStatus,
  type ContractKind,
  cargoCharges,
  chargeDueOn,
  chargesOnStatus,
  MESSAGES,
  toIsoDate,
} from '@freight/domain';
import type { Database } from './client';
import { contracts, ledgerEntries } from './schema/finance';
import { cargos, type CargoPriceLine } from './schema/orders';

/*
 * Writing the settlement ledger (issue 16, decision 014), shared by the API (a cargo's status
 * change, order creation) and the demo seed, so demo figures come from the same rules.
 */

/**
 * The contract a new order of `profileId` is charged to: the profile's default contract valid on
 * `on` (YYYY-MM-DD), or null (no contract: the order is paid by cash or card).
 */
export async function defaultContractFor(db: Database, profileId: number, on: string): Promise<string | null> {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.profileId, profileId),
        eq(contracts.isDefault, true),
        lte(contracts.validFrom, on),
        or(isNull(contracts.validTo), gte(contracts.validTo, on)),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The document a cargo's charges go under: the universal transfer document (УПД) of the cargo. */
export function chargeDocumentNumber(trackNumber: string): string {
  return MESSAGES.settlements.chargeDocument(trackNumber);
}

export interface BookedCharges {
  /** Charges written now (0 when the status does not charge, or they were booked before). */
  charged: number;
  /** Credit notes written now (a prepaid cargo cancelled). */
  credited: number;
  /** The sum of the charges written now, kopecks (0 when none). */
  chargedKopecks: number;
  /** The contract the entries went to, when any were written. */
  contractId: string | null;
}

/**
 * Books what a cargo's move to `status` at `at` means for its contract, in the caller's
 * transaction: the charges of its price lines when the contract's kind charges on this status
 * (one per cargo and service: booking twice writes nothing), or — when a charged cargo is
 * cancelled — one credit note of all its charges (once: a second cancellation writes nothing).
 * Entries are dated the Moscow day of `at`. A cargo without a contract writes nothing.
 */
export async function bookCargoStatus(
  tx: Database,
  cargoId: number,
  status: CargoStatus,
  at: Date,
): Promise<BookedCharges> {
  const [cargo] = await tx
    .select({
      trackNumber: cargos.trackNumber,
      priceLines: cargos.priceLines,
      contractId: cargos.contractId,
      kind: contracts.kind,
      paymentTermDays: contracts.paymentTermDays,
    })
    .from(cargos)
    .innerJoin(contracts, eq(contracts.id, cargos.contractId))
    .where(eq(cargos.id, cargoId));
  const none: BookedCharges = { charged: 0, credited: 0, chargedKopecks: 0, contractId: null };
  if (!cargo || !cargo.contractId) return none;
  const bookedOn = toIsoDate(at)!;
  const kind = cargo.kind as ContractKind;
  if (chargesOnStatus(kind, status)) {
    const charges = cargoCharges(cargo.priceLines as CargoPriceLine[]);
    if (charges.length === 0) return none;
    const dueOn = chargeDueOn({ kind, paymentTermDays: cargo.paymentTermDays }, bookedOn);
    const written = await tx
      .insert(ledgerEntries)
      .values(
        charges.map((charge) => ({
          contractId: cargo.contractId!,
          kind: 'charge',
          amountKopecks: charge.amountKopecks,
          bookedOn,
          dueOn,
          cargoId,
          serviceCode: charge.serviceCode,
          documentNumber: chargeDocumentNumber(cargo.trackNumber),
          documentDate: bookedOn,
          description: MESSAGES.settlements.chargeDescription(charge.title, cargo.trackNumber),
        })),
      )
      .onConflictDoNothing({
        target: [ledgerEntries.cargoId, ledgerEntries.serviceCode],
        where: sql`${ledgerEntries.kind} = 'charge'`,
      })
      .returning({ id: ledgerEntries.id, amountKopecks: ledgerEntries.amountKopecks });
    return {
      charged: written.length,
      credited: 0,
      chargedKopecks: written.reduce((sum, w) => sum + w.amountKopecks, 0),
      contractId: written.length > 0 ? cargo.contractId : null,
    };
  }
  if (status === 'cancelled') {
    const charged = await tx
      .select({ amount: ledgerEntries.amountKopecks, serviceCode: ledgerEntries.serviceCode })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.cargoId, cargoId), eq(ledgerEntries.kind, 'charge')))
      .orderBy(desc(ledgerEntries.id));
    const already = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.cargoId, cargoId), eq(ledgerEntries.kind, 'credit_note')));
    if (charged.length === 0 || (already[0]?.n ?? 0) > 0) return none;
    const total = charged.reduce((sum, c) => sum + c.amount, 0);
    await tx.insert(ledgerEntries).values({
      contractId: cargo.contractId,
      kind: 'credit_note',
      amountKopecks: total,
      bookedOn,
      dueOn: null,
      cargoId,
      serviceCode: null,
      documentNumber: MESSAGES.settlements.creditNoteDocument(cargo.trackNumber),
      documentDate: bookedOn,
      description: MESSAGES.settlements.creditNoteDescription(cargo.trackNumber),
    });
    return { charged: 0, credited: 1, chargedKopecks: 0, contractId: cargo.contractId };
  }
  return none;
}
