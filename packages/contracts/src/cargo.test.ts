import {
  buildCargoListQuery,
  createOrderListState,
  DEFAULT_ORDER_LIST_FILTERS,
  MESSAGES,
  ORDER_LIST_PAGE_SIZE,
} from '@freight/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CargoListQuerySchema } from './cargo';
import { searchParamsToObject } from './query';

const issues = (input: unknown) =>
  CargoListQuerySchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('CargoListQuerySchema', () => {
  it('fills every default for an empty query', () => {
    expect(CargoListQuerySchema.parse({})).toEqual({
      all_profiles: false,
      cargo_type: 'standard',
      skip: 0,
      limit: ORDER_LIST_PAGE_SIZE,
      sort_by_date: false,
      sort_by_price: false,
      sort_by_status_date: false,
      reverse_sort_by: false,
      cargo_statuses: [],
      exclude_closed: false,
      favorite: false,
    });
  });

  it('reads back what the domain builds (round trip through the query string)', () => {
    const params = buildCargoListQuery({
      page: 3,
      pageSize: 10,
      sort: 'newest',
      selectedStatuses: ['in_transit', 'delivered'],
      filters: {
        ...DEFAULT_ORDER_LIST_FILTERS,
        tracknumber: 'MG-1',
        sender: 'ООО «Ромашка»',
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        exclude_closed: true,
      },
    });
    const parsed = CargoListQuerySchema.parse(searchParamsToObject(new URLSearchParams(params.toString())));
    expect(parsed).toMatchObject({
      all_profiles: false,
      skip: 30,
      limit: 10,
      tracknumber: 'MG-1',
      sender: 'ООО «Ромашка»',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      sort_by_date: true,
      reverse_sort_by: true,
      cargo_statuses: ['in_transit', 'delivered'],
      exclude_closed: true,
    });
    expect(parsed.recipient).toBeUndefined();
  });

  it('takes one cargo_statuses value as an array', () => {
    expect(CargoListQuerySchema.parse({ cargo_statuses: 'delivered' }).cargo_statuses).toEqual(['delivered']);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    [true, true],
  ])('exclude_closed %j → %s', (value, expected) => {
    expect(CargoListQuerySchema.parse({ exclude_closed: value }).exclude_closed).toBe(expected);
  });

  it.each([
    ['   ', undefined],
    ['\u200B', undefined],
    [' MG 1 ', 'MG1'],
  ])('tracknumber %j → %j', (value, expected) => {
    expect(CargoListQuerySchema.parse({ tracknumber: value }).tracknumber).toBe(expected);
  });

  it.each([
    [{ limit: '100' }, []],
    [{ limit: '101' }, [['limit', MESSAGES.orderList.queryInvalid]]],
    [{ limit: '0' }, [['limit', MESSAGES.orderList.queryInvalid]]],
    [{ skip: '-1' }, [['skip', MESSAGES.orderList.queryInvalid]]],
    [{ skip: '1.5' }, [['skip', MESSAGES.orderList.queryInvalid]]],
    [{ skip: 'abc' }, [['skip', MESSAGES.orderList.queryInvalid]]],
    [{ cargo_type: 'express' }, [['cargo_type', MESSAGES.orderList.queryInvalid]]],
    [{ exclude_closed: 'yes' }, [['exclude_closed', MESSAGES.orderList.queryInvalid]]],
    [{ start_date: '31-01-2026' }, [['start_date', MESSAGES.orderList.dateInvalid]]],
    [{ start_date: '2026-02-01', end_date: '2026-01-01' }, [['end_date', MESSAGES.orderList.dateRangeInvalid]]],
  ])('%j → %j', (input, expected) => {
    expect(issues(input)).toEqual(expected);
  });

  it('cuts a long filter at 200 code points', () => {
    expect(CargoListQuerySchema.parse({ sender: 'я'.repeat(300) }).sender).toHaveLength(200);
  });

  it('is representable in OpenAPI (input side)', () => {
    expect(() => z.toJSONSchema(CargoListQuerySchema, { io: 'input' })).not.toThrow();
  });

  it('agrees with the default list state', () => {
    const parsed = CargoListQuerySchema.parse(searchParamsToObject(buildCargoListQuery(createOrderListState())));
    expect(parsed).toMatchObject({ skip: 0, limit: ORDER_LIST_PAGE_SIZE, sort_by_date: true, reverse_sort_by: true });
  });
});
