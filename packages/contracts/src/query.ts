import { MESSAGES } from '@freight/domain';
import { z } from 'zod';

/**
 * A boolean query parameter: `true`/`false` (also `1`/`0`) as a query string carries it, or a
 * real boolean when the object is built in code. Anything else is refused rather than read as false.
 */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: MESSAGES.orderList.queryInvalid })
  .transform((value) => value === true || value === 'true' || value === '1');

/**
 * A repeated query parameter (`?a=x&a=y`): the query parser gives a string for one value and
 * an array for several; both become an array.
 */
export const queryArray = z
  .union([z.string(), z.array(z.string())], { error: MESSAGES.orderList.queryInvalid })
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** A URLSearchParams as the plain object a query-string parser produces: repeated keys become arrays. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    result[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return result;
}
