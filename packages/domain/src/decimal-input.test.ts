import { describe, expect, it } from 'vitest';
import { formatRuDecimalInput, parseRuDecimal, type ParseRuDecimalOptions } from './decimal-input';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('parseRuDecimal', () => {
  it.each<[string, number]>([
    ['0,288', 0.288],
    ['0.288', 0.288],
    ['12', 12],
    ['45,5', 45.5],
    ['45.5', 45.5],
    ['1 000', 1000],
    [`1${NBSP}000,5`, 1000.5],
    [`1${NNBSP}000${NNBSP}000.25`, 1_000_000.25],
    ['  7,25 ', 7.25],
    [',5', 0.5],
    ['.5', 0.5],
    ['5,', 5],
    ['007', 7],
    ['0,000001', 0.000001],
    ['3,141592653589793', 3.141592653589793],
    ['15 00', 1500],
  ])('%j → %s', (text, expected) => {
    expect(parseRuDecimal(text)).toBe(expected);
  });

  it.each(['', '   ', `${NBSP}`])('%j (blank) → null', (text) => {
    expect(parseRuDecimal(text)).toBeNull();
  });

  it.each([
    ['1,2,3'],
    ['1.2.3'],
    ['1.000,5'],
    ['0x10'],
    ['1e3'],
    ['1E3'],
    ['Infinity'],
    ['NaN'],
    ['+5'],
    ['12кг'],
    ['кг12'],
    ['~5'],
    ['5 ,5'],
    ['1  000'],
    ['1_000'],
    ["1'000"],
    ['-'],
    [','],
    ['.'],
    ['- 5'],
    ['5-'],
    ['1'.padEnd(400, '0')],
  ])('%j → NaN', (text) => {
    expect(parseRuDecimal(text)).toBeNaN();
  });

  it('refuses a minus unless negative numbers are allowed', () => {
    expect(parseRuDecimal('-1,5')).toBeNaN();
    expect(parseRuDecimal('-1,5', { negative: true })).toBe(-1.5);
    expect(parseRuDecimal('-1 000.25', { negative: true })).toBe(-1000.25);
    expect(Object.is(parseRuDecimal('-0', { negative: true }), 0)).toBe(true);
    expect(Object.is(parseRuDecimal('-0,0', { negative: true }), 0)).toBe(true);
  });

  it.each<[string, ParseRuDecimalOptions, number]>([
    ['0,288', { decimals: 3 }, 0.288],
    ['0,2885', { decimals: 3 }, Number.NaN],
    ['0,500', { decimals: 1 }, 0.5],
    ['100,50', { decimals: 2 }, 100.5],
    ['100,505', { decimals: 2 }, Number.NaN],
    ['3', { decimals: 0 }, 3],
    ['3,0', { decimals: 0 }, 3],
    ['3,5', { decimals: 0 }, Number.NaN],
    ['0,123456789012', {}, 0.123456789012],
  ])('%j with %j → %s (many decimals)', (text, options, expected) => {
    expect(parseRuDecimal(text, options)).toBe(expected);
  });
});

describe('formatRuDecimalInput', () => {
  it.each<[number | null, number | undefined, string]>([
    [0.5, undefined, '0,5'],
    [0.288, 3, '0,288'],
    [1000.5, undefined, `1${NBSP}000,5`],
    [1000, 0, `1${NBSP}000`],
    [100_000_000, 2, `100${NBSP}000${NBSP}000`],
    [12, 2, '12'],
    [45.5, 2, '45,5'],
    [0.035937, 6, '0,035937'],
    [1.005, 2, '1,01'],
    [2.5, 0, '3'],
    [-2.5, 0, '-3'],
    [-0.001, 2, '0'],
    [-1234.5, 1, `-1${NBSP}234,5`],
    [null, 2, ''],
    [Number.NaN, 2, ''],
    [Number.POSITIVE_INFINITY, 2, ''],
  ])('%s with %s decimals → %j', (value, decimals, expected) => {
    expect(formatRuDecimalInput(value, decimals)).toBe(expected);
  });

  it.each([0, 0.5, 0.288, 1000.5, 45.25, 1_234_567.891, 0.000001])('parse reads %s back', (value) => {
    expect(parseRuDecimal(formatRuDecimalInput(value, 6), { decimals: 6 })).toBe(value);
  });
});
