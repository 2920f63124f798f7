import { NBSP } from './number-format';

export { NBSP, formatNumber } from './number-format';

/**
 * Integer kopecks as roubles for the UI (house rule 7): `1250000` → '12 500 ₽',
 * `123450` → '1 234,50 ₽'. Groups of three digits and the space before ₽ are U+00A0; kopecks
 * are shown (always two digits after a comma) only when non-zero; negative amounts get a
 * leading '-'. No rounding happens: money is never fractional kopecks, so a non-integer or
 * unsafe integer throws RangeError instead of printing a wrong amount.
 */
export function formatRub(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks)) throw new RangeError(`Kopecks must be a safe integer, got ${kopecks}`);
  const sign = kopecks < 0 ? '-' : '';
  const absolute = Math.abs(kopecks);
  const rubles = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const rest = absolute % 100;
  const fraction = rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`;
  return `${sign}${rubles}${fraction}${NBSP}₽`;
}

/**
 * Roubles (as an upstream API or a price list gives them) to integer kopecks, rounding half
 * away from zero after clearing binary noise: 1.005 → 101, -1.005 → -101, 12500 → 1250000.
 * Throws RangeError for NaN, Infinity or amounts beyond safe integers.
 */
export function rublesToKopecks(rubles: number): number {
  const scaled = Number((Math.abs(rubles) * 100).toPrecision(15));
  const kopecks = Math.sign(rubles) * Math.round(scaled);
  if (!Number.isSafeInteger(kopecks)) throw new RangeError(`Cannot convert ${rubles} roubles to kopecks`);
  return kopecks === 0 ? 0 : kopecks;
}
