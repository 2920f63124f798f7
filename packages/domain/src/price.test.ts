import { describe, expect, it } from 'vitest';
import { PRICE_MIN_WEIGHT_OR_VOLUME } from './constants';
import { preparePriceMeasures, toPriceAmount } from './price';

describe('toPriceAmount', () => {
  it.each([
    [0, 0.01],
    [0.001, 0.01],
    [0.0099, 0.01],
    [0.01, 0.01], // exactly at the minimum
    [0.011, 0.011], // just above: unchanged, no rounding
    [1, 1],
    [1500.5, 1500.5],
    [-3, 0.01],
    [null, 0.01],
    [undefined, 0.01],
    [Number.NaN, 0.01],
    [Number.POSITIVE_INFINITY, 0.01],
  ])('%s → %s', (input, expected) => {
    expect(toPriceAmount(input)).toBe(expected);
  });

  it('uses the constant of section 9', () => {
    expect(PRICE_MIN_WEIGHT_OR_VOLUME).toBe(0.01);
  });
});

describe('preparePriceMeasures', () => {
  it.each([
    [
      { weight: 0, volume: null },
      { weight: 0.01, volume: 0.01 },
    ],
    [
      { weight: 12, volume: 0.000775 },
      { weight: 12, volume: 0.01 },
    ],
    [
      { weight: 0.5, volume: 2 },
      { weight: 0.5, volume: 2 },
    ],
  ])('%j → %j', (input, expected) => {
    expect(preparePriceMeasures(input)).toEqual(expected);
  });
});
