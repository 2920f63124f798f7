import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './index';
import { cargos } from './orders';
import { clientProfiles } from './profiles';
import { offers, staffUsers } from './staff';

/**
 * Contracts of a client profile (issue 16, decision 014). `id` is the `contract_uuid` of the
 * API. A prepayment contract has neither a credit limit nor a payment term; a postpayment one
 * has both. The profile's default contract is the one new non-cash orders are charged to.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => clientProfiles.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    signedOn: date('signed_on').notNull(),
    /** prepayment | postpayment (domain finance.ts CONTRACT_KINDS) */
    kind: text('kind').notNull(),
    creditLimitKopecks: bigint('credit_limit_kopecks', { mode: 'number' }),
    /** Calendar days from the charge to its due date (postpayment). */
    paymentTermDays: integer('payment_term_days'),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contracts_profile_number_unique').on(t.profileId, t.number),
    uniqueIndex('contracts_profile_default_unique')
      .on(t.profileId)
      .where(sql`${t.isDefault}`),
    check('contracts_kind', sql`${t.kind} in ('prepayment', 'postpayment')`),
    check(
      'contracts_terms',
      sql`(${t.kind} = 'prepayment' and ${t.creditLimitKopecks} is null and ${t.paymentTermDays} is null) or (${t.kind} = 'postpayment' and ${t.creditLimitKopecks} >= 0 and ${t.paymentTermDays} between 0 and 365)`,
    ),
    check('contracts_period', sql`${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`),
  ],
);

/**
 * The settlement ledger of a contract: charges (the carrier's services: one per cargo and per
 * price line), payments (bank transfers) and credit notes (a charge taken back, e.g. a prepaid
 * cargo cancelled). Amounts are positive kopecks; the kind says the direction. `due_on` is when
 * a charge must be paid (postpayment: booked_on + payment term; prepayment: booked_on). Rows are
 * never updated: a mistake is corrected by a credit note. {@link contractMonthTotals} is kept
 * current by a trigger in the same transaction.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** charge | payment | credit_note */
    kind: text('kind').notNull(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    bookedOn: date('booked_on').notNull(),
    dueOn: date('due_on'),
    cargoId: bigint('cargo_id', { mode: 'number' }).references(() => cargos.id, { onDelete: 'set null' }),
    /** The price line a charge is for (freight, insurance, pickup…). */
    serviceCode: text('service_code'),
    documentNumber: text('document_number').notNull(),
    documentDate: date('document_date').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_contract_booked_idx').on(t.contractId, t.bookedOn, t.id),
    index('ledger_entries_contract_due_idx')
      .on(t.contractId, t.dueOn, t.amountKopecks)
      .where(sql`${t.kind} = 'charge'`),
    uniqueIndex('ledger_entries_cargo_service_unique')
      .on(t.cargoId, t.serviceCode)
      .where(sql`${t.kind} = 'charge'`),
    index('ledger_entries_cargo_idx').on(t.cargoId),
    check('ledger_entries_kind', sql`${t.kind} in ('charge', 'payment', 'credit_note')`),
    check('ledger_entries_amount', sql`${t.amountKopecks} > 0`),
    check('ledger_entries_due', sql`(${t.kind} = 'charge') = (${t.dueOn} is not null)`),
  ],
);

/**
 * Monthly totals of a contract's ledger (first day of the month), written by the trigger of
 * `ledger_entries` in the transaction that writes an entry: a month's opening balance is the sum
 * of the months before it, read from here rather than from every entry.
 */
export const contractMonthTotals = pgTable(
  'contract_month_totals',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    chargesKopecks: bigint('charges_kopecks', { mode: 'number' }).notNull().default(0),
    creditsKopecks: bigint('credits_kopecks', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'contract_month_totals_pk', columns: [t.contractId, t.month] })],
);

/** An offer a client profile took (GET /user/take_offer): once per offer and profile. */
export const offerAcceptances = pgTable(
  'offer_acceptances',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => clientProfiles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'offer_acceptances_pk', columns: [t.offerId, t.profileId] }),
    index('offer_acceptances_profile_idx').on(t.profileId),
  ],
);

/** A client's rating of their personal manager: 1–5 with a comment, once per user, manager and month. */
export const managerRatings = pgTable(
  'manager_ratings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => clientProfiles.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** The first day of the month the rating is for (Moscow time). */
    month: date('month').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('manager_ratings_once_a_month').on(t.userId, t.staffId, t.month),
    index('manager_ratings_staff_idx').on(t.staffId, t.createdAt),
    check('manager_ratings_rating', sql`${t.rating} between 1 and 5`),
  ],
);
