import { describe, expect, it } from 'vitest';
import { calibratedMultiplier } from '../lib/cpu-calibration';

describe('calibratedMultiplier (bench:web CPU slowdown)', () => {
  it.each([
    [2000, 6],
    [1533, 4],
    [1300, 3],
    [1050, 2.5],
    [800, 2],
    [150, 1],
    [100, 1],
  ])('BenchmarkIndex %d → %d×', (index, multiplier) => {
    expect(calibratedMultiplier(index)).toBeCloseTo(multiplier, 2);
  });

  it('is continuous at the band edges and never decreases', () => {
    let previous = calibratedMultiplier(0);
    for (let index = 1; index <= 2500; index += 1) {
      const value = calibratedMultiplier(index);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value - previous).toBeLessThan(0.01);
      previous = value;
    }
  });

  it('refuses a missing index', () => {
    expect(() => calibratedMultiplier(Number.NaN)).toThrow();
  });
});
