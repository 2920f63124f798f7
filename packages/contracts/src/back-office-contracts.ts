import { z } from 'zod';
import { isIsoDate } from '@freight/domain/dates';
import { CONTRACT_KINDS } from '@freight/domain/finance';
import { cleanedString } from '@freight/domain/text-schema';
import {
  BO_CONTRACT_NUMBER_MAX_LENGTH,
  BO_CONTRACTS_TEXTS,
  BO_MONEY_MAX_KOPECKS,
  BO_PAYMENT_DESCRIPTION_MAX_LENGTH,
  BO_PAYMENT_TERM_MAX_DAYS,
} from '@freight/domain/texts/back-office-contracts';
import { ContractSchema, LedgerEntrySchema, SettlementPositionSchema } from './settlements';

/*
 * The back-office's contracts and bank payments of business clients (issue 16, decision 014),
 * under /api/v1/back-office/: a company profile's contracts with their positions, a new
 * contract, a payment order from the bank statement booked to a contract's ledger.
 */

const E = BO_CONTRACTS_TEXTS.errors;

const isoDate = z.string({ error: E.dateInvalid }).trim().refine(isIsoDate, { error: E.dateInvalid });

/** POST clients/:accountUuid/contracts: a new contract of a company profile. */
export const BoContractCreateBodySchema = z
  .strictObject({
    number: cleanedString({}, E.numberRequired)
      .min(1, { error: E.numberRequired })
      .max(BO_CONTRACT_NUMBER_MAX_LENGTH, { error: E.numberTooLong }),
    signed_on: isoDate,
    kind: z.enum(CONTRACT_KINDS, { error: E.kindInvalid }),
    /** Postpayment only (and required there): kopecks, 0 … 10^11. */
    credit_limit_kopecks: z
      .number({ error: E.creditLimitInvalid })
      .int({ error: E.creditLimitInvalid })
      .min(0, { error: E.creditLimitInvalid })
      .max(BO_MONEY_MAX_KOPECKS, { error: E.creditLimitInvalid })
      .nullish(),
    /** Postpayment only (and required there): calendar days, 0 … 365. */
    payment_term_days: z
      .number({ error: E.paymentTermInvalid })
      .int({ error: E.paymentTermInvalid })
      .min(0, { error: E.paymentTermInvalid })
      .max(BO_PAYMENT_TERM_MAX_DAYS, { error: E.paymentTermInvalid })
      .nullish(),
    valid_from: isoDate,
    /** Empty: open-ended. */
    valid_to: isoDate.nullish(),
    /** New bank-transfer orders are charged to the default contract; one per profile. */
    is_default: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const limit = value.credit_limit_kopecks ?? null;
    const term = value.payment_term_days ?? null;
    if (value.kind === 'postpayment') {
      if (limit === null)
        ctx.addIssue({ code: 'custom', path: ['credit_limit_kopecks'], message: E.creditLimitRequired });
      if (term === null) ctx.addIssue({ code: 'custom', path: ['payment_term_days'], message: E.paymentTermRequired });
    } else {
      if (limit !== null)
        ctx.addIssue({ code: 'custom', path: ['credit_limit_kopecks'], message: E.creditLimitForbidden });
      if (term !== null) ctx.addIssue({ code: 'custom', path: ['payment_term_days'], message: E.paymentTermForbidden });
    }
    if (value.valid_to && value.valid_to < value.valid_from) {
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: E.validToBeforeFrom });
    }
  });
export type BoContractCreateBody = z.input<typeof BoContractCreateBodySchema>;

/** POST contracts/:contractUuid/payments: a payment order from the bank statement. */
export const BoPaymentBodySchema = z.strictObject({
  /** Kopecks, more than 0 and at most 10^11 (1 000 000 000 ₽). */
  amount_kopecks: z
    .number({ error: E.amountInvalid })
    .int({ error: E.amountInvalid })
    .min(1, { error: E.amountInvalid })
    .max(BO_MONEY_MAX_KOPECKS, { error: E.amountInvalid }),
  /** The day the money arrived (Moscow): not in the future, not before the contract's start. */
  booked_on: isoDate,
  /** The payment order's number; a leading «П/п №» is dropped, the ledger writes «П/п № …». */
  document_number: cleanedString({}, E.documentRequired)
    .overwrite((value) => value.replace(/^п\/п\s*№?\s*/i, ''))
    .min(1, { error: E.documentRequired })
    .max(BO_CONTRACT_NUMBER_MAX_LENGTH, { error: E.documentTooLong }),
  /** The purpose of payment; empty: «Оплата по договору № … от …». */
  description: cleanedString().max(BO_PAYMENT_DESCRIPTION_MAX_LENGTH, { error: E.descriptionTooLong }).nullish(),
});
export type BoPaymentBody = z.input<typeof BoPaymentBodySchema>;

/** A contract with its position today (the same figures the client's summary shows). */
export const BoContractItemSchema = z
  .object({ contract: ContractSchema, position: SettlementPositionSchema })
  .meta({ id: 'BoContractItem' });
export type BoContractItem = z.infer<typeof BoContractItemSchema>;

/** GET clients/:accountUuid/contracts. */
export const BoClientContractsSchema = z
  .object({
    account_uuid: z.string(),
    /** Contracts are given to company profiles (`legal`) only. */
    profile_kind: z.enum(['individual', 'legal']),
    as_of: z.string().meta({ description: 'Today, YYYY-MM-DD (Moscow)' }),
    contracts: z.array(BoContractItemSchema),
  })
  .meta({ id: 'BoClientContracts' });
export type BoClientContracts = z.infer<typeof BoClientContractsSchema>;

/** POST contracts/:contractUuid/payments: the entry booked and the contract's new position. */
export const BoPaymentResultSchema = BoContractItemSchema.extend({ entry: LedgerEntrySchema }).meta({
  id: 'BoPaymentResult',
});
export type BoPaymentResult = z.infer<typeof BoPaymentResultSchema>;
