import { MESSAGES, amountInWords, formatDocumentRub } from '@freight/domain';
import type { CarrierRequisites } from '../../config/env';
import { ruDate } from '../orders/cargo-export';

/*
 * The акт сверки взаимных расчётов (reconciliation act) of a contract for a period, as both the
 * PDF and the XLSX print it: the carrier's side filled from the ledger, the client's side left
 * for the client to fill. Debit is what the client owes (charges), credit what settles it
 * (payments, credit notes); a balance is the client's debt when positive.
 */

const R = MESSAGES.settlements.reconciliation;

/** One line of the carrier's side: a document of the period. */
export interface ReconciliationRow {
  /** YYYY-MM-DD, the day it was booked. */
  date: string;
  /** «Оказание услуг (УПД № MG-… от 05.07.2026)». */
  operation: string;
  debitKopecks: number;
  creditKopecks: number;
}

export interface ReconciliationAct {
  carrier: CarrierRequisites;
  client: { name: string; inn: string | null; kpp: string | null };
  contract: { number: string; signedOn: string };
  /** The period, YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
  /** The balance before `from`. */
  openingKopecks: number;
  rows: ReconciliationRow[];
  debitTotalKopecks: number;
  creditTotalKopecks: number;
  /** The balance at the end of `to`. */
  closingKopecks: number;
}

/** Progress of rendering an act: called now and then with the document rows drawn so far. */
export interface ReconciliationProgress {
  onRows?: (rowsDone: number) => Promise<void>;
}

/** A balance in its column: a debt on the debit side, an advance on the credit side, zero in neither. */
export function balanceSides(kopecks: number): { debit: number | null; credit: number | null } {
  if (kopecks > 0) return { debit: kopecks, credit: null };
  if (kopecks < 0) return { debit: null, credit: -kopecks };
  return { debit: null, credit: null };
}

/** «Акт сверки взаимных расчётов за период с … по … между … и … по договору № … от …». */
export function actTitle(act: ReconciliationAct): string {
  return `${R.heading(ruDate(act.from), ruDate(act.to))} ${R.parties(
    act.carrier.name,
    act.client.name,
    act.contract.number,
    ruDate(act.contract.signedOn),
  )}`;
}

/** «По данным … на … задолженность в пользу … составляет N ₽ (прописью).» or «… задолженность отсутствует.» */
export function actConclusion(act: ReconciliationAct): string {
  const date = ruDate(act.to);
  if (act.closingKopecks === 0) return R.noDebt(act.carrier.name, date);
  const amount = Math.abs(act.closingKopecks);
  const creditor = act.closingKopecks > 0 ? act.carrier.name : act.client.name;
  return R.debt(act.carrier.name, date, creditor, formatDocumentRub(amount), amountInWords(amount));
}

/** Download names: `reconciliation-2026-07-21-2026-09-15.pdf` and «Акт сверки П-2026-1 21.07.2026–15.09.2026.pdf». */
export function actFileNames(act: ReconciliationAct, extension: 'pdf' | 'xlsx'): { ascii: string; utf8: string } {
  // Letters, digits, spaces and «.-_№» only: «/» and the like are not allowed in file names.
  const contract = act.contract.number.replace(/[^\p{L}\p{N} ._№-]+/gu, '-');
  return {
    ascii: `reconciliation-${act.from}-${act.to}.${extension}`,
    utf8: `${R.fileName(contract, ruDate(act.from), ruDate(act.to))}.${extension}`,
  };
}
