import type { FieldValues } from 'react-hook-form';

/**
 * A form's values from a saved record (an API row): each field of `empty` takes the record's
 * value of the same name — a number as its text, as the inputs hold it (`12` → `'12'`) — and keeps
 * its empty value where the record has none (null, absent, or no record at all). Fields that need
 * more than that (a time in Moscow, kopecks as roubles) are set over the result by the caller.
 */
export function formValuesOf<Values extends FieldValues>(empty: Values, record: object | null | undefined): Values {
  const source = (record ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = { ...empty };
  for (const [name, blank] of Object.entries(empty)) {
    const value = source[name];
    if (value === null || value === undefined) continue;
    values[name] = typeof blank === 'string' && typeof value === 'number' ? String(value) : value;
  }
  return values as Values;
}
