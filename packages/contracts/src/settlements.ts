import { z } from 'zod';
import { CONTRACT_KINDS, LEDGER_KINDS, MESSAGES, isIsoDate } from '@freight/domain';

/*
 * Settlements of a business client (issue 16, decision 014): contracts, a month's review, the
 * summary of balances and the reconciliation act. Amounts are integer kopecks; a balance is the
 * client's debt when positive and an advance when negative.
 */

const S = MESSAGES.settlements;

/** Up to 20 account_uuid values, comma-separated (spec: «comma-separated list»). */
export const AccountUuidListSchema = z
  .string({ error: S.accountsRequired })
  .transform((value) => [...new Set(value.split(',').map((part) => part.trim()))].filter((part) => part !== ''))
  .pipe(
    z
      .array(z.string().max(64, { error: MESSAGES.team.profileNotFound }))
      .min(1, { error: S.accountsRequired })
      .max(20, { error: S.accountsTooMany }),
  );

const contractUuid = z
  .string({ error: S.contractNotFound })
  .trim()
  .min(1, { error: S.contractNotFound })
  .max(64, { error: S.contractNotFound });

const isoDate = z.string({ error: S.dateInvalid }).trim().refine(isIsoDate, { error: S.dateInvalid });

/** GET /user/settlements/contracts?account_uuid=a,b */
export const SettlementContractsQuerySchema = z.object({ account_uuid: AccountUuidListSchema });

/** GET /user/settlements/summary?account_uuid=a,b */
export const SettlementSummaryQuerySchema = z.object({ account_uuid: AccountUuidListSchema });

/** GET /user/settlements/review?contract_uuid&year&month */
export const SettlementReviewQuerySchema = z.object({
  contract_uuid: contractUuid,
  year: z.coerce
    .number({ error: S.yearInvalid })
    .int({ error: S.yearInvalid })
    .min(2000, { error: S.yearInvalid })
    .max(2100, { error: S.yearInvalid }),
  month: z.coerce
    .number({ error: S.monthInvalid })
    .int({ error: S.monthInvalid })
    .min(1, { error: S.monthInvalid })
    .max(12, { error: S.monthInvalid }),
});

/** GET /user/settlements/reconciliation?contract_uuid&date_from&date_to&format (not in the spec). */
export const ReconciliationQuerySchema = z
  .object({
    contract_uuid: contractUuid,
    date_from: isoDate,
    date_to: isoDate,
    format: z.enum(['pdf', 'xlsx'], { error: S.formatInvalid }).default('pdf'),
  })
  .superRefine((value, ctx) => {
    if (value.date_from > value.date_to) {
      ctx.addIssue({ code: 'custom', path: ['date_from'], message: S.periodReversed });
    }
  });

export const ContractSchema = z
  .object({
    contract_uuid: z.string(),
    account_uuid: z.string(),
    profile_name: z.string(),
    number: z.string().meta({ description: 'Договор № …' }),
    signed_on: z.string().meta({ description: 'YYYY-MM-DD' }),
    kind: z.enum(CONTRACT_KINDS),
    kind_label: z.string(),
    credit_limit_kopecks: z.number().int().nullable().meta({ description: 'Postpayment only' }),
    payment_term_days: z.number().int().nullable().meta({ description: 'Postpayment only: calendar days' }),
    valid_from: z.string(),
    valid_to: z.string().nullable(),
    is_default: z.boolean().meta({ description: 'New bank-transfer orders are charged to it' }),
    is_active: z.boolean().meta({ description: 'Valid today' }),
  })
  .meta({ id: 'Contract' });
export type Contract = z.infer<typeof ContractSchema>;

export const ContractListSchema = z.object({ contracts: z.array(ContractSchema) }).meta({ id: 'ContractList' });
export type ContractList = z.infer<typeof ContractListSchema>;

export const LedgerEntrySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(LEDGER_KINDS),
    kind_label: z.string(),
    booked_on: z.string(),
    due_on: z.string().nullable(),
    document: z.string().meta({ description: 'Document number and date: «УПД № … от …», «П/п № … от …»' }),
    description: z.string(),
    track_number: z.string().nullable(),
    /** The client's debt grows by charges (debit) and shrinks by payments and credit notes (credit). */
    debit_kopecks: z.number().int(),
    credit_kopecks: z.number().int(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const SettlementReviewSchema = z
  .object({
    contract: ContractSchema,
    year: z.number().int(),
    month: z.number().int(),
    period: z.object({ from: z.string(), to: z.string() }),
    opening_balance_kopecks: z
      .number()
      .int()
      .meta({ description: 'Debt (+) or advance (−) at the start of the month' }),
    entries: z.array(LedgerEntrySchema),
    debit_total_kopecks: z.number().int(),
    credit_total_kopecks: z.number().int(),
    closing_balance_kopecks: z.number().int(),
  })
  .meta({ id: 'SettlementReview' });
export type SettlementReview = z.infer<typeof SettlementReviewSchema>;

export const SettlementPositionSchema = z
  .object({
    balance_kopecks: z.number().int().meta({ description: 'Debt (+) or advance (−) today' }),
    debt_kopecks: z.number().int(),
    advance_kopecks: z.number().int(),
    overdue_kopecks: z.number().int(),
    credit_limit_kopecks: z.number().int().nullable(),
    credit_left_kopecks: z.number().int().nullable(),
    next_payment: z.object({ due_on: z.string(), amount_kopecks: z.number().int() }).nullable(),
  })
  .meta({ id: 'SettlementPosition' });
export type SettlementPosition = z.infer<typeof SettlementPositionSchema>;

export const SettlementSummarySchema = z
  .object({
    as_of: z.string().meta({ description: 'Today, YYYY-MM-DD (Moscow)' }),
    total: SettlementPositionSchema,
    contracts: z.array(z.object({ contract: ContractSchema, position: SettlementPositionSchema })),
  })
  .meta({ id: 'SettlementSummary' });
export type SettlementSummary = z.infer<typeof SettlementSummarySchema>;
