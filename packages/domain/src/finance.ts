import type { CargoStatus } from './cargo-status';
import { addCalendarDays } from './dates';

/*
 * Settlements of a business client (issue 16, decision 014): contracts, the ledger of charges,
 * payments and credit notes, and the figures derived from it. Amounts are integer kopecks. The
 * client's debt is positive: charges − (payments + credit notes). A negative balance is an
 * advance (переплата).
 */

export const CONTRACT_KINDS = ['prepayment', 'postpayment'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export const LEDGER_KINDS = ['charge', 'payment', 'credit_note'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * When a cargo on a contract is charged: a prepayment contract when the carrier accepts the cargo
 * (it is paid before it moves), a postpayment contract when it is handed over (released) or
 * returned to the sender. A prepaid cargo cancelled later gets its charges back as a credit note.
 */
export function chargeStatusFor(kind: ContractKind): readonly CargoStatus[] {
  return kind === 'prepayment' ? ['accepted'] : ['released', 'returned'];
}

/** Whether a move of a cargo to `status` books its charges under a contract of `kind`. */
export function chargesOnStatus(kind: ContractKind, status: CargoStatus): boolean {
  return chargeStatusFor(kind).includes(status);
}

/** A priced line of a cargo as fixed at ordering (cargos.price_lines). */
export interface ChargeableLine {
  code: string;
  title: string;
  amount_kopecks: number;
}

export interface CargoCharge {
  /**
   * The price line's code: one charge per cargo and service. A code a cargo's lines repeat (two
   * packaging choices are two 'packaging' lines) is numbered from its second line on:
   * 'packaging', 'packaging:2'.
   */
  serviceCode: string;
  title: string;
  amountKopecks: number;
}

/**
 * Discount lines that give one service back (an automatic promotion's free pick-up, pricing
 * `autoPromotionLines`): the service they cancel, charged less by them first.
 */
const DISCOUNT_TARGETS: Readonly<Record<string, string>> = { free_pickup: 'pickup' };

/**
 * The charges of a cargo: one per positive price line (freight, each extra service). A free
 * pick-up (line `free_pickup`) cancels the pick-up charge, which is then not booked at all.
 * Other negative lines (personal discount, promo code, offer discount) — and whatever a targeted
 * one could not take from its service — reduce the freight charge, never below zero; what a
 * discount could not take from freight comes off the next lines in order. Lines that end at zero
 * are not charged. The sum always equals the cargo's price (when it is ≥ 0).
 */
export function cargoCharges(lines: readonly ChargeableLine[]): CargoCharge[] {
  // The ledger keeps one charge per cargo and service code: repeated codes get a number, in the
  // lines' order, so no line is lost to the uniqueness of (cargo, service).
  const seen = new Map<string, number>();
  const positive = lines
    .filter((l) => l.amount_kopecks > 0)
    .map((l) => {
      const count = (seen.get(l.code) ?? 0) + 1;
      seen.set(l.code, count);
      return { ...l, code: count === 1 ? l.code : `${l.code}:${count}` };
    });
  let discount = 0;
  for (const line of lines) {
    if (line.amount_kopecks >= 0) continue;
    let left = -line.amount_kopecks;
    const target = positive.find((p) => p.code === DISCOUNT_TARGETS[line.code]);
    if (target) {
      const taken = Math.min(left, target.amount_kopecks);
      target.amount_kopecks -= taken;
      left -= taken;
    }
    discount += left;
  }
  // Freight first, then the rest in their order.
  positive.sort((a, b) => Number(b.code === 'freight') - Number(a.code === 'freight'));
  for (const line of positive) {
    if (discount <= 0) break;
    const taken = Math.min(discount, line.amount_kopecks);
    line.amount_kopecks -= taken;
    discount -= taken;
  }
  return positive
    .filter((l) => l.amount_kopecks > 0)
    .map((l) => ({ serviceCode: l.code, title: l.title, amountKopecks: l.amount_kopecks }));
}

/** The day a charge booked on `bookedOn` is due under a contract. */
export function chargeDueOn(
  contract: { kind: ContractKind; paymentTermDays: number | null },
  bookedOn: string,
): string {
  return contract.kind === 'postpayment' ? addCalendarDays(bookedOn, contract.paymentTermDays ?? 0) : bookedOn;
}

/** Charges of a contract grouped by due date (ascending), as the database sums them. */
export interface DueAmount {
  dueOn: string;
  amountKopecks: number;
}

export interface ContractPositionInput {
  kind: ContractKind;
  creditLimitKopecks: number | null;
  /** Every charge booked up to today, summed per due date, ascending. */
  chargesByDue: readonly DueAmount[];
  /** Payments and credit notes booked up to today. */
  creditsKopecks: number;
  /** Today, YYYY-MM-DD in the carrier's time zone. */
  today: string;
}

export interface ContractPosition {
  chargesKopecks: number;
  creditsKopecks: number;
  /** charges − credits: positive is a debt, negative an advance. */
  balanceKopecks: number;
  /** max(0, balance). */
  debtKopecks: number;
  /** max(0, −balance). */
  advanceKopecks: number;
  /** What was due before today and is not paid (payments settle the oldest charges first). */
  overdueKopecks: number;
  /** Postpayment: credit limit − debt (not below zero); prepayment: null. */
  creditLeftKopecks: number | null;
  /** The next due date from today on and what falls due then (overdue debt not included). */
  nextPayment: { dueOn: string; amountKopecks: number } | null;
}

/**
 * A contract's position on `today`. Payments and credit notes settle charges oldest due date
 * first (FIFO, as Russian accounting allocates an unspecified payment): overdue is the part of
 * charges due before today that the credits do not cover; the next payment is the first due date
 * ≥ today with an uncovered charge, and the uncovered amount due on that date.
 */
export function contractPosition(input: ContractPositionInput): ContractPosition {
  const chargesKopecks = input.chargesByDue.reduce((sum, c) => sum + c.amountKopecks, 0);
  const balanceKopecks = chargesKopecks - input.creditsKopecks;
  let credits = input.creditsKopecks;
  let overdueKopecks = 0;
  let nextPayment: ContractPosition['nextPayment'] = null;
  for (const due of input.chargesByDue) {
    const covered = Math.min(credits, due.amountKopecks);
    credits -= covered;
    const open = due.amountKopecks - covered;
    if (open <= 0) continue;
    if (due.dueOn < input.today) overdueKopecks += open;
    else if (nextPayment === null) nextPayment = { dueOn: due.dueOn, amountKopecks: open };
    else if (nextPayment.dueOn === due.dueOn) nextPayment.amountKopecks += open;
  }
  const debtKopecks = Math.max(0, balanceKopecks);
  return {
    chargesKopecks,
    creditsKopecks: input.creditsKopecks,
    balanceKopecks,
    debtKopecks,
    advanceKopecks: Math.max(0, -balanceKopecks),
    overdueKopecks,
    creditLeftKopecks: input.kind === 'postpayment' ? Math.max(0, (input.creditLimitKopecks ?? 0) - debtKopecks) : null,
    nextPayment,
  };
}

/** First day of the month of an ISO date: '2026-03-17' → '2026-03-01'. */
export function monthStart(isoDate: string): string {
  return `${isoDate.slice(0, 7)}-01`;
}

/** First day of the next month: '2026-12-05' → '2027-01-01'. */
export function nextMonthStart(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The first and last day of a month: (2026, 2) → ['2026-02-01', '2026-02-28']. */
export function monthBounds(year: number, month: number): { from: string; to: string } {
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  return { from, to: addCalendarDays(nextMonthStart(from), -1) };
}

/*
 * Analytics (issue 16): what `data_type` measures. Every call counts the cargos of the chosen
 * profiles ordered (created) within the period; cancelled cargos count only in the status
 * breakdown (`cargo`), never in totals, averages or spend.
 */
export const ANALYTICS_DATA_TYPES = ['count', 'weight', 'volume', 'amount'] as const;
export type AnalyticsDataType = (typeof ANALYTICS_DATA_TYPES)[number];

/** The status groups of GET user/analytics/cargo. */
export const ANALYTICS_STATUS_GROUPS = ['in_progress', 'delivered', 'returned', 'problem', 'cancelled'] as const;
export type AnalyticsStatusGroup = (typeof ANALYTICS_STATUS_GROUPS)[number];

export function analyticsStatusGroup(status: CargoStatus): AnalyticsStatusGroup {
  switch (status) {
    case 'released':
      return 'delivered';
    case 'returned':
      return 'returned';
    case 'problem':
      return 'problem';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'in_progress';
  }
}

/** The delivery-type pairs of GET user/analytics/delivery_type (departure → delivery). */
export const ANALYTICS_DELIVERY_TYPES = ['terminal_terminal', 'terminal_door', 'door_terminal', 'door_door'] as const;
export type AnalyticsDeliveryType = (typeof ANALYTICS_DELIVERY_TYPES)[number];

export function analyticsDeliveryType(departureType: string, deliveryType: string): AnalyticsDeliveryType {
  const side = (t: string) => (t === 'address' ? 'door' : 'terminal');
  return `${side(departureType)}_${side(deliveryType)}` as AnalyticsDeliveryType;
}

/** The profile's part in a transport (GET user/analytics/transfer_participation): cargos.customer_role. */
export const ANALYTICS_PARTICIPATION = ['sender', 'recipient', 'third_party'] as const;
export type AnalyticsParticipation = (typeof ANALYTICS_PARTICIPATION)[number];

/** Top directions shown by GET user/analytics/directions; the rest are summed as «Другие». */
export const ANALYTICS_TOP_DIRECTIONS = 10;

/** The default analytics period: the last twelve months including the current one. */
export function defaultAnalyticsPeriod(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const start = month === 12 ? `${year}-01-01` : `${year - 1}-${String(month + 1).padStart(2, '0')}-01`;
  return { from: start, to: today };
}

/** The period of the same length just before [from, to] (both inclusive). */
export function previousPeriod(period: { from: string; to: string }): { from: string; to: string } {
  const days = Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000);
  const to = addCalendarDays(period.from, -1);
  return { from: addCalendarDays(to, -days), to };
}

/** The longest analytics period one call may ask for (days). */
export const ANALYTICS_MAX_PERIOD_DAYS = 731;

/** A manager may be rated once per calendar month (Moscow time) by each client user. */
export const MANAGER_RATING_COMMENT_MAX = 1000;
