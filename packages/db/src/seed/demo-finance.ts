import { and, asc, eq, inArray, isNull, like, notLike, or, sql } from 'drizzle-orm';
import {
  RU_PRODUCTION_CALENDAR,
  addCalendarDays,
  formatLongDate,
  monthBounds,
  monthStart,
  toIsoDate,
  type CargoStatus,
  type ContractKind,
} from '@freight/domain';
import type { Database } from '../client';
import { bookCargoStatus } from '../finance';
import { clientDiscounts } from '../schema/pricing';
import { contracts, ledgerEntries, offerAcceptances } from '../schema/finance';
import { cargoStatusHistory, cargos } from '../schema/orders';
import { clientProfiles } from '../schema/profiles';
import { offers } from '../schema/staff';
import { DEMO_CARGO_COUNT, DEMO_COMPANY, demoTrackNumber } from './demo-cargo';

/*
 * The demo company's money (issue 16), so the settlements, analytics, discounts and offers
 * screens have real numbers on the first start of DEMO_MODE: two contracts, the ledger of its
 * demo cargos written by the product's own rule (bookCargoStatus), payments computed from those
 * charges, a personal discount and two offers. Every figure follows from the demo cargos and
 * `now`; nothing is a typed total.
 */

const DAY = 86_400_000;

/**
 * The demo company's contracts. The number is the series and the two-digit year of signing
 * («МГ-0147/25»); a contract is found again by its series. The postpayment one (транспортной
 * экспедиции, the default: new bank-transfer orders are charged to it) was signed about
 * thirteen months ago, before the oldest demo cargo; the prepayment one (express transport)
 * some nine months ago, before the oldest express cargo of the company.
 */
export const DEMO_CONTRACTS = {
  postpayment: {
    series: 'МГ-0147',
    suffix: '',
    kind: 'postpayment',
    signedDaysAgo: 395,
    /** 100 000 ₽ (the company ships some 35 000 ₽ a year at today's tariffs: the limit is never near). */
    creditLimitKopecks: 10_000_000,
    paymentTermDays: 14,
    isDefault: true,
  },
  prepayment: {
    series: 'МГ-0211',
    suffix: '-Э',
    kind: 'prepayment',
    signedDaysAgo: 270,
    creditLimitKopecks: null,
    paymentTermDays: null,
    isDefault: false,
  },
} as const satisfies Record<
  ContractKind,
  {
    series: string;
    suffix: string;
    kind: ContractKind;
    signedDaysAgo: number;
    creditLimitKopecks: number | null;
    paymentTermDays: number | null;
    isDefault: boolean;
  }
>;

/** «МГ-0147/25»: the series, «/», the year of signing (two digits), the suffix. */
export function demoContractNumber(kind: ContractKind, signedOn: string): string {
  const contract = DEMO_CONTRACTS[kind];
  return `${contract.series}/${signedOn.slice(2, 4)}${contract.suffix}`;
}

/** The demo client's personal discount (client_discounts): 5 %, granted four months ago. */
export const DEMO_DISCOUNT = { discountBp: 500, grantedDaysAgo: 120 } as const;

/**
 * The postpayment client pays each invoice (one per cargo: «Счёт на оплату № <трек>») a few
 * days after it is issued — within the term, but every fifth a few days late — except the
 * {@link UNPAID_NEWEST} newest, which its accountant has not paid yet: with the demo cargos'
 * dates one of them is a few days overdue and the other due in about a week.
 */
const UNPAID_NEWEST = 2;
const payDelayDays = (k: number, termDays: number) => (k % 5 === 2 ? termDays + 3 : 4 + ((k * 5) % 9));

/** The prepayment client tops the advance up in whole 10 000 ₽ before each express cargo it cannot cover. */
const TOP_UP_STEP_KOPECKS = 1_000_000;

/** The client's payment orders are numbered on, about two a day since the first contract was signed. */
const paymentOrderBase = (firstSignedOn: string, paidOn: string) =>
  1000 + 2 * Math.round((Date.parse(`${paidOn}T00:00:00Z`) - Date.parse(`${firstSignedOn}T00:00:00Z`)) / DAY);

/**
 * The working day on (or else the nearest before / after) an ISO date: contracts are signed and
 * payment orders sent on working days.
 */
function workingDay(isoDate: string, direction: 'before' | 'after' = 'before'): string {
  let day = isoDate;
  while (!RU_PRODUCTION_CALENDAR.isWorkingDay(day)) day = addCalendarDays(day, direction === 'before' ? -1 : 1);
  return day;
}

/** The day a demo contract was signed: {@link DEMO_CONTRACTS}' days before today, on a working day. */
export function demoContractSignedOn(kind: ContractKind, today: string): string {
  return workingDay(addCalendarDays(today, -DEMO_CONTRACTS[kind].signedDaysAgo));
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', as bank documents print a date. */
const dotted = (isoDate: string) => isoDate.split('-').reverse().join('.');

/**
 * The demo client's personal discount, brought to {@link DEMO_DISCOUNT} on every run
 * (idempotent). Returns when it was granted: the demo cargos ordered since are priced with it.
 */
export async function seedDemoDiscount(db: Database, userId: number, now: Date = new Date()): Promise<Date> {
  const since = new Date(now.getTime() - DEMO_DISCOUNT.grantedDaysAgo * DAY);
  await db
    .insert(clientDiscounts)
    .values({ userId, discountBp: DEMO_DISCOUNT.discountBp, createdAt: since })
    .onConflictDoUpdate({
      target: clientDiscounts.userId,
      set: { discountBp: DEMO_DISCOUNT.discountBp, createdAt: since },
    });
  return since;
}

/** The titles of the demo offers, by which they are found again. */
export const DEMO_OFFER_TITLES = {
  company: 'Скидка 7\u00a0% на все перевозки до конца квартала',
  monthly: 'Скидка 10\u00a0% на перевозки до конца месяца',
} as const;

/**
 * The two offers of the demo, both discounts pricing applies once taken (decision 014): 7 % for
 * the demo company till the quarter's end, 10 % for every company till the month's end.
 */
export function demoOffers(today: string, companyProfileId: number) {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const quarterEnd = monthBounds(year, Math.ceil(month / 3) * 3).to;
  const monthEnd = monthBounds(year, month).to;
  const notCumulative = 'Скидка не суммируется с персональной: применяется та, что больше.';
  return [
    {
      title: DEMO_OFFER_TITLES.company,
      description: 'Для ООО «Демо Логистик»: все перевозки на 7\u00a0% дешевле тарифа до конца квартала.',
      conditions:
        `Для заявок от имени ООО «Демо Логистик», оформленных по ${formatLongDate(quarterEnd)} включительно. ` +
        notCumulative,
      discountPercent: 7,
      profileId: companyProfileId,
      validFrom: monthStart(today),
      validTo: quarterEnd,
    },
    {
      title: DEMO_OFFER_TITLES.monthly,
      description: 'Всем компаниям-клиентам: перевозки на 10\u00a0% дешевле тарифа до конца месяца.',
      conditions: `Для заявок от имени компании, оформленных по ${formatLongDate(monthEnd)} включительно. ${notCumulative}`,
      discountPercent: 10,
      profileId: null,
      validFrom: monthStart(today),
      validTo: monthEnd,
    },
  ];
}

export interface DemoFinanceResult {
  companyProfileId: number;
  contractIds: Record<ContractKind, string>;
}

/**
 * The demo company's contracts, ledger and offers; run after seedDemoCargo (it needs the
 * company and its demo cargos). Idempotent:
 * - the contracts are found by profile and series and brought to {@link DEMO_CONTRACTS};
 * - the company's demo cargos are charged to them (express → prepayment, the rest →
 *   postpayment) and their ledger is written again: the old demo entries (those of the demo
 *   cargos, and every payment) are deleted — the trigger keeps contract_month_totals right —
 *   then every status of every cargo's history is booked in time order with bookCargoStatus,
 *   and the payments are computed from the charges (see {@link UNPAID_NEWEST},
 *   {@link TOP_UP_STEP_KOPECKS}); each cargo's paid flag follows its invoice;
 * - the offers are found by title and updated (seedDemo takes back the company's acceptances
 *   first: {@link untakeDemoOffers}).
 * Charges of cargos that are not demo cargos (orders placed in the demo) are kept.
 * Does nothing when the company is missing (no reference data: no demo cargos).
 */
export async function seedDemoFinance(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<DemoFinanceResult | null> {
  const [company] = await db
    .select({ id: clientProfiles.id })
    .from(clientProfiles)
    .where(
      and(
        eq(clientProfiles.kind, 'legal'),
        eq(clientProfiles.inn, DEMO_COMPANY.inn),
        eq(clientProfiles.kpp, DEMO_COMPANY.kpp),
      ),
    );
  if (!company) return null;
  const today = toIsoDate(now)!;
  const contractIds = await ensureDemoContracts(db, company.id, today);
  await db.transaction(async (tx) => writeDemoLedger(tx, userId, company.id, contractIds, today));
  await seedDemoOffers(db, company.id, today);
  return { companyProfileId: company.id, contractIds };
}

async function ensureDemoContracts(
  db: Database,
  profileId: number,
  today: string,
): Promise<Record<ContractKind, string>> {
  const ids = {} as Record<ContractKind, string>;
  // The prepayment contract first: the postpayment one takes the profile's default mark.
  for (const kind of ['prepayment', 'postpayment'] as const) {
    const contract = DEMO_CONTRACTS[kind];
    const signedOn = demoContractSignedOn(kind, today);
    const values = {
      number: demoContractNumber(kind, signedOn),
      signedOn,
      kind,
      creditLimitKopecks: contract.creditLimitKopecks,
      paymentTermDays: contract.paymentTermDays,
      validFrom: signedOn,
      validTo: null,
      isDefault: contract.isDefault,
    };
    if (contract.isDefault) {
      await db
        .update(contracts)
        .set({ isDefault: false })
        .where(
          and(
            eq(contracts.profileId, profileId),
            eq(contracts.isDefault, true),
            notLike(contracts.number, `${contract.series}/%`),
          ),
        );
    }
    const [existing] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.profileId, profileId), like(contracts.number, `${contract.series}/%`)));
    if (existing) {
      await db.update(contracts).set(values).where(eq(contracts.id, existing.id));
      ids[kind] = existing.id;
    } else {
      const [row] = await db
        .insert(contracts)
        .values({ profileId, ...values })
        .returning({ id: contracts.id });
      ids[kind] = row!.id;
    }
  }
  return ids;
}

async function writeDemoLedger(
  db: Database,
  userId: number,
  companyProfileId: number,
  contractIds: Record<ContractKind, string>,
  today: string,
): Promise<void> {
  const tracks = Array.from({ length: DEMO_CARGO_COUNT }, (_, i) => demoTrackNumber(i));
  const demoCargos = await db
    .select({ id: cargos.id, trackNumber: cargos.trackNumber, transportationType: cargos.transportationType })
    .from(cargos)
    .where(
      and(
        inArray(cargos.trackNumber, tracks),
        eq(cargos.ownerUserId, userId),
        eq(cargos.ownerProfileId, companyProfileId),
      ),
    );
  const kindOf = (cargo: { transportationType: string }): ContractKind =>
    cargo.transportationType === 'express' ? 'prepayment' : 'postpayment';
  for (const kind of ['prepayment', 'postpayment'] as const) {
    const ids = demoCargos.filter((c) => kindOf(c) === kind).map((c) => c.id);
    if (ids.length > 0) await db.update(cargos).set({ contractId: contractIds[kind] }).where(inArray(cargos.id, ids));
  }
  const cargoIds = demoCargos.map((c) => c.id);
  const contractIdList = [contractIds.postpayment, contractIds.prepayment];
  // Deleting a demo cargo (seedDemoCargo does on every run) leaves its entries without a cargo.
  await db
    .delete(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.contractId, contractIdList),
        or(
          isNull(ledgerEntries.cargoId),
          eq(ledgerEntries.kind, 'payment'),
          cargoIds.length > 0 ? inArray(ledgerEntries.cargoId, cargoIds) : sql`false`,
        ),
      ),
    );
  if (cargoIds.length === 0) return;

  // The product's rule, status by status, in the order things happened.
  const history = await db
    .select({ cargoId: cargoStatusHistory.cargoId, status: cargoStatusHistory.status, at: cargoStatusHistory.at })
    .from(cargoStatusHistory)
    .where(inArray(cargoStatusHistory.cargoId, cargoIds))
    .orderBy(asc(cargoStatusHistory.at), asc(cargoStatusHistory.id));
  const chargedAt = new Map<number, Date>();
  for (const step of history) {
    const booked = await bookCargoStatus(db, step.cargoId, step.status as CargoStatus, step.at);
    if (booked.charged > 0) chargedAt.set(step.cargoId, step.at);
  }

  // Each cargo's open amount (its charges less its credit notes) under one invoice.
  const invoices = await db
    .select({
      cargoId: ledgerEntries.cargoId,
      contractId: ledgerEntries.contractId,
      bookedOn: sql<string>`min(${ledgerEntries.bookedOn})::text`,
      amount: sql<number>`sum(case when ${ledgerEntries.kind} = 'charge' then ${ledgerEntries.amountKopecks} else -${ledgerEntries.amountKopecks} end)::bigint`,
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.cargoId, cargoIds), inArray(ledgerEntries.contractId, contractIdList)))
    .groupBy(ledgerEntries.cargoId, ledgerEntries.contractId)
    .orderBy(sql`min(${ledgerEntries.bookedOn})`, ledgerEntries.cargoId);
  const trackOf = new Map(demoCargos.map((c) => [c.id, c.trackNumber]));
  const firstSignedOn = demoContractSignedOn('postpayment', today);
  const lastPayday = workingDay(addCalendarDays(today, -1));
  const payments: { kind: ContractKind; paidOn: string; amountKopecks: number; description: string }[] = [];
  const paidAt = new Map<number, Date>();
  const payment = (kind: ContractKind, paidOn: string, amountKopecks: number, description: string) =>
    payments.push({ kind, paidOn, amountKopecks, description });

  const postpaid = invoices.filter((inv) => inv.contractId === contractIds.postpayment && Number(inv.amount) > 0);
  const term = DEMO_CONTRACTS.postpayment.paymentTermDays;
  postpaid.slice(0, Math.max(0, postpaid.length - UNPAID_NEWEST)).forEach((invoice, k) => {
    let paidOn = workingDay(addCalendarDays(invoice.bookedOn, payDelayDays(k, term)));
    if (paidOn > lastPayday) paidOn = lastPayday;
    // An invoice of the New Year holidays is paid on the first working day after them.
    if (paidOn < invoice.bookedOn) paidOn = workingDay(invoice.bookedOn, 'after');
    const track = trackOf.get(invoice.cargoId!)!;
    payment('postpayment', paidOn, Number(invoice.amount), `Оплата по счёту № ${track} от ${dotted(invoice.bookedOn)}`);
    paidAt.set(invoice.cargoId!, new Date(`${paidOn}T12:00:00+03:00`));
  });

  const prepaid = invoices.filter((inv) => inv.contractId === contractIds.prepayment && Number(inv.amount) > 0);
  const prepaymentSignedOn = demoContractSignedOn('prepayment', today);
  const prepaymentNumber = demoContractNumber('prepayment', prepaymentSignedOn);
  let advance = 0;
  for (const invoice of prepaid) {
    const amount = Number(invoice.amount);
    if (advance < amount) {
      const topUp = Math.ceil((amount - advance) / TOP_UP_STEP_KOPECKS) * TOP_UP_STEP_KOPECKS;
      const dayBefore = workingDay(addCalendarDays(invoice.bookedOn, -1));
      payment(
        'prepayment',
        dayBefore > prepaymentSignedOn ? dayBefore : prepaymentSignedOn,
        topUp,
        `Оплата по договору № ${prepaymentNumber} от ${dotted(prepaymentSignedOn)}, аванс за экспресс-перевозки`,
      );
      advance += topUp;
    }
    advance -= amount;
    paidAt.set(invoice.cargoId!, chargedAt.get(invoice.cargoId!) ?? new Date(`${invoice.bookedOn}T12:00:00+03:00`));
  }
  // In date order, numbered on (never twice the same number).
  payments.sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.kind.localeCompare(b.kind));
  let lastNumber = 0;
  const rows = payments.map((p) => {
    lastNumber = Math.max(lastNumber + 1, paymentOrderBase(firstSignedOn, p.paidOn));
    return {
      contractId: contractIds[p.kind],
      kind: 'payment',
      amountKopecks: p.amountKopecks,
      bookedOn: p.paidOn,
      dueOn: null,
      cargoId: null,
      serviceCode: null,
      documentNumber: `П/п № ${lastNumber}`,
      documentDate: p.paidOn,
      description: p.description,
    };
  });
  if (rows.length > 0) await db.insert(ledgerEntries).values(rows);

  // A contract cargo is paid when its invoice is.
  for (const cargo of demoCargos) {
    const at = paidAt.get(cargo.id) ?? null;
    await db
      .update(cargos)
      .set({ paid: at !== null, paidAt: at })
      .where(eq(cargos.id, cargo.id));
  }
}

/** The two demo offers, found by title and updated. */
async function seedDemoOffers(db: Database, companyProfileId: number, today: string): Promise<void> {
  for (const offer of demoOffers(today, companyProfileId)) {
    const values = { ...offer, isActive: true };
    const [existing] = await db.select({ id: offers.id }).from(offers).where(eq(offers.title, offer.title));
    if (existing) await db.update(offers).set(values).where(eq(offers.id, existing.id));
    else await db.insert(offers).values(values);
  }
}

/**
 * Takes back the demo company's acceptances of the demo offers, so the demo starts with both
 * untaken. Run it before the demo cargos are priced: an offer the company took changes the
 * client's discount, and so the prices.
 */
export async function untakeDemoOffers(db: Database): Promise<void> {
  await db.delete(offerAcceptances).where(
    and(
      inArray(
        offerAcceptances.offerId,
        db
          .select({ id: offers.id })
          .from(offers)
          .where(inArray(offers.title, Object.values(DEMO_OFFER_TITLES))),
      ),
      inArray(
        offerAcceptances.profileId,
        db
          .select({ id: clientProfiles.id })
          .from(clientProfiles)
          .where(
            and(
              eq(clientProfiles.kind, 'legal'),
              eq(clientProfiles.inn, DEMO_COMPANY.inn),
              eq(clientProfiles.kpp, DEMO_COMPANY.kpp),
            ),
          ),
      ),
    ),
  );
}
