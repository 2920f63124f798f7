import type { Database } from '@freight/db';
import { MESSAGES, toIsoDate, type LedgerKind } from '@freight/domain';
import { BO_CONTRACTS_TEXTS } from '@freight/domain/texts/back-office-contracts';
import type {
  BoClientContracts,
  BoContractCreateBodySchema,
  BoContractItem,
  BoPaymentBodySchema,
  BoPaymentResult,
} from '@freight/contracts/back-office-contracts';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { ruDate } from '../orders/cargo-export';
import * as settlementsRepo from '../settlements/settlements.repository';
import { contractPositions } from '../settlements/settlements.service';
import type { BackOfficeDeps } from './back-office.deps';
import type { Audit } from './client-work.service';
import * as repo from './contracts-admin.repository';

/*
 * Contracts and bank payments of business clients in the back-office (issue 16, decision 014):
 * until now only the demo seed wrote them. A staff member gives a company profile a contract and
 * books a payment order from the bank statement to a contract's ledger; the positions shown are
 * the settlements module's own (contractPositions), so the staff see what the client sees. Every
 * change writes the audit log in its transaction.
 */

const T = BO_CONTRACTS_TEXTS;
const E = T.errors;

type CreateBody = z.output<typeof BoContractCreateBodySchema>;
type PaymentBody = z.output<typeof BoPaymentBodySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const asDb = (tx: unknown) => tx as Database;

const profileNotFound = () => new AppError('NOT_FOUND', 404, E.profileNotFound, { account_uuid: E.profileNotFound });
const contractNotFound = () =>
  new AppError('NOT_FOUND', 404, E.contractNotFound, { contract_uuid: E.contractNotFound });
const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, message, { [field]: message });

/** Today in the carrier's (Moscow) time zone, YYYY-MM-DD. */
const todayOf = (deps: BackOfficeDeps) => toIsoDate(deps.clock())!;

/** The profile's contracts (the default first, then the newest) with their positions today. */
async function contractsOfProfile(db: Database, profileId: number, today: string): Promise<BoContractItem[]> {
  return contractPositions(db, await settlementsRepo.listContracts(db, [profileId]), today, null);
}

/** One contract of the profile with its position today. */
async function contractItem(db: Database, profileId: number, contractId: string, today: string) {
  const item = (await contractsOfProfile(db, profileId, today)).find((c) => c.contract.contract_uuid === contractId);
  if (!item) throw contractNotFound();
  return item;
}

/** GET clients/:accountUuid/contracts: the profile's contracts with balance, overdue, credit left. */
export async function listClientContracts(deps: BackOfficeDeps, accountUuid: string): Promise<BoClientContracts> {
  const profile = UUID.test(accountUuid) ? await repo.findProfile(deps.db, accountUuid) : null;
  if (!profile) throw profileNotFound();
  const today = todayOf(deps);
  return {
    account_uuid: profile.accountUuid,
    profile_kind: profile.kind === 'legal' ? 'legal' : 'individual',
    as_of: today,
    contracts: await contractsOfProfile(deps.db, profile.id, today),
  };
}

/**
 * POST clients/:accountUuid/contracts: a contract of a company profile (a personal one is 400).
 * A number the profile already has is 409. A default contract takes the flag from the previous
 * default in the same transaction (the partial unique index allows one per profile).
 */
export async function createContract(
  deps: BackOfficeDeps,
  audit: Audit,
  accountUuid: string,
  body: CreateBody,
): Promise<BoContractItem> {
  if (!UUID.test(accountUuid)) throw profileNotFound();
  const today = todayOf(deps);
  return deps.db.transaction(async (t) => {
    const tx = asDb(t);
    // The lock orders concurrent creations for one profile (number check, default switch).
    const profile = await repo.findProfile(tx, accountUuid, { lock: true });
    if (!profile) throw profileNotFound();
    if (profile.kind !== 'legal') throw invalid('account_uuid', E.personalProfile);
    if (await repo.contractNumberTaken(tx, profile.id, body.number)) {
      throw new AppError('CONFLICT', 409, E.numberTaken, { number: E.numberTaken });
    }
    const previousDefault = body.is_default ? await repo.findDefaultContract(tx, profile.id) : null;
    if (previousDefault) await repo.clearDefault(tx, profile.id);
    const postpayment = body.kind === 'postpayment';
    const values = {
      profileId: profile.id,
      number: body.number,
      signedOn: body.signed_on,
      kind: body.kind,
      creditLimitKopecks: postpayment ? (body.credit_limit_kopecks ?? 0) : null,
      paymentTermDays: postpayment ? (body.payment_term_days ?? 0) : null,
      validFrom: body.valid_from,
      validTo: body.valid_to ?? null,
      isDefault: body.is_default,
    };
    const id = await repo.insertContract(tx, values);
    await audit(tx, {
      action: 'contract.create',
      entityType: 'contract',
      entityId: id,
      after: {
        account_uuid: profile.accountUuid,
        number: values.number,
        signed_on: values.signedOn,
        kind: values.kind,
        credit_limit_kopecks: values.creditLimitKopecks,
        payment_term_days: values.paymentTermDays,
        valid_from: values.validFrom,
        valid_to: values.validTo,
        is_default: values.isDefault,
        previous_default: previousDefault
          ? { contract_uuid: previousDefault.id, number: previousDefault.number }
          : null,
      },
    });
    return contractItem(tx, profile.id, id, today);
  });
}

/**
 * POST contracts/:contractUuid/payments: a payment order booked to the contract's ledger as a
 * `payment` entry (the trigger keeps the monthly totals). It may not be dated in the future nor
 * before the contract took effect (400). Answers the entry and the contract's new position.
 */
export async function recordPayment(
  deps: BackOfficeDeps,
  audit: Audit,
  contractUuid: string,
  body: PaymentBody,
): Promise<BoPaymentResult> {
  if (!UUID.test(contractUuid)) throw contractNotFound();
  const today = todayOf(deps);
  if (body.booked_on > today) throw invalid('booked_on', E.bookedOnFuture);
  return deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const contract = await repo.findContractForUpdate(tx, contractUuid);
    if (!contract) throw contractNotFound();
    if (body.booked_on < contract.validFrom) {
      throw invalid('booked_on', E.bookedOnBeforeContract(ruDate(contract.validFrom)));
    }
    const description = body.description?.trim() || T.paymentDescription(contract.number, ruDate(contract.signedOn));
    const entry = await repo.insertLedgerEntry(tx, {
      contractId: contract.id,
      kind: 'payment',
      amountKopecks: body.amount_kopecks,
      bookedOn: body.booked_on,
      dueOn: null,
      cargoId: null,
      serviceCode: null,
      documentNumber: T.paymentDocument(body.document_number),
      documentDate: body.booked_on,
      description,
    });
    await audit(tx, {
      action: 'contract.payment',
      entityType: 'contract',
      entityId: contract.id,
      after: {
        entry_id: entry.id,
        amount_kopecks: entry.amountKopecks,
        booked_on: entry.bookedOn,
        document_number: entry.documentNumber,
        description: entry.description,
      },
    });
    const item = await contractItem(tx, contract.profileId, contract.id, today);
    const kind = entry.kind as LedgerKind;
    return {
      ...item,
      entry: {
        id: entry.id,
        kind,
        kind_label: MESSAGES.settlements.ledgerKinds[kind],
        booked_on: entry.bookedOn,
        due_on: null,
        document: MESSAGES.settlements.documentWithDate(entry.documentNumber, ruDate(entry.documentDate)),
        description: entry.description,
        track_number: null,
        debit_kopecks: 0,
        credit_kopecks: entry.amountKopecks,
      },
    };
  });
}
