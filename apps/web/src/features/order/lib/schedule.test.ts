import { describe, expect, it } from 'vitest';
import { createCalendar } from '@freight/domain/dates';
import {
  breakOptions,
  departureDateOptions,
  deliveryDateOptions,
  earliestDepartureDate,
  formatDateChip,
  minutesOfDay,
  windowEndOptions,
  windowStartOptions,
  workingDaysFrom,
} from './schedule';

const MSK = 'Europe/Moscow';
// 2026-11-23 is a Monday; 2026-11-04 a holiday (День народного единства).
const at = (iso: string) => new Date(iso);

describe('order schedule', () => {
  it('reads the wall clock of the city', () => {
    expect(minutesOfDay(at('2026-11-23T06:30:00Z'), MSK)).toBe(9 * 60 + 30);
    expect(minutesOfDay(at('2026-11-23T06:30:00Z'), 'Asia/Novosibirsk')).toBe(13 * 60 + 30);
  });

  it('offers today before 16:00 while a window fits, else the next working day', () => {
    expect(earliestDepartureDate(at('2026-11-23T06:00:00Z'), MSK)).toBe('2026-11-23'); // 09:00
    expect(earliestDepartureDate(at('2026-11-23T11:30:00Z'), MSK)).toBe('2026-11-23'); // 14:30: 16:00–18:00 fits
    expect(earliestDepartureDate(at('2026-11-23T12:10:00Z'), MSK)).toBe('2026-11-24'); // 15:10: no window left
    expect(earliestDepartureDate(at('2026-11-23T13:00:00Z'), MSK)).toBe('2026-11-24'); // 16:00
    // Friday evening → Monday; a holiday is skipped.
    expect(earliestDepartureDate(at('2026-11-27T14:00:00Z'), MSK)).toBe('2026-11-30');
    expect(earliestDepartureDate(at('2026-11-03T14:00:00Z'), MSK)).toBe('2026-11-05');
    // The city's own clock decides: 15:00 in Moscow is 19:00 in Novosibirsk.
    expect(earliestDepartureDate(at('2026-11-23T12:00:00Z'), 'Asia/Novosibirsk')).toBe('2026-11-24');
  });

  it('offers ten working days of the production calendar', () => {
    const days = departureDateOptions(at('2026-12-28T06:00:00Z'), MSK);
    expect(days).toHaveLength(10);
    expect(days.slice(0, 4)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2027-01-11']);
    expect(days).not.toContain('2026-12-31');
    expect(deliveryDateOptions('2026-11-07')[0]).toBe('2026-11-09');
    const everyDay = createCalendar(new Map(), { isWorkingDay: () => true });
    expect(workingDaysFrom('2026-11-07', 3, everyDay)).toEqual(['2026-11-07', '2026-11-08', '2026-11-09']);
    expect(workingDaysFrom('2026-11-07', 3, { isWorkingDay: () => false })).toEqual([]);
  });

  it('offers whole-hour windows of at least two hours between 09:00 and 18:00', () => {
    expect(windowStartOptions('2026-11-24', '2026-11-23', 600)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    // Today at 10:20: the car needs an hour, the next whole hour is 12:00.
    expect(windowStartOptions('2026-11-23', '2026-11-23', 10 * 60 + 20)[0]).toBe('12:00');
    expect(windowStartOptions('2026-11-23', '2026-11-23', 15 * 60 + 1)).toEqual([]);
    expect(windowEndOptions('14:00')).toEqual(['16:00', '17:00', '18:00']);
    expect(windowEndOptions(null)[0]).toBe('11:00');
  });

  it('offers breaks strictly inside the window', () => {
    expect(breakOptions('09:00', '18:00')).toEqual({
      starts: ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'],
      ends: ['11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'],
    });
    expect(breakOptions('09:00', '11:00')).toEqual({ starts: [], ends: [] });
    expect(breakOptions(null, '11:00')).toEqual({ starts: [], ends: [] });
  });

  it('labels a date chip in Russian', () => {
    expect(formatDateChip('2026-11-23')).toEqual({ weekday: 'пн', day: '23 ноября' });
    expect(formatDateChip('2027-01-03')).toEqual({ weekday: 'вс', day: '3 января' });
  });
});
