import { ORDER_LIST_TEXTS } from './texts/order-list';

// The order list's constants, apart from constants.ts: that module is imported by the site shell
// on every page, and these bring the order list's texts with them.

/**
 * Sort options of the order list (spec section 9): «Сначала новые» sorts by date reversed,
 * «Сначала старые» sorts by date in natural order. The first one is the default. Issue 14 adds
 * price (both ways) and the latest status change first.
 */
export const ORDER_LIST_SORT_OPTIONS = [
  { value: 'newest', label: ORDER_LIST_TEXTS.sortNewestFirst, sortBy: 'date', reverse: true },
  { value: 'oldest', label: ORDER_LIST_TEXTS.sortOldestFirst, sortBy: 'date', reverse: false },
  // Not in the spec (issue 14): the API's other sort flags, sort_by_price and sort_by_status_date.
  { value: 'price_desc', label: ORDER_LIST_TEXTS.sortPriceDesc, sortBy: 'price', reverse: true },
  { value: 'price_asc', label: ORDER_LIST_TEXTS.sortPriceAsc, sortBy: 'price', reverse: false },
  { value: 'status_date', label: ORDER_LIST_TEXTS.sortStatusDate, sortBy: 'status_date', reverse: true },
] as const;
export type OrderListSortOption = (typeof ORDER_LIST_SORT_OPTIONS)[number];
export type OrderListSort = OrderListSortOption['value'];
export const DEFAULT_ORDER_LIST_SORT: OrderListSort = 'newest';

/** Orders per fetched page; the spec does not show one, 20 is what carrier accounts usually load. */
export const ORDER_LIST_PAGE_SIZE = 20;
/** The API refuses larger pages, so one request cannot dump the whole table. */
export const ORDER_LIST_MAX_PAGE_SIZE = 100;
