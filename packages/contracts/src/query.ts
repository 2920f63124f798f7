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

/** A decimal number as people and our own clients write it: `12`, `-3`, `0.25`. */
export const DECIMAL_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Bounds of {@link queryNumber}, each checked after parsing. */
export interface QueryNumberRules {
  int?: boolean;
  min?: number;
  max?: number;
}

/**
 * A number query parameter, in decimal only ({@link DECIMAL_NUMBER}): what `Number()` would also
 * read but nobody types — hex `0x10`, an exponent `1e3`, `Infinity`, spaces, a leading `+`, an
 * empty value — is refused with `error`, as is anything outside `rules`. A real finite number
 * (a query object built in code) passes too. The site's own queries write numbers with
 * `String(n)` rounded to six places, which stays decimal for every value they send.
 */
export function queryNumber(error: string, rules: QueryNumberRules = {}) {
  let number = z.number({ error });
  if (rules.int) number = number.int({ error });
  if (rules.min !== undefined) number = number.min(rules.min, { error });
  if (rules.max !== undefined) number = number.max(rules.max, { error });
  return z
    .union([z.number({ error }), z.string({ error }).regex(DECIMAL_NUMBER, { error }).transform(Number)], { error })
    .pipe(number);
}

/**
 * For a query-string object schema, a function that removes the parameters given empty
 * (`?city_name=`) which the schema can go without: an empty optional parameter means "not
 * given", as the spec's own calls send it. A required parameter given empty stays, so it gets
 * its own message. Schemas that are not objects pass the query through untouched.
 */
export function emptyParamsAsAbsent(schema: unknown): (query: unknown) => unknown {
  if (!(schema instanceof z.ZodObject)) return (query) => query;
  const optional = new Set(
    Object.entries(schema.shape as Record<string, z.ZodType>)
      .filter(([, field]) => field.safeParse(undefined).success)
      .map(([name]) => name),
  );
  if (optional.size === 0) return (query) => query;
  return (query) => {
    if (typeof query !== 'object' || query === null) return query;
    const entries = Object.entries(query);
    if (!entries.some(([name, value]) => value === '' && optional.has(name))) return query;
    return Object.fromEntries(entries.filter(([name, value]) => !(value === '' && optional.has(name))));
  };
}

/** A URLSearchParams as the plain object a query-string parser produces: repeated keys become arrays. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    result[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return result;
}
