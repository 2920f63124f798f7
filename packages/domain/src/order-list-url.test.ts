import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { DEFAULT_ORDER_LIST_FILTERS } from './order-list';
import { defaultOrderListUrlState, isOrderListFiltered, orderListUrlQuery, parseOrderListUrl } from './order-list-url';

describe('parseOrderListUrl', () => {
  it('reads nothing as the defaults', () => {
    expect(parseOrderListUrl(new URLSearchParams())).toEqual({ state: defaultOrderListUrlState(), errors: {} });
    expect(isOrderListFiltered(defaultOrderListUrlState())).toBe(false);
  });

  it('reads every filter, statuses (repeated or comma-separated), favourites and the sort', () => {
    const { state, errors } = parseOrderListUrl({
      tracknumber: ' MG 2600 ',
      sender: '  ООО   Ромашка ',
      recipient: 'Анна',
      owner_id_profile: '7701234567',
      city_departure: 'Москва',
      city_delivery: 'Казань',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      exclude_closed: '1',
      favorites: 'true',
      status: ['released', 'cancelled,created', 'released'],
      sort: 'price_asc',
    });
    expect(errors).toEqual({});
    expect(state).toEqual({
      sort: 'price_asc',
      selectedStatuses: ['released', 'cancelled', 'created'],
      filters: {
        tracknumber: 'MG2600',
        sender: 'ООО Ромашка',
        recipient: 'Анна',
        owner_id_profile: '7701234567',
        city_departure: 'Москва',
        city_delivery: 'Казань',
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        exclude_closed: true,
        favorite: true,
      },
    });
  });

  it('drops impossible values and explains each in Russian', () => {
    const { state, errors } = parseOrderListUrl(
      new URLSearchParams('start_date=2026-02-30&end_date=2026-01-01&status=delivered&status=released&sort=cheap'),
    );
    expect(errors).toEqual({
      start_date: MESSAGES.orderList.dateInvalid,
      status: 'Неизвестный статус: delivered. Выберите статусы из списка',
      sort: MESSAGES.orderList.sortUnknown,
    });
    expect(state.filters.start_date).toBeNull();
    expect(state.filters.end_date).toBe('2026-01-01');
    expect(state.selectedStatuses).toEqual(['released']);
    expect(state.sort).toBe('newest');
  });

  it('refuses an end before the start, keeping the start', () => {
    const { state, errors } = parseOrderListUrl({ start_date: '2026-03-01', end_date: '2026-02-01' });
    expect(errors).toEqual({ end_date: MESSAGES.orderList.dateRangeInvalid });
    expect(state.filters).toEqual({ ...DEFAULT_ORDER_LIST_FILTERS, start_date: '2026-03-01' });
  });
});

describe('orderListUrlQuery', () => {
  it('leaves the defaults out and orders statuses by the flow', () => {
    expect(orderListUrlQuery(defaultOrderListUrlState()).toString()).toBe('');
    const state = {
      ...defaultOrderListUrlState(),
      sort: 'oldest' as const,
      selectedStatuses: ['released' as const, 'created' as const],
      filters: { ...DEFAULT_ORDER_LIST_FILTERS, sender: ' Иван & Co ', favorite: true, start_date: '2026-01-01' },
    };
    const query = orderListUrlQuery(state);
    expect(query.toString()).toBe(
      'sender=%D0%98%D0%B2%D0%B0%D0%BD+%26+Co&start_date=2026-01-01&favorites=1&status=created&status=released&sort=oldest',
    );
    expect(isOrderListFiltered(state)).toBe(true);
  });

  it('round-trips through parseOrderListUrl', () => {
    const { state } = parseOrderListUrl(
      'tracknumber=MG-2600-00019&city_delivery=Казань&exclude_closed=1&status=in_transit&sort=status_date'
        .split('&')
        .reduce<Record<string, string>>((acc, pair) => {
          const [key, value] = pair.split('=');
          acc[key!] = value!;
          return acc;
        }, {}),
    );
    expect(parseOrderListUrl(orderListUrlQuery(state)).state).toEqual(state);
  });
});
