// Apart from money.ts so that a page which only counts things (plural forms) does not ship the
// kopeck formatting with it: bundlers keep or drop whole modules.

/** U+00A0: Russian typography keeps digit groups and the ₽ sign on one line. */
export const NBSP = '\u00A0';

const numberFormats = new Map<number, Intl.NumberFormat>();

/**
 * A number in Russian notation for weights, volumes and counts: '12 345,5' (U+00A0 groups,
 * decimal comma), rounded half away from zero to at most `maximumFractionDigits` (default 2, 0–20);
 * trailing zeros dropped; a value that rounds to zero never shows '-0'. NaN and ±Infinity give ''.
 */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  if (!Number.isFinite(value)) return '';
  let format = numberFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', { maximumFractionDigits, signDisplay: 'negative' });
    numberFormats.set(maximumFractionDigits, format);
  }
  return format.format(value);
}
