import { describe, expect, it } from 'vitest';
import { coordinatesParam, parseCoordinatesParam } from './near-point';

describe('the visitor position in the offices address', () => {
  it('rounds to about 100 m and reads back the same point', () => {
    expect(coordinatesParam(55.764712, 37.605541)).toBe('55.765,37.606');
    expect(coordinatesParam(-33.9, 151.2)).toBe('-33.9,151.2');
    expect(parseCoordinatesParam(coordinatesParam(55.764712, 37.605541))).toEqual({ lat: 55.765, lon: 37.606 });
  });

  it.each(['', '55.7', '55.7;37.6', '91,37', '55,181', 'abc,def', '55.7,37.6,1', '0x10,20', '55.1234567,37'])(
    'refuses %j',
    (value) => {
      expect(parseCoordinatesParam(value)).toBeNull();
    },
  );
});
