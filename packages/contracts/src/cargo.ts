import {
  cleanedString,
  isIsoDate,
  MESSAGES,
  ORDER_LIST_FILTER_MAX_LENGTH,
  ORDER_LIST_MAX_PAGE_SIZE,
  ORDER_LIST_PAGE_SIZE,
} from '@freight/domain';
import { z } from 'zod';
import { queryArray, queryBoolean, queryNumber } from './query';

const invalid = { error: MESSAGES.orderList.queryInvalid };

// Blank filters mean «not set», exactly as buildCargoListQuery leaves them out.
const textFilter = (options: { allowSpaces?: boolean } = {}) =>
  cleanedString({ maxLength: ORDER_LIST_FILTER_MAX_LENGTH, ...options })
    .optional()
    .transform((value) => value || undefined);

const dateFilter = z.string(invalid).refine(isIsoDate, { error: MESSAGES.orderList.dateInvalid }).optional();

/**
 * Query of GET /cargo/cargo (spec section 7), as built by `buildCargoListQuery` of the domain.
 * Strings from the query string are read: booleans from `true`/`false`, numbers in decimal only,
 * `cargo_statuses` from one or many values. Defaults: `all_profiles=false`,
 * `cargo_type=standard`, `skip=0`, `limit=20` (at most 100), every flag false, no statuses.
 * `favorite=true` keeps only the caller's favourite cargos (issue #14).
 */
export const CargoListQuerySchema = z
  .object({
    all_profiles: queryBoolean.default(false),
    cargo_type: z.literal('standard', invalid).default('standard'),
    skip: queryNumber(invalid.error, { int: true, min: 0 }).default(0),
    limit: queryNumber(invalid.error, { int: true, min: 1, max: ORDER_LIST_MAX_PAGE_SIZE }).default(
      ORDER_LIST_PAGE_SIZE,
    ),
    tracknumber: textFilter({ allowSpaces: false }),
    sender: textFilter(),
    recipient: textFilter(),
    owner_id_profile: textFilter(),
    city_departure: textFilter(),
    city_delivery: textFilter(),
    start_date: dateFilter,
    end_date: dateFilter,
    sort_by_date: queryBoolean.default(false),
    sort_by_price: queryBoolean.default(false),
    sort_by_status_date: queryBoolean.default(false),
    reverse_sort_by: queryBoolean.default(false),
    cargo_statuses: queryArray.default([]),
    exclude_closed: queryBoolean.default(false),
    /** Only the caller's favourite cargos (marked with POST duty_favorite_cargo). */
    favorite: queryBoolean.default(false),
  })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    error: MESSAGES.orderList.dateRangeInvalid,
    path: ['end_date'],
  });
// No `.meta({ id })`: a query string schema must stay inline for the OpenAPI generator.

export type CargoListQueryInput = z.input<typeof CargoListQuerySchema>;
export type CargoListQuery = z.output<typeof CargoListQuerySchema>;
