import { describe, expect, it } from 'vitest';
import { distributeProgress } from './post-multipart';

describe('distributeProgress', () => {
  it.each([
    [[100, 100], 0, 200, [0, 0]],
    [[100, 100], 50, 200, [50, 0]],
    [[100, 100], 150, 200, [100, 50]],
    [[100, 100], 200, 200, [100, 100]],
    [[100, 300], 220, 440, [100, 33]],
    [[10], 999, 10, [100]],
    [[], 5, 10, []],
  ])('sizes %j, %i of %i bytes → %j', (sizes, loaded, total, expected) => {
    expect(distributeProgress(sizes, loaded, total)).toEqual(expected);
  });
});
