import { describe, expect, it } from 'vitest';
import { addWorkingDays } from './dates';
import {
  countWorkingTime,
  getCalendarYear,
  getProductionDay,
  listProductionDays,
  listSpecialDays,
  PRODUCTION_CALENDAR,
  RU_PRODUCTION_CALENDAR,
} from './production-calendar';

describe('production calendar: official totals', () => {
  it.each([
    [2024, 248, 1979],
    [2025, 247, 1972],
    [2026, 247, 1972],
  ])('%i has %i working days and %i hours at a 40-hour week', (year, days, hours) => {
    expect(countWorkingTime(year)).toEqual({ workingDays: days, hours });
  });

  it('marks 2024–2026 official and 2027 provisional', () => {
    expect(PRODUCTION_CALENDAR.map((y) => [y.year, y.status])).toEqual([
      [2024, 'official'],
      [2025, 'official'],
      [2026, 'official'],
      [2027, 'provisional'],
    ]);
    expect(getCalendarYear(2030)).toBeUndefined();
  });
});

describe('production calendar: days', () => {
  it.each([
    ['2026-01-07', 'holiday', false, 'Рождество Христово'],
    ['2026-01-09', 'transferred_day_off', false, 'Перенесённый выходной день'],
    ['2025-11-01', 'working_weekend', true, 'Рабочий выходной день (перенос)'],
    ['2026-04-30', 'working', true, 'Предпраздничный день, сокращён на 1 час'],
    ['2026-11-21', 'weekend', false, null],
    ['2026-11-20', 'working', true, null],
  ])('%s is %s', (date, type, working, title) => {
    expect(getProductionDay(date)).toMatchObject({ type, isWorkingDay: working, title });
  });

  it('lists every day of a year and the special ones', () => {
    expect(listProductionDays(2024)).toHaveLength(366);
    const special = listSpecialDays(2026);
    expect(special.map((d) => d.date)).toContain('2026-12-31');
    expect(special.every((d) => d.type !== 'weekend')).toBe(true);
    expect(() => listProductionDays(0)).toThrow(RangeError);
    expect(() => getProductionDay('2026-02-30')).toThrow(RangeError);
  });

  it('years outside the calendar fall back to Monday–Friday', () => {
    expect(getProductionDay('2030-01-01')).toMatchObject({ type: 'working', isWorkingDay: true });
  });
});

describe('addWorkingDays with the production calendar', () => {
  it.each([
    ['2025-12-30', 1, '2026-01-12'],
    ['2026-12-30', 1, '2027-01-11'],
    ['2025-04-30', 1, '2025-05-05'],
    ['2025-10-31', 1, '2025-11-01'],
    ['2026-02-20', 1, '2026-02-24'],
    ['2026-03-06', 2, '2026-03-11'],
  ])('%s + %i working days = %s', (start, days, expected) => {
    expect(addWorkingDays(start, days, RU_PRODUCTION_CALENDAR, 'Europe/Moscow')).toBe(expected);
  });

  it('counts from the date in the destination time zone', () => {
    // 2026-01-11 20:30 UTC: still Sunday the 11th in Moscow, already Monday the 12th in Vladivostok.
    const moment = new Date('2026-01-11T20:30:00Z');
    expect(addWorkingDays(moment, 1, RU_PRODUCTION_CALENDAR, 'Europe/Moscow')).toBe('2026-01-12');
    expect(addWorkingDays(moment, 1, RU_PRODUCTION_CALENDAR, 'Asia/Vladivostok')).toBe('2026-01-13');
  });
});
