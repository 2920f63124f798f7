/**
 * Numbers as people type them into a field, the Russian way («0,288», «1 000,5») or the English
 * way («0.288»). The field is a text input (a browser's number input mangles a decimal comma and
 * steps on the mouse wheel); these two functions are its whole grammar. URLs and the API keep
 * JavaScript numbers, so dots there.
 */

/** Space, no-break space (what Intl and formatRub put between digit groups) and narrow no-break space. */
const GROUP_SEPARATOR = '[ \\u00a0\\u202f]';

/**
 * An optional minus, the integer part (digit runs joined by one group separator each), then
 * optionally one decimal separator and the fraction digits. Either part may be missing, not both:
 * «5,» and «,5» are what people type on the way to «5,5».
 */
const DECIMAL = new RegExp(`^(-?)(\\d+(?:${GROUP_SEPARATOR}\\d+)*)?(?:[.,](\\d*))?$`, 'u');

/** Intl caps fraction digits at 20 (older engines) — so do we. */
const MAX_DECIMALS = 20;

export interface ParseRuDecimalOptions {
  /**
   * Most digits after the separator; more is refused (NaN), except trailing zeros («0,50» with
   * 1 is 0.5). 0 makes it an integer field. Default: no limit.
   */
  decimals?: number;
  /** Whether a leading minus is accepted; default false (weights, volumes, money typed by clients). */
  negative?: boolean;
}

/**
 * The number a field's text means: `null` for a blank text (spaces only), `NaN` for anything
 * else that is not a plain decimal number.
 *
 * Accepted: digits with «,» or «.» as the decimal separator (one of them, once); spaces, no-break
 * and narrow no-break spaces between digits as group separators («1 000 000,5»), which are not
 * checked to come every three digits (so editing «15 000» into «15 00» on the way to «15 500» is
 * not an error); surrounding spaces; a missing integer part («,5» → 0.5) or fraction («5,» → 5).
 * Refused (NaN): any other character (letters, units, «+», «0x10», «1e3», «Infinity»), two
 * separators («1,2,3», «1.000,5»), a minus when `negative` is not set, more fraction digits than
 * `decimals`, a value too large to be finite. «-0» is 0.
 */
export function parseRuDecimal(text: string, options: ParseRuDecimalOptions = {}): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = DECIMAL.exec(trimmed);
  if (!match) return Number.NaN;
  const [, sign = '', integer = '', fraction = ''] = match;
  if (integer === '' && fraction === '') return Number.NaN;
  if (sign && !options.negative) return Number.NaN;
  const significant = fraction.replace(/0+$/u, '');
  if (options.decimals !== undefined && significant.length > options.decimals) return Number.NaN;
  const value = Number(`${sign}${integer.replace(/\D/gu, '') || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return Number.NaN;
  return value === 0 ? 0 : value;
}

const inputFormats = new Map<number, Intl.NumberFormat>();

/**
 * A number as a field shows it once the visitor has left it: Russian notation with a decimal
 * comma and no-break spaces between groups of three digits from 1 000 on («1 000,5», «0,288»),
 * rounded half away from zero to at most `decimals` fraction digits (default 2, 0–20), trailing
 * zeros dropped, never «-0». `null`, NaN and ±Infinity give '' (an empty field).
 * `parseRuDecimal` reads every string this returns back to the rounded number.
 */
export function formatRuDecimalInput(value: number | null, decimals = 2): string {
  if (value === null || !Number.isFinite(value)) return '';
  const digits = Math.min(Math.max(Math.trunc(decimals), 0), MAX_DECIMALS);
  let format = inputFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', {
      maximumFractionDigits: digits,
      useGrouping: 'always',
      signDisplay: 'negative',
    });
    inputFormats.set(digits, format);
  }
  return format.format(value);
}
