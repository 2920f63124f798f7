import { CARGO_STATUS_CODES, type CargoStatus } from './cargo-status';
import { DEFAULT_ORDER_LIST_SORT, ORDER_LIST_SORT_OPTIONS, type OrderListSort } from './order-list-sort';
import { isIsoDate } from './dates';
import { DEFAULT_ORDER_LIST_FILTERS, ORDER_LIST_FILTER_MAX_LENGTH, type OrderListFilters } from './order-list';
import { cleanText } from './text';
import { ORDER_LIST_TEXTS } from './texts/order-list';

/*
 * The order list's state in the page address (issue 14): every filter, the sort, the selected
 * statuses (the favourites switch is a filter too), so a list can be shared, survives a reload and the back
 * button walks through earlier filters. The page number is not part of it: «Показать ещё» only
 * appends to what is shown.
 *
 *   /personal-account/orders?tracknumber=MG…&sender=…&recipient=…&owner_id_profile=…
 *     &city_departure=…&city_delivery=…&start_date=2026-01-31&end_date=2026-02-28
 *     &exclude_closed=1&favorites=1&status=released&status=cancelled&sort=oldest
 *
 * Values that cannot be (a malformed date, an end before the start, an unknown status or sort)
 * are left out of the query and reported per field, in Russian, instead of failing the page.
 */

/** What the address says about the list. */
export interface OrderListUrlState {
  sort: OrderListSort;
  filters: OrderListFilters;
  selectedStatuses: CargoStatus[];
}

/** Field (`start_date`, `end_date`, `status`, `sort`, a text filter) → Russian message. */
export type OrderListUrlErrors = Partial<Record<keyof OrderListFilters | 'status' | 'sort', string>>;

export interface ParsedOrderListUrl {
  state: OrderListUrlState;
  errors: OrderListUrlErrors;
}

export const ORDER_LIST_URL_KEYS = {
  status: 'status',
  sort: 'sort',
  favorites: 'favorites',
} as const;

const TEXT_KEYS = [
  'tracknumber',
  'sender',
  'recipient',
  'owner_id_profile',
  'city_departure',
  'city_delivery',
] as const satisfies readonly (keyof OrderListFilters)[];

/** Anything that holds query parameters: URLSearchParams, or Next's `searchParams` object. */
export type QueryLike = URLSearchParams | Record<string, string | string[] | undefined>;

function all(query: QueryLike, key: string): string[] {
  if (query instanceof URLSearchParams) return query.getAll(key);
  const value = query[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const first = (query: QueryLike, key: string): string | undefined => all(query, key)[0];

const TRUE_VALUES = new Set(['1', 'true', 'on', 'yes']);

/** The defaults: newest first, nothing filtered. */
export function defaultOrderListUrlState(): OrderListUrlState {
  return { sort: DEFAULT_ORDER_LIST_SORT, filters: { ...DEFAULT_ORDER_LIST_FILTERS }, selectedStatuses: [] };
}

/** Reads the list state from the address; impossible values are dropped and explained. */
export function parseOrderListUrl(query: QueryLike): ParsedOrderListUrl {
  const state = defaultOrderListUrlState();
  const errors: OrderListUrlErrors = {};

  for (const key of TEXT_KEYS) {
    const raw = first(query, key);
    if (raw === undefined) continue;
    state.filters[key] = cleanText(raw, {
      maxLength: ORDER_LIST_FILTER_MAX_LENGTH,
      collapseSpaces: true,
      trimStart: true,
      trimEnd: true,
      allowSpaces: key !== 'tracknumber',
    });
  }

  for (const key of ['start_date', 'end_date'] as const) {
    const raw = first(query, key)?.trim();
    if (!raw) continue;
    if (isIsoDate(raw)) state.filters[key] = raw;
    else errors[key] = ORDER_LIST_TEXTS.dateInvalid;
  }
  if (state.filters.start_date && state.filters.end_date && state.filters.start_date > state.filters.end_date) {
    errors.end_date = ORDER_LIST_TEXTS.dateRangeInvalid;
    state.filters.end_date = null;
  }

  state.filters.exclude_closed = TRUE_VALUES.has(first(query, 'exclude_closed') ?? '');
  state.filters.favorite = TRUE_VALUES.has(first(query, ORDER_LIST_URL_KEYS.favorites) ?? '');

  const unknown: string[] = [];
  for (const value of all(query, ORDER_LIST_URL_KEYS.status)) {
    for (const part of value.split(',')) {
      const code = part.trim();
      if (!code) continue;
      if ((CARGO_STATUS_CODES as readonly string[]).includes(code)) {
        if (!state.selectedStatuses.includes(code as CargoStatus)) state.selectedStatuses.push(code as CargoStatus);
      } else {
        unknown.push(code.slice(0, 40));
      }
    }
  }
  if (unknown.length > 0) errors.status = ORDER_LIST_TEXTS.statusUnknown(unknown.join(', '));

  const sort = first(query, ORDER_LIST_URL_KEYS.sort);
  if (sort !== undefined) {
    const option = ORDER_LIST_SORT_OPTIONS.find((o) => o.value === sort);
    if (option) state.sort = option.value;
    else errors.sort = ORDER_LIST_TEXTS.sortUnknown;
  }
  return { state, errors };
}

/**
 * The address query of a list state, in a stable order, defaults left out (so the plain list is
 * `/personal-account/orders` and equal states give equal strings).
 */
export function orderListUrlQuery(state: OrderListUrlState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) {
    const value = cleanText(state.filters[key], { collapseSpaces: true, trimStart: true, trimEnd: true });
    if (value) params.set(key, value);
  }
  if (state.filters.start_date) params.set('start_date', state.filters.start_date);
  if (state.filters.end_date) params.set('end_date', state.filters.end_date);
  if (state.filters.exclude_closed) params.set('exclude_closed', '1');
  if (state.filters.favorite) params.set(ORDER_LIST_URL_KEYS.favorites, '1');
  for (const code of CARGO_STATUS_CODES) {
    if (state.selectedStatuses.includes(code)) params.append(ORDER_LIST_URL_KEYS.status, code);
  }
  if (state.sort !== DEFAULT_ORDER_LIST_SORT) params.set(ORDER_LIST_URL_KEYS.sort, state.sort);
  return params;
}

/** Whether any filter or status narrows the list (the sort does not). */
export function isOrderListFiltered(state: OrderListUrlState): boolean {
  const params = orderListUrlQuery({ ...state, sort: DEFAULT_ORDER_LIST_SORT });
  return params.toString() !== '';
}
