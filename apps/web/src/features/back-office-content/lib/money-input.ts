/**
 * Kopecks as a rouble amount typed in a field: «1234,5» style, no thousands separators, the
 * decimal part only when there are kopecks (12 345 → «123,45», 10 000 → «100»).
 */
export function kopecksToInput(kopecks: number | null | undefined): string {
  if (kopecks === null || kopecks === undefined) return '';
  const rubles = Math.trunc(kopecks / 100);
  const rest = Math.abs(kopecks % 100);
  return rest === 0 ? String(rubles) : `${rubles},${String(rest).padStart(2, '0')}`;
}

/**
 * A rouble amount as people type it («1 234,50», «1234.5», «1234») → kopecks, rounded to whole
 * kopecks; null when it is not a number. Spaces (including no-break ones) are ignored.
 */
export function inputToKopecks(value: string): number | null {
  const cleaned = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^-?\d+(?:\.\d+)?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** A decimal number as typed («12,5» or «12.5») → number, or null. */
export function inputToNumber(value: string): number | null {
  const cleaned = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^-?\d+(?:\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A number for a field: «12,5». */
export const numberToInput = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value).replace('.', ',');
