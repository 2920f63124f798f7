import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, DATE_TIME_FORMAT } from './constants';
import {
  addCalendarDays,
  addWorkingDays,
  createCalendar,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatLongDateRange,
  getIsoWeekday,
  isIsoDate,
  parseProductionCalendarCsv,
  toIsoDate,
  weekdayCalendar,
  type WorkingDayCalendar,
} from './dates';

// 2026-01-09 20:30:05 UTC: still the 9th in Moscow (23:30), already the 10th in Vladivostok (06:30).
const EVENING_UTC = new Date('2026-01-09T20:30:05Z');

describe('formatDate / formatDateTime', () => {
  it('documents the spec formats', () => {
    expect([DATE_FORMAT, DATE_TIME_FORMAT]).toEqual(['D-M-YYYY', 'D-M-YYYY HH:mm:ss']);
  });

  it.each([
    [EVENING_UTC, 'Europe/Moscow', '9-1-2026', '9-1-2026 23:30:05'],
    [EVENING_UTC, 'Asia/Vladivostok', '10-1-2026', '10-1-2026 06:30:05'],
    [EVENING_UTC, 'Europe/Kaliningrad', '9-1-2026', '9-1-2026 22:30:05'],
    [EVENING_UTC, 'UTC', '9-1-2026', '9-1-2026 20:30:05'],
    ['2026-12-31T21:00:00Z', 'Europe/Moscow', '1-1-2027', '1-1-2027 00:00:00'], // midnight is 00, never 24
    [Date.UTC(2025, 10, 15, 9, 5, 7), 'Europe/Moscow', '15-11-2025', '15-11-2025 12:05:07'],
    ['2026-01-09', 'Asia/Vladivostok', '9-1-2026', '9-1-2026 00:00:00'], // a calendar date is never shifted
    ['2026-01-09', 'America/Los_Angeles', '9-1-2026', '9-1-2026 00:00:00'],
    [' 2024-02-29 ', 'Europe/Moscow', '29-2-2024', '29-2-2024 00:00:00'],
  ])('%j in %s → %s / %s', (input, zone, date, dateTime) => {
    expect(formatDate(input, zone)).toBe(date);
    expect(formatDateTime(input, zone)).toBe(dateTime);
  });

  it('defaults to Moscow time', () => {
    expect(formatDateTime(EVENING_UTC)).toBe('9-1-2026 23:30:05');
  });

  it.each([[null], [undefined], [''], ['   '], ['не дата'], ['2026-02-30T00:00:00Z'], [Number.NaN], [new Date('x')]])(
    'invalid %j → empty string',
    (input) => {
      expect(formatDate(input)).toBe('');
      expect(formatDateTime(input)).toBe('');
      expect(formatLongDate(input)).toBe('');
      expect(toIsoDate(input)).toBeNull();
    },
  );

  it('throws on an unknown time zone', () => {
    expect(() => formatDate(EVENING_UTC, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('formatLongDate', () => {
  it.each([
    ['2026-01-09', '9 января 2026 г.'],
    ['2026-02-01', '1 февраля 2026 г.'],
    ['2026-03-08', '8 марта 2026 г.'],
    ['2026-04-12', '12 апреля 2026 г.'],
    ['2026-05-09', '9 мая 2026 г.'],
    ['2026-06-12', '12 июня 2026 г.'],
    ['2026-07-01', '1 июля 2026 г.'],
    ['2026-08-31', '31 августа 2026 г.'],
    ['2026-09-01', '1 сентября 2026 г.'],
    ['2026-10-10', '10 октября 2026 г.'],
    ['2026-11-04', '4 ноября 2026 г.'],
    ['2026-12-31', '31 декабря 2026 г.'],
  ])('%s → %s', (input, expected) => {
    expect(formatLongDate(input)).toBe(expected);
  });

  it('matches Intl dateStyle long on this runtime', () => {
    const intl = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeZone: 'Europe/Moscow' }).format(EVENING_UTC);
    expect(formatLongDate(EVENING_UTC, 'Europe/Moscow')).toBe(intl);
  });

  it('follows the zone', () => {
    expect(formatLongDate(EVENING_UTC, 'Asia/Vladivostok')).toBe('10 января 2026 г.');
  });
});

describe('formatLongDateRange', () => {
  it.each([
    ['2026-12-01', '2026-12-31', 'с 1 по 31 декабря 2026 г.'],
    ['2026-11-20', '2026-12-10', 'с 20 ноября по 10 декабря 2026 г.'],
    ['2026-12-25', '2027-01-10', 'с 25 декабря 2026 г. по 10 января 2027 г.'],
    ['2026-12-01', '2026-12-01', '1 декабря 2026 г.'],
  ])('%s – %s → %s', (from, to, expected) => {
    expect(formatLongDateRange(from, to)).toBe(expected);
  });

  it('refuses what is not an ISO date', () => {
    expect(() => formatLongDateRange('2026-12-01', '31.12.2026')).toThrow(RangeError);
  });
});

describe('ISO date helpers', () => {
  it.each([
    ['2026-01-09', true],
    ['2024-02-29', true],
    ['2026-02-29', false], // not a leap year
    ['2026-13-01', false],
    ['2026-1-9', false],
    ['09-01-2026', false],
    ['', false],
  ])('isIsoDate(%j) = %s', (input, expected) => {
    expect(isIsoDate(input)).toBe(expected);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-03-01', 0, '2026-03-01'],
    ['2026-03-29', 1, '2026-03-30'],
  ])('addCalendarDays(%s, %i) = %s', (input, days, expected) => {
    expect(addCalendarDays(input, days)).toBe(expected);
  });

  it.each([
    ['2026-01-05', 1],
    ['2026-01-09', 5],
    ['2026-01-10', 6],
    ['2026-01-11', 7],
  ])('getIsoWeekday(%s) = %i', (input, expected) => {
    expect(getIsoWeekday(input)).toBe(expected);
  });

  it('rejects malformed dates', () => {
    expect(() => addCalendarDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => getIsoWeekday('nope')).toThrow(RangeError);
  });

  it.each([
    [EVENING_UTC, 'Europe/Moscow', '2026-01-09'],
    [EVENING_UTC, 'Asia/Vladivostok', '2026-01-10'],
    ['2026-01-09', 'Pacific/Honolulu', '2026-01-09'],
  ])('toIsoDate(%j, %s) = %s', (input, zone, expected) => {
    expect(toIsoDate(input, zone)).toBe(expected);
  });
});

// Real rows of shared/data/ru_production_calendar_2024_2027.csv (Jan 2026 holidays, a working Saturday in 2024).
const CALENDAR_CSV = [
  'date,weekday,is_working_day,work_hours_40h,day_type,title,basis,status',
  '2025-12-31,ср,0,0,holiday,Новогодние каникулы,ТК РФ ст. 112,official',
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((day) => `2026-01-0${day},x,0,0,holiday,Новогодние каникулы,ТК РФ ст. 112,official`),
  '2026-01-09,пт,0,0,transferred_day_off,Перенесённый выходной (с 03.01.2026),"Постановление Правительства РФ от 24.09.2025 № 1466, п. 1",official',
  '2026-01-12,пн,1,8,working,,,official',
  '2024-04-27,сб,1,8,working_weekend,Рабочий выходной,"Постановление ""О переносе""",official',
  'garbage-row,сб,1',
  '2024-04-28,вс,maybe,0,weekend,,,official',
  '',
].join('\r\n');

describe('parseProductionCalendarCsv', () => {
  const overrides = parseProductionCalendarCsv(`\uFEFF${CALENDAR_CSV}`);

  it('reads flags, handles quoted commas and skips bad rows', () => {
    expect(overrides.get('2026-01-09')).toBe(false);
    expect(overrides.get('2026-01-12')).toBe(true);
    expect(overrides.get('2024-04-27')).toBe(true);
    expect(overrides.has('2024-04-28')).toBe(false);
    expect(overrides.size).toBe(12);
  });

  it.each([[''], ['day,working\n2026-01-01,0']])('refuses a CSV without the needed columns: %j', (csv) => {
    expect(() => parseProductionCalendarCsv(csv)).toThrow(/date and is_working_day/);
  });
});

describe('calendars', () => {
  it.each([
    ['2026-01-05', true],
    ['2026-01-09', true],
    ['2026-01-10', false],
    ['2026-01-11', false],
  ])('weekdayCalendar: %s → %s', (input, expected) => {
    expect(weekdayCalendar.isWorkingDay(input)).toBe(expected);
  });

  it('createCalendar lets overrides win over the base', () => {
    const calendar = createCalendar(
      new Map([
        ['2026-01-09', false],
        ['2026-01-10', true],
      ]),
    );
    expect(['2026-01-08', '2026-01-09', '2026-01-10', '2026-01-11'].map(calendar.isWorkingDay)).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});

describe('addWorkingDays', () => {
  const production = createCalendar(parseProductionCalendarCsv(CALENDAR_CSV));

  it.each<[string, string | Date, number, WorkingDayCalendar, string]>([
    ['Friday + 1 → Monday', '2026-01-16', 1, weekdayCalendar, '2026-01-19'],
    ['Monday + 5 → next Monday', '2026-01-19', 5, weekdayCalendar, '2026-01-26'],
    ['Saturday + 1 → Monday', '2026-01-17', 1, weekdayCalendar, '2026-01-19'],
    ['0 on a working day → same day', '2026-01-19', 0, weekdayCalendar, '2026-01-19'],
    ['0 on Sunday → Monday', '2026-01-18', 0, weekdayCalendar, '2026-01-19'],
    ['-1 from Monday → Friday', '2026-01-19', -1, weekdayCalendar, '2026-01-16'],
    ['across a month end', '2026-01-30', 2, weekdayCalendar, '2026-02-03'],
    ['New Year holidays skipped', '2025-12-30', 1, production, '2026-01-12'],
    ['0 inside the holidays → first working day', '2026-01-03', 0, production, '2026-01-12'],
    ['a working Saturday counts', '2024-04-26', 1, production, '2024-04-27'],
    ['back across the holidays', '2026-01-12', -1, production, '2025-12-30'],
  ])('%s', (_name, start, days, calendar, expected) => {
    expect(addWorkingDays(start, days, calendar)).toBe(expected);
  });

  it('starts from the date in the given zone', () => {
    // Friday 23:30 in Moscow is already Saturday in Vladivostok.
    expect(addWorkingDays(EVENING_UTC, 1, weekdayCalendar, 'Europe/Moscow')).toBe('2026-01-12');
    expect(addWorkingDays(new Date('2026-01-16T20:30:00Z'), 1, weekdayCalendar, 'Europe/Moscow')).toBe('2026-01-19');
    expect(addWorkingDays(new Date('2026-01-15T20:30:00Z'), 1, weekdayCalendar, 'Asia/Vladivostok')).toBe('2026-01-19');
  });

  it('uses defaults for calendar and zone', () => {
    expect(addWorkingDays('2026-01-16', 1)).toBe('2026-01-19');
  });

  it('handles long spans', () => {
    expect(addWorkingDays('2026-01-05', 260)).toBe('2027-01-04');
  });

  it.each([
    ['a fractional count', () => addWorkingDays('2026-01-05', 1.5)],
    ['an invalid date', () => addWorkingDays('not a date', 1)],
    ['a calendar with no working day', () => addWorkingDays('2026-01-05', 1, { isWorkingDay: () => false })],
    ['the same with 0 days', () => addWorkingDays('2026-01-05', 0, { isWorkingDay: () => false })],
  ])('throws RangeError for %s', (_name, run) => {
    expect(run).toThrow(RangeError);
  });
});

describe('formatLongDateTime', () => {
  it('prints the Russian long date and the Moscow time', async () => {
    const { formatLongDateTime } = await import('./dates');
    expect(formatLongDateTime('2026-01-09T04:05:00Z')).toBe('9 января 2026 г., 07:05');
    expect(formatLongDateTime('not a date')).toBe('');
  });
});
