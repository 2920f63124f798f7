import type { Contract } from '@freight/contracts/settlements';
import { addCalendarDays, isIsoDate } from '@freight/domain/dates';
import { API_PATHS } from '@freight/contracts/paths';

/*
 * The finance screen's state lives in the address, so a reload or «back» shows the same view:
 * `account` (a profile's account_uuid, or `all`), `contract`, `year`, `month`. Anything missing
 * or impossible falls back to the defaults the page computes; nothing here throws.
 */

export const FINANCE_PATH = '/personal-account/finance';

/** The `account` value meaning «every profile whose settlements I may see». */
export const ALL_ACCOUNTS = 'all';

/** A calendar month, `month` 1–12. */
export interface YearMonth {
  year: number;
  month: number;
}

export interface FinanceUrlState {
  account: string | null;
  contract: string | null;
  year: number | null;
  month: number | null;
}

function single(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  const trimmed = text?.trim() ?? '';
  return trimmed === '' || trimmed.length > 64 ? null : trimmed;
}

function integer(value: string | string[] | undefined, min: number, max: number): number | null {
  const text = single(value);
  if (text === null || !/^\d{1,4}$/.test(text)) return null;
  const number = Number(text);
  return number >= min && number <= max ? number : null;
}

/** The address's state, as the page's `searchParams` give it. */
export function parseFinanceUrl(params: Record<string, string | string[] | undefined>): FinanceUrlState {
  return {
    account: single(params.account),
    contract: single(params.contract),
    year: integer(params.year, 2000, 2100),
    month: integer(params.month, 1, 12),
  };
}

/** The address of a state; empty parts are left out. */
export function financeHref(state: Partial<FinanceUrlState>): string {
  const params = new URLSearchParams();
  if (state.account) params.set('account', state.account);
  if (state.contract) params.set('contract', state.contract);
  if (state.year) params.set('year', String(state.year));
  if (state.month) params.set('month', String(state.month));
  const query = params.toString();
  return query ? `${FINANCE_PATH}?${query}` : FINANCE_PATH;
}

/**
 * Whose settlements to show: `all` of the permitted profiles, the one the address names, or by
 * default the active profile when it may see settlements (else all permitted ones). `value` is what
 * the profile select shows. `permitted` must not be empty.
 */
export function accountsToShow(
  wanted: string | null,
  permitted: readonly { account_uuid: string }[],
  activeUuid: string,
): { value: string; uuids: string[] } {
  const all = {
    value: permitted.length > 1 ? ALL_ACCOUNTS : permitted[0]!.account_uuid,
    uuids: permitted.map((p) => p.account_uuid),
  };
  if (wanted === ALL_ACCOUNTS) return all;
  const named =
    permitted.find((p) => p.account_uuid === wanted) ?? permitted.find((p) => p.account_uuid === activeUuid);
  return named ? { value: named.account_uuid, uuids: [named.account_uuid] } : all;
}

const monthIndex = ({ year, month }: YearMonth) => year * 12 + month - 1;

/** The earlier of two months. */
export function earlierMonth(a: YearMonth, b: YearMonth): YearMonth {
  return monthIndex(a) <= monthIndex(b) ? a : b;
}

/** The month of an ISO date: '2026-11-17' → { year: 2026, month: 11 }. */
export function monthOf(isoDate: string): YearMonth {
  return { year: Number(isoDate.slice(0, 4)), month: Number(isoDate.slice(5, 7)) };
}

/**
 * The month to show: the address's, kept within [min, max] (max is the current month, so the
 * future is never asked for); the current month when the address names none.
 */
export function monthToShow(url: Pick<FinanceUrlState, 'year' | 'month'>, min: YearMonth, max: YearMonth): YearMonth {
  if (url.year === null || url.month === null) return max;
  const wanted = monthIndex({ year: url.year, month: url.month });
  const index = Math.min(monthIndex(max), Math.max(Math.min(monthIndex(min), monthIndex(max)), wanted));
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The earliest month with possible entries of a contract: the month it was signed or took effect. */
export function contractFirstMonth(contract: Pick<Contract, 'signed_on' | 'valid_from'>): YearMonth {
  return monthOf(contract.signed_on < contract.valid_from ? contract.signed_on : contract.valid_from);
}

/**
 * The contract to show: the address's when it is one of the list, else the default one in force,
 * else the first in force, else the first. Null for an empty list.
 */
export function contractToShow<C extends Pick<Contract, 'contract_uuid' | 'is_default' | 'is_active'>>(
  contracts: readonly C[],
  wanted: string | null,
): C | null {
  return (
    contracts.find((c) => c.contract_uuid === wanted) ??
    contracts.find((c) => c.is_default && c.is_active) ??
    contracts.find((c) => c.is_active) ??
    contracts[0] ??
    null
  );
}

/** The first day of the quarter of an ISO date: '2026-11-17' → '2026-10-01'. */
export function quarterStart(isoDate: string): string {
  const { year, month } = monthOf(isoDate);
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  return `${year}-${String(first).padStart(2, '0')}-01`;
}

/**
 * The last day a reconciliation period starting on `from` may end on: three years long at most
 * (MESSAGES.settlements.periodTooLong), so 2024-01-01 → 2026-12-31 and 2024-02-29 → 2027-02-28.
 */
export function longestPeriodEnd(from: string): string {
  const sameDay = `${Number(from.slice(0, 4)) + 3}${from.slice(4)}`;
  const next = isIsoDate(sameDay) ? sameDay : `${sameDay.slice(0, 4)}-03-01`;
  return addCalendarDays(next, -1);
}

export type ReconciliationFormat = 'pdf' | 'xlsx';

/** The download address of a reconciliation act (a plain GET of the API, same origin). */
export function reconciliationHref(
  contractUuid: string,
  period: { date_from: string; date_to: string },
  format: ReconciliationFormat,
): string {
  const params = new URLSearchParams({
    contract_uuid: contractUuid,
    date_from: period.date_from,
    date_to: period.date_to,
    format,
  });
  return `${API_PATHS.settlementReconciliation}?${params}`;
}

/** The cargo card of a track number in the personal account. */
export function orderHref(track: string): string {
  return `/personal-account/orders/${encodeURIComponent(track)}`;
}
