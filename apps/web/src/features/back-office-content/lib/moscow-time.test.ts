import { describe, expect, it } from 'vitest';
import { fromMoscowInput, moscowDayBound, toMoscowInput } from './moscow-time';

describe('Moscow date-time fields', () => {
  it.each([
    ['2026-03-03T07:00:00.000Z', '2026-03-03T10:00'],
    ['2026-12-31T21:30:00Z', '2027-01-01T00:30'],
    ['2026-07-01T12:00:00+03:00', '2026-07-01T12:00'],
    [null, ''],
    ['not a date', ''],
  ])('%s → %j', (iso, input) => {
    expect(toMoscowInput(iso)).toBe(input);
  });

  it('reads a field as Moscow time and round-trips', () => {
    expect(fromMoscowInput('2026-03-03T10:00')).toBe('2026-03-03T10:00:00+03:00');
    expect(toMoscowInput(fromMoscowInput('2026-03-03T10:00'))).toBe('2026-03-03T10:00');
    expect(fromMoscowInput('')).toBeNull();
    expect(fromMoscowInput('03.03.2026 10:00')).toBeNull();
  });

  it('bounds a day', () => {
    expect(moscowDayBound('2026-03-03', 'start')).toBe('2026-03-03T00:00:00+03:00');
    expect(moscowDayBound('2026-03-03', 'end')).toBe('2026-03-03T23:59:59+03:00');
    expect(moscowDayBound('', 'end')).toBeNull();
  });
});
