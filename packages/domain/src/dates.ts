import { DEFAULT_TIME_ZONE } from './constants';
import { DATES_TEXTS } from './texts/dates';

/** A moment (Date, epoch ms, ISO date-time string) or a calendar date as ISO `YYYY-MM-DD`. */
export type DateInput = Date | number | string;

/** A calendar date without a zone. */
interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

interface ZonedParts extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** `YYYY-MM-DD` as a real calendar date (2026-02-30 is not one), else null. */
function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

// One formatter per zone: constructing Intl.DateTimeFormat is far costlier than using it.
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Wall-clock parts of `input` in `timeZone`; an ISO date is taken as midnight of that date. Null for invalid input. */
function toZonedParts(input: DateInput | null | undefined, timeZone: string): ZonedParts | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'string') {
    const trimmed = input.trim();
    const calendarDate = parseIsoDate(trimmed);
    if (calendarDate) return { ...calendarDate, hour: 0, minute: 0, second: 0 };
    // The built-in parser rolls 2026-02-30T… over to March 2; a date-time must name a real day.
    const datePart = /^(\d{4}-\d{2}-\d{2})[T ]/.exec(trimmed)?.[1];
    if (datePart !== undefined && !isIsoDate(datePart)) return null;
  }
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * `D-M-YYYY` (spec section 9: day and month without leading zeros), e.g. `9-1-2026`, as the
 * wall-clock date in `timeZone` (IANA name, default Europe/Moscow). An ISO `YYYY-MM-DD` string
 * is a calendar date and is printed as is, never shifted by a zone. Null, undefined, unparsable
 * input gives ''. An unknown zone throws RangeError (a programming error).
 */
export function formatDate(input: DateInput | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = toZonedParts(input, timeZone);
  return parts ? `${parts.day}-${parts.month}-${parts.year}` : '';
}

/**
 * `D-M-YYYY HH:mm:ss` (spec section 9), 24-hour clock, e.g. `9-1-2026 07:05:00`, in `timeZone`.
 * An ISO date string prints as midnight. Invalid input gives ''.
 */
export function formatDateTime(input: DateInput | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = toZonedParts(input, timeZone);
  if (!parts) return '';
  return `${parts.day}-${parts.month}-${parts.year} ${pad2(parts.hour)}:${pad2(parts.minute)}:${pad2(parts.second)}`;
}

/**
 * Long Russian date with the month in the genitive, `9 января 2026 г.`, in `timeZone`.
 * Built from our own month table rather than `dateStyle: 'long'`, so browsers and servers with
 * different ICU versions print the same string. Invalid input gives ''.
 */
export function formatLongDate(input: DateInput | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = toZonedParts(input, timeZone);
  if (!parts) return '';
  const month = DATES_TEXTS.monthsGenitive[parts.month - 1];
  return `${parts.day} ${month} ${parts.year} ${DATES_TEXTS.yearSuffix}`;
}

/**
 * An inclusive period of two ISO calendar dates, as it reads after a preposition-less start:
 * `с 1 по 31 декабря 2026 г.` (one month), `с 20 ноября по 10 декабря 2026 г.` (one year),
 * `с 25 декабря 2026 г. по 10 января 2027 г.`, or `1 декабря 2026 г.` for a single day. Throws
 * RangeError for a malformed date.
 */
export function formatLongDateRange(from: string, to: string): string {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new RangeError(`Not an ISO date range: ${from}–${to}`);
  if (from === to) return formatLongDate(from);
  const month = (d: CalendarDate) => DATES_TEXTS.monthsGenitive[d.month - 1];
  if (a.year !== b.year) return `с ${formatLongDate(from)} по ${formatLongDate(to)}`;
  const start = a.month === b.month ? `${a.day}` : `${a.day} ${month(a)}`;
  return `с ${start} по ${b.day} ${month(b)} ${b.year} ${DATES_TEXTS.yearSuffix}`;
}

/** `9 января 2026 г., 07:05` in `timeZone` (the back-office's tables and histories). Invalid input gives ''. */
export function formatLongDateTime(input: DateInput | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = toZonedParts(input, timeZone);
  if (!parts) return '';
  return `${formatLongDate(input, timeZone)}, ${pad2(parts.hour)}:${pad2(parts.minute)}`;
}

/**
 * The calendar date of `input` in `timeZone` as `YYYY-MM-DD` (what the production calendar and
 * the API's date filters use), or null for invalid input. An ISO date string is returned as is.
 */
export function toIsoDate(input: DateInput | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const parts = toZonedParts(input, timeZone);
  return parts ? `${String(parts.year).padStart(4, '0')}-${pad2(parts.month)}-${pad2(parts.day)}` : null;
}

/** Adds `days` (any integer) to an ISO date, across months, years and leap days. Throws RangeError for a malformed date. */
export function addCalendarDays(isoDate: string, days: number): string {
  const date = parseIsoDate(isoDate);
  if (!date) throw new RangeError(`Not an ISO date: ${isoDate}`);
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * MS_PER_DAY);
  return `${String(shifted.getUTCFullYear()).padStart(4, '0')}-${pad2(shifted.getUTCMonth() + 1)}-${pad2(shifted.getUTCDate())}`;
}

/** Day of the week of an ISO date: 1 = Monday … 7 = Sunday (ISO 8601). Throws RangeError for a malformed date. */
export function getIsoWeekday(isoDate: string): number {
  const date = parseIsoDate(isoDate);
  if (!date) throw new RangeError(`Not an ISO date: ${isoDate}`);
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The hook for the production calendar: whether a calendar date (`YYYY-MM-DD`) is a working day. */
export interface WorkingDayCalendar {
  isWorkingDay(isoDate: string): boolean;
}

/** Monday to Friday are working days; no holidays. The fallback when no production calendar is loaded. */
export const weekdayCalendar: WorkingDayCalendar = {
  isWorkingDay: (isoDate) => getIsoWeekday(isoDate) <= 5,
};

/**
 * A calendar where `overrides` (ISO date → is working) wins and `base` (default Monday–Friday)
 * answers for every other date. Fill the overrides from the official production calendar:
 * holidays and transferred days off as false, working Saturdays as true.
 */
export function createCalendar(
  overrides: ReadonlyMap<string, boolean>,
  base: WorkingDayCalendar = weekdayCalendar,
): WorkingDayCalendar {
  return { isWorkingDay: (isoDate) => overrides.get(isoDate) ?? base.isWorkingDay(isoDate) };
}

// RFC 4180 fields of one line: commas inside double quotes do not split, "" is a quote.
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}

/**
 * Reads a production calendar CSV with a header row holding `date` (ISO) and `is_working_day`
 * (`1`/`0`) columns, as in shared/data/ru_production_calendar_2024_2027.csv, into the overrides
 * for {@link createCalendar}. Rows with a malformed date or flag are skipped; a header without
 * those columns throws, because a silently empty calendar would count holidays as working days.
 */
export function parseProductionCalendarCsv(csv: string): Map<string, boolean> {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = splitCsvLine(lines[0] ?? '').map((name) => name.trim());
  const dateColumn = header.indexOf('date');
  const flagColumn = header.indexOf('is_working_day');
  if (dateColumn < 0 || flagColumn < 0) {
    throw new Error('Production calendar CSV needs the columns date and is_working_day');
  }
  const result = new Map<string, boolean>();
  for (const line of lines.slice(1)) {
    const fields = splitCsvLine(line);
    const date = fields[dateColumn]?.trim() ?? '';
    const flag = fields[flagColumn]?.trim();
    if (isIsoDate(date) && (flag === '0' || flag === '1')) result.set(date, flag === '1');
  }
  return result;
}

/** Ten years: a calendar without a working day in that span is broken, and we stop rather than loop forever. */
const MAX_SCAN_DAYS = 3660;

/**
 * The date `days` working days after `date` (before it, for a negative count), as ISO
 * `YYYY-MM-DD`. The start is the calendar date of `date` in `timeZone` (the destination's zone
 * for an ETA); the start itself is not counted. With 0 the start is returned if it is a working
 * day, else the next working day, so the result is always a working day. Throws RangeError for
 * a non-integer count, an invalid date, or a calendar with no working day within ten years.
 */
export function addWorkingDays(
  date: DateInput,
  days: number,
  calendar: WorkingDayCalendar = weekdayCalendar,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (!Number.isInteger(days)) throw new RangeError(`Working days must be an integer, got ${days}`);
  const start = toIsoDate(date, timeZone);
  if (start === null) throw new RangeError('Invalid start date');
  const step = days < 0 ? -1 : 1;
  let current = start;
  let remaining = Math.abs(days);
  let idle = 0;
  // With 0 days the start itself may count; otherwise the start is never counted.
  let mayCountCurrent = remaining === 0;
  for (;;) {
    if (mayCountCurrent && calendar.isWorkingDay(current)) {
      if (remaining <= 1) return current;
      remaining -= 1;
      idle = 0;
    } else if (mayCountCurrent) {
      idle += 1;
      if (idle > MAX_SCAN_DAYS) throw new RangeError('The calendar has no working day within ten years');
    }
    current = addCalendarDays(current, step);
    mayCountCurrent = true;
  }
}
