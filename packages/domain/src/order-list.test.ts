import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_LIST_SORT, ORDER_LIST_PAGE_SIZE, ORDER_LIST_SORT_OPTIONS } from './order-list-sort';
import { MESSAGES } from './messages';
import {
  buildCargoListQuery,
  createOrderListState,
  DEFAULT_ORDER_LIST_FILTERS,
  getSortOption,
  mergeById,
  orderListReducer,
  OrderListFiltersSchema,
  type OrderListAction,
  type OrderListState,
} from './order-list';

interface Order {
  id: number;
  title: string;
}
const order = (id: number, title = `#${id}`): Order => ({ id, title });
const page = (ids: number[]) => ids.map((id) => order(id));
const state = (overrides: Partial<OrderListState<Order>> = {}): OrderListState<Order> => ({
  ...createOrderListState<Order>(),
  ...overrides,
});

describe('sort options', () => {
  it('are the two of the spec, then price and status date', () => {
    expect(ORDER_LIST_SORT_OPTIONS).toEqual([
      { value: 'newest', label: 'Сначала новые', sortBy: 'date', reverse: true },
      { value: 'oldest', label: 'Сначала старые', sortBy: 'date', reverse: false },
      { value: 'price_desc', label: 'Сначала дорогие', sortBy: 'price', reverse: true },
      { value: 'price_asc', label: 'Сначала дешёвые', sortBy: 'price', reverse: false },
      { value: 'status_date', label: 'По дате статуса', sortBy: 'status_date', reverse: true },
    ]);
    expect(DEFAULT_ORDER_LIST_SORT).toBe('newest');
    expect(getSortOption('oldest').label).toBe(MESSAGES.orderList.sortOldestFirst);
  });
});

describe('createOrderListState', () => {
  it('has the defaults', () => {
    expect(createOrderListState()).toEqual({
      sort: 'newest',
      page: 0,
      pageSize: ORDER_LIST_PAGE_SIZE,
      filters: DEFAULT_ORDER_LIST_FILTERS,
      statuses: [],
      selectedStatuses: [],
      items: [],
      hasMore: true,
    });
  });
});

describe('mergeById', () => {
  it.each<[string, Order[], Order[], Order[]]>([
    ['appends new ids', page([1, 2]), page([3, 4]), page([1, 2, 3, 4])],
    ['drops duplicates', page([1, 2, 3]), page([3, 4]), page([1, 2, 3, 4])],
    [
      'replaces a seen id in place',
      [order(1), order(2, 'old')],
      [order(2, 'new'), order(3)],
      [order(1), order(2, 'new'), order(3)],
    ],
    ['dedupes inside the page', [], [order(1, 'a'), order(1, 'b')], [order(1, 'b')]],
    ['empty + empty', [], [], []],
  ])('%s', (_name, existing, incoming, expected) => {
    expect(mergeById(existing, incoming)).toEqual(expected);
  });

  it('does not mutate its inputs', () => {
    const existing = page([1]);
    mergeById(existing, page([2]));
    expect(existing).toEqual(page([1]));
  });

  it('keeps string and number ids apart', () => {
    expect(mergeById<{ id: string | number }>([{ id: 1 }], [{ id: '1' }])).toHaveLength(2);
  });
});

describe('orderListReducer: page resets', () => {
  const onPage3 = state({ page: 3, items: page([1, 2, 3]), hasMore: false });

  it.each<[string, OrderListAction<Order>]>([
    ['sort change', { type: 'setSort', sort: 'oldest' }],
    ['filter change', { type: 'setFilters', patch: { tracknumber: 'MG-1' } }],
    ['exclude_closed change', { type: 'setFilters', patch: { exclude_closed: true } }],
    ['status selection', { type: 'setSelectedStatuses', statuses: ['in_transit'] }],
  ])('%s resets the page to 0', (_name, action) => {
    const next = orderListReducer(onPage3, action);
    expect(next.page).toBe(0);
    expect(next.hasMore).toBe(true);
    expect(next.items).toBe(onPage3.items); // shown until page 0 arrives
  });

  it.each<[string, OrderListAction<Order>]>([
    ['the same sort', { type: 'setSort', sort: 'newest' }],
    ['the same filter value', { type: 'setFilters', patch: { tracknumber: '' } }],
    ['an empty filter patch', { type: 'setFilters', patch: {} }],
    ['the same statuses in another order', { type: 'setSelectedStatuses', statuses: ['b', 'a', 'a'] }],
  ])('%s changes nothing', (_name, action) => {
    const current = state({ page: 3, selectedStatuses: ['a', 'b'] });
    expect(orderListReducer(current, action)).toBe(current);
  });

  it('dedupes selected statuses', () => {
    expect(
      orderListReducer(state(), { type: 'setSelectedStatuses', statuses: ['a', 'a', 'b'] }).selectedStatuses,
    ).toEqual(['a', 'b']);
  });

  it('loading the status catalogue keeps the page', () => {
    const statuses = [{ id: 'in_transit', name: 'В пути' }];
    expect(orderListReducer(onPage3, { type: 'setStatuses', statuses })).toMatchObject({ page: 3, statuses });
  });
});

describe('orderListReducer: paging', () => {
  const size = 3;
  const fresh = createOrderListState<Order>(size);

  it('loads pages, merges without duplicates and stops at a short page', () => {
    let current = orderListReducer(fresh, { type: 'pageLoaded', page: 0, items: page([1, 2, 3]) });
    expect(current).toMatchObject({ page: 0, hasMore: true });
    current = orderListReducer(current, { type: 'nextPage' });
    current = orderListReducer(current, { type: 'pageLoaded', page: 1, items: page([3, 4, 5]) }); // 3 shifted in
    expect(current.items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
    current = orderListReducer(current, { type: 'nextPage' });
    current = orderListReducer(current, { type: 'pageLoaded', page: 2, items: page([6]) });
    expect(current).toMatchObject({ page: 2, hasMore: false });
    expect(orderListReducer(current, { type: 'nextPage' })).toBe(current);
  });

  it('page 0 replaces what was shown', () => {
    const shown = state({ items: page([1, 2, 3]) });
    expect(orderListReducer(shown, { type: 'pageLoaded', page: 0, items: page([9, 9]) }).items).toEqual(page([9]));
  });

  it('ignores a stale page', () => {
    const current = state({ page: 0, items: page([1]) });
    expect(orderListReducer(current, { type: 'pageLoaded', page: 2, items: page([7]) })).toBe(current);
  });

  it('an empty first page ends paging', () => {
    expect(orderListReducer(fresh, { type: 'pageLoaded', page: 0, items: [] })).toMatchObject({
      items: [],
      hasMore: false,
    });
  });
});

describe('orderListReducer: reset', () => {
  it('restores defaults but keeps the status catalogue and page size', () => {
    const statuses = [{ id: 'delivered', name: 'Доставлен' }];
    const busy = state({
      sort: 'oldest',
      page: 4,
      pageSize: 50,
      filters: { ...DEFAULT_ORDER_LIST_FILTERS, sender: 'ООО Ромашка', exclude_closed: true },
      statuses,
      selectedStatuses: ['delivered'],
      items: page([1, 2]),
      hasMore: false,
    });
    expect(orderListReducer(busy, { type: 'reset' })).toEqual({ ...createOrderListState(50), statuses });
  });
});

describe('buildCargoListQuery', () => {
  it('builds the minimal query', () => {
    expect(buildCargoListQuery(createOrderListState()).toString()).toBe(
      'all_profiles=false&cargo_type=standard&skip=0&limit=20&sort_by_date=true&reverse_sort_by=true',
    );
  });

  it('builds the full query in a stable order', () => {
    const query = buildCargoListQuery({
      page: 2,
      pageSize: 25,
      sort: 'oldest',
      selectedStatuses: ['in_transit', 'delivered'],
      filters: {
        tracknumber: ' MG-000123 ',
        sender: 'ООО  «Ромашка»',
        recipient: 'Petrov & Co',
        owner_id_profile: '42',
        city_departure: 'Москва',
        city_delivery: 'Санкт-Петербург',
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        exclude_closed: true,
        favorite: true,
      },
    });
    expect([...query.entries()]).toEqual([
      ['all_profiles', 'false'],
      ['cargo_type', 'standard'],
      ['skip', '50'],
      ['limit', '25'],
      ['tracknumber', 'MG-000123'],
      ['sender', 'ООО «Ромашка»'],
      ['recipient', 'Petrov & Co'],
      ['owner_id_profile', '42'],
      ['city_departure', 'Москва'],
      ['city_delivery', 'Санкт-Петербург'],
      ['start_date', '2026-01-01'],
      ['end_date', '2026-01-31'],
      ['sort_by_date', 'true'],
      ['cargo_statuses', 'in_transit'],
      ['cargo_statuses', 'delivered'],
      ['exclude_closed', 'true'],
      ['favorite', 'true'],
    ]);
    expect(query.getAll('cargo_statuses')).toEqual(['in_transit', 'delivered']);
    expect(query.has('reverse_sort_by')).toBe(false);
  });

  it.each([['   '], ['\u200B'], ['']])('skips a blank filter %j', (blank) => {
    const query = buildCargoListQuery({
      ...createOrderListState(),
      filters: { ...DEFAULT_ORDER_LIST_FILTERS, sender: blank, tracknumber: blank },
    });
    expect(query.has('sender') || query.has('tracknumber')).toBe(false);
  });

  it('encodes Cyrillic, emoji and reserved characters', () => {
    const query = buildCargoListQuery({
      ...createOrderListState(),
      filters: { ...DEFAULT_ORDER_LIST_FILTERS, recipient: 'Иван & Co 🚚 a=b' },
    });
    expect(new URLSearchParams(query.toString()).get('recipient')).toBe('Иван & Co 🚚 a=b');
  });
});

describe('OrderListFiltersSchema', () => {
  it('fills defaults and cleans', () => {
    expect(OrderListFiltersSchema.parse({ tracknumber: ' MG 000 123 ', sender: '  ООО   Ромашка ' })).toEqual({
      ...DEFAULT_ORDER_LIST_FILTERS,
      tracknumber: 'MG000123',
      sender: 'ООО Ромашка',
    });
  });

  it.each([
    [{ start_date: '2026-01-01', end_date: '2026-01-01' }, []],
    [{ start_date: '2026-01-31', end_date: '2026-01-01' }, [['end_date', MESSAGES.orderList.dateRangeInvalid]]],
    [{ start_date: '2026-02-30' }, [['start_date', MESSAGES.orderList.dateInvalid]]],
    [{ end_date: '01.01.2026' }, [['end_date', MESSAGES.orderList.dateInvalid]]],
  ])('%j', (input, expected) => {
    const result = OrderListFiltersSchema.safeParse(input);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []).toEqual(expected);
  });

  it('cuts long text at 200 code points', () => {
    expect(OrderListFiltersSchema.parse({ sender: 'я'.repeat(201) }).sender).toHaveLength(200);
  });
});
