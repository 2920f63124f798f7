import { z } from 'zod';
import {
  DEFAULT_ORDER_LIST_SORT,
  ORDER_LIST_PAGE_SIZE,
  ORDER_LIST_SORT_OPTIONS,
  type OrderListSort,
  type OrderListSortOption,
} from './order-list-sort';
import { isIsoDate } from './dates';
import { ORDER_LIST_TEXTS } from './texts/order-list';
import { cleanText } from './text';
import { cleanedString } from './text-schema';

/** Filters of the order list (spec section 3). '' and null mean «not set»; dates are ISO `YYYY-MM-DD`. */
export interface OrderListFilters {
  tracknumber: string;
  sender: string;
  recipient: string;
  owner_id_profile: string;
  city_departure: string;
  city_delivery: string;
  start_date: string | null;
  end_date: string | null;
  exclude_closed: boolean;
  /** Only the cargos the client marked as favourite (issue 14; the API's `favorite=true`). */
  favorite: boolean;
}

export const DEFAULT_ORDER_LIST_FILTERS: Readonly<OrderListFilters> = Object.freeze({
  tracknumber: '',
  sender: '',
  recipient: '',
  owner_id_profile: '',
  city_departure: '',
  city_delivery: '',
  start_date: null,
  end_date: null,
  exclude_closed: false,
  favorite: false,
});

/** Longest text filter we send (code points); enough for a company name, short enough for a URL. */
export const ORDER_LIST_FILTER_MAX_LENGTH = 200;

const textFilter = cleanedString({ maxLength: ORDER_LIST_FILTER_MAX_LENGTH }).default('');
const dateFilter = z.string().refine(isIsoDate, { error: ORDER_LIST_TEXTS.dateInvalid }).nullable().default(null);

/**
 * Filter form and API query filters: text fields cleaned (trimmed, spaces collapsed, 200 code
 * points), the track number without any spaces, dates real ISO dates with start not after end
 * (`ORDER_LIST_TEXTS.dateRangeInvalid` on `end_date`), every field optional with its default.
 */
export const OrderListFiltersSchema = z
  .object({
    tracknumber: cleanedString({ allowSpaces: false, maxLength: ORDER_LIST_FILTER_MAX_LENGTH }).default(''),
    sender: textFilter,
    recipient: textFilter,
    owner_id_profile: textFilter,
    city_departure: textFilter,
    city_delivery: textFilter,
    start_date: dateFilter,
    end_date: dateFilter,
    exclude_closed: z.boolean().default(false),
    favorite: z.boolean().default(false),
  })
  .refine((filters) => !filters.start_date || !filters.end_date || filters.start_date <= filters.end_date, {
    error: ORDER_LIST_TEXTS.dateRangeInvalid,
    path: ['end_date'],
  });

/** A cargo status the list can be narrowed to, as the API lists them. */
export interface CargoStatusOption {
  id: string;
  name: string;
}

/** Anything the list shows has an id; merging relies on it. */
export interface Identified {
  id: string | number;
}

/** Order list state (spec section 3). The sort options themselves are {@link ORDER_LIST_SORT_OPTIONS}. */
export interface OrderListState<T extends Identified = Identified> {
  sort: OrderListSort;
  /** Zero-based page of the last requested page. */
  page: number;
  pageSize: number;
  filters: OrderListFilters;
  /** Statuses the API offers (loaded once, kept across resets). */
  statuses: readonly CargoStatusOption[];
  /** Status ids the user picked; empty means all. */
  selectedStatuses: readonly string[];
  items: readonly T[];
  /** False once a page came back shorter than `pageSize`. */
  hasMore: boolean;
}

/** The defaults: newest first, page 0, no filters, nothing selected, nothing loaded. */
export function createOrderListState<T extends Identified = Identified>(
  pageSize: number = ORDER_LIST_PAGE_SIZE,
): OrderListState<T> {
  return {
    sort: DEFAULT_ORDER_LIST_SORT,
    page: 0,
    pageSize,
    filters: { ...DEFAULT_ORDER_LIST_FILTERS },
    statuses: [],
    selectedStatuses: [],
    items: [],
    hasMore: true,
  };
}

/**
 * `incoming` merged into `existing` by id: existing order is kept, an item seen again replaces
 * the old copy in place (it is fresher), new ids are appended in their order, and duplicates
 * inside `incoming` collapse to the last copy. Neither input is mutated.
 */
export function mergeById<T extends Identified>(existing: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<string | number, T>();
  for (const item of existing) byId.set(item.id, item);
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()];
}

export type OrderListAction<T extends Identified = Identified> =
  | { type: 'setSort'; sort: OrderListSort }
  | { type: 'setFilters'; patch: Partial<OrderListFilters> }
  | { type: 'setSelectedStatuses'; statuses: readonly string[] }
  | { type: 'setStatuses'; statuses: readonly CargoStatusOption[] }
  | { type: 'nextPage' }
  | { type: 'pageLoaded'; page: number; items: readonly T[] }
  | { type: 'reset' };

function backToFirstPage<T extends Identified>(state: OrderListState<T>): OrderListState<T> {
  return { ...state, page: 0, hasMore: true };
}

/**
 * The order-list reducer (spec section 4):
 * - a new sort, filter value or status selection resets the page to 0 (the same value again
 *   changes nothing, so no needless refetch); the shown items stay until page 0 arrives;
 * - `pageLoaded` for page 0 replaces the items, for a later page merges them by id
 *   ({@link mergeById}); a response for a page other than the current one is stale and ignored;
 *   a page shorter than `pageSize` ends `hasMore`;
 * - `nextPage` only advances while `hasMore`;
 * - `reset` restores every default but keeps the loaded status catalogue and page size.
 */
export function orderListReducer<T extends Identified>(
  state: OrderListState<T>,
  action: OrderListAction<T>,
): OrderListState<T> {
  switch (action.type) {
    case 'setSort':
      return action.sort === state.sort ? state : backToFirstPage({ ...state, sort: action.sort });
    case 'setFilters': {
      const filters = { ...state.filters, ...action.patch };
      const changed = (Object.keys(filters) as (keyof OrderListFilters)[]).some(
        (key) => filters[key] !== state.filters[key],
      );
      return changed ? backToFirstPage({ ...state, filters }) : state;
    }
    case 'setSelectedStatuses': {
      const selectedStatuses = [...new Set(action.statuses)];
      const same =
        selectedStatuses.length === state.selectedStatuses.length &&
        selectedStatuses.every((status) => state.selectedStatuses.includes(status));
      return same ? state : backToFirstPage({ ...state, selectedStatuses });
    }
    case 'setStatuses':
      return { ...state, statuses: action.statuses };
    case 'nextPage':
      return state.hasMore ? { ...state, page: state.page + 1 } : state;
    case 'pageLoaded': {
      if (action.page !== state.page) return state;
      const items = action.page === 0 ? mergeById([], action.items) : mergeById(state.items, action.items);
      return { ...state, items, hasMore: action.items.length >= state.pageSize };
    }
    case 'reset':
      return { ...createOrderListState<T>(state.pageSize), statuses: state.statuses };
  }
}

/** The option object for a sort value. */
export function getSortOption(sort: OrderListSort): OrderListSortOption {
  return ORDER_LIST_SORT_OPTIONS.find((option) => option.value === sort) ?? ORDER_LIST_SORT_OPTIONS[0];
}

const SORT_FLAGS = {
  date: 'sort_by_date',
  price: 'sort_by_price',
  status_date: 'sort_by_status_date',
} as const;

/**
 * The «Профиль» filter's value for every profile of the user (`all_profiles=true`); '' is the
 * active profile (the spec's default call, `all_profiles=false`), an account_uuid one profile.
 */
export const ALL_PROFILES = 'all';

/** The text filters in the order the query lists them. */
const TEXT_FILTER_KEYS = [
  'tracknumber',
  'sender',
  'recipient',
  'owner_id_profile',
  'city_departure',
  'city_delivery',
] as const;

/** What the GET /cargo/cargo query is built from; an {@link OrderListState} fits. */
export type CargoListQuerySource = Pick<OrderListState, 'page' | 'pageSize' | 'sort' | 'filters' | 'selectedStatuses'>;

/**
 * The query of GET /cargo/cargo (spec section 7), in a stable order: `all_profiles=false`,
 * `cargo_type=standard`, `skip` (= page × pageSize, in items), `limit` (= pageSize), then each
 * filter that is set (text trimmed, blank skipped; dates as given, ISO), the sort flag of the
 * chosen option (`sort_by_date=true`) plus `reverse_sort_by=true` for «Сначала новые», one
 * `cargo_statuses` per selected status, `exclude_closed=true` and `favorite=true` only when on. Flags that are
 * off are left out rather than sent as false.
 */
export function buildCargoListQuery(input: CargoListQuerySource): URLSearchParams {
  const params = new URLSearchParams();
  const allProfiles = input.filters.owner_id_profile === ALL_PROFILES;
  params.set('all_profiles', allProfiles ? 'true' : 'false');
  params.set('cargo_type', 'standard');
  params.set('skip', String(input.page * input.pageSize));
  params.set('limit', String(input.pageSize));
  for (const key of TEXT_FILTER_KEYS) {
    if (key === 'owner_id_profile' && allProfiles) continue;
    const value = cleanText(input.filters[key], { collapseSpaces: true, trimStart: true, trimEnd: true });
    if (value) params.set(key, value);
  }
  if (input.filters.start_date) params.set('start_date', input.filters.start_date);
  if (input.filters.end_date) params.set('end_date', input.filters.end_date);
  const option = getSortOption(input.sort);
  params.set(SORT_FLAGS[option.sortBy], 'true');
  if (option.reverse) params.set('reverse_sort_by', 'true');
  for (const status of input.selectedStatuses) params.append('cargo_statuses', status);
  if (input.filters.exclude_closed) params.set('exclude_closed', 'true');
  if (input.filters.favorite) params.set('favorite', 'true');
  return params;
}
