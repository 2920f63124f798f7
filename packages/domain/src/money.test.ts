import { describe, expect, it } from 'vitest';
import { formatNumber, formatRub, NBSP, rublesToKopecks } from './money';

describe('formatRub', () => {
  it.each([
    [0, '0\u00A0₽'],
    [1, '0,01\u00A0₽'],
    [50, '0,50\u00A0₽'],
    [100, '1\u00A0₽'],
    [99_900, '999\u00A0₽'],
    [100_000, '1\u00A0000\u00A0₽'],
    [123_450, '1\u00A0234,50\u00A0₽'],
    [1_250_000, '12\u00A0500\u00A0₽'],
    [1_250_001, '12\u00A0500,01\u00A0₽'],
    [123_456_789_00, '123\u00A0456\u00A0789\u00A0₽'],
    [-1_250_000, '-12\u00A0500\u00A0₽'],
    [-5, '-0,05\u00A0₽'],
    [-0, '0\u00A0₽'],
  ])('%i kopecks → %j', (kopecks, expected) => {
    expect(formatRub(kopecks)).toBe(expected);
  });

  it('uses no-break spaces, never plain ones', () => {
    expect(formatRub(1_250_000)).not.toContain(' ');
    expect(NBSP).toBe('\u00A0');
  });

  it.each([[0.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53]])('refuses %s', (kopecks) => {
    expect(() => formatRub(kopecks)).toThrow(RangeError);
  });

  it('agrees with Intl for whole and fractional amounts', () => {
    const intl = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' });
    expect(formatRub(123_450)).toBe(intl.format(1234.5));
  });
});

describe('rublesToKopecks', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12500, 1_250_000],
    [1234.5, 123_450],
    [0.1 + 0.2, 30],
    [1.005, 101], // binary 1.00499… still rounds half away from zero
    [-1.005, -101],
    [0.004, 0],
    [-0.004, 0],
  ])('%s ₽ → %i', (rubles, expected) => {
    expect(rublesToKopecks(rubles)).toBe(expected);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [1e20]])('refuses %s', (rubles) => {
    expect(() => rublesToKopecks(rubles)).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it.each<[number, number | undefined, string]>([
    [0, undefined, '0'],
    [1234.5, undefined, '1\u00A0234,5'],
    [12345.678, undefined, '12\u00A0345,68'],
    [0.000775, 6, '0,000775'],
    [2.5, 0, '3'],
    [-0.001, undefined, '0'],
    [-1500, undefined, '-1\u00A0500'],
    [Number.NaN, undefined, ''],
    [Number.NEGATIVE_INFINITY, undefined, ''],
  ])('%s (max %s digits) → %j', (value, digits, expected) => {
    expect(digits === undefined ? formatNumber(value) : formatNumber(value, digits)).toBe(expected);
  });
});
