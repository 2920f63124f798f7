import { describe, expect, it } from 'vitest';
import { inputToKopecks, inputToNumber, kopecksToInput, numberToInput } from './money-input';

describe('rouble fields', () => {
  it.each([
    [12_345, '123,45'],
    [10_000, '100'],
    [5, '0,05'],
    [null, ''],
  ])('%j kopecks → %j', (kopecks, text) => {
    expect(kopecksToInput(kopecks)).toBe(text);
  });

  it.each([
    ['123,45', 12_345],
    ['1 234,5', 123_450],
    ['1\u00a0234.50', 123_450],
    ['100', 10_000],
    ['0,005', 1],
    ['', null],
    ['12р', null],
    ['1,2,3', null],
  ])('%j → %j kopecks', (text, kopecks) => {
    expect(inputToKopecks(text)).toBe(kopecks);
  });

  it('reads and writes decimal numbers with a comma', () => {
    expect(inputToNumber('12,5')).toBe(12.5);
    expect(inputToNumber('-7')).toBe(-7);
    expect(inputToNumber('abc')).toBeNull();
    expect(numberToInput(12.5)).toBe('12,5');
    expect(numberToInput(null)).toBe('');
  });
});
