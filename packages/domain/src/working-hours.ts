import { z } from 'zod';
import { addCalendarDays, getIsoWeekday, toIsoDate } from './dates';
import { DATES_TEXTS } from './texts/dates';
import { OFFICES_TEXTS } from './texts/offices';
import { getProductionDay } from './production-calendar';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** `HH:MM` on a 24-hour clock; `24:00` closes at midnight. */
export const TimeOfDaySchema = z.string().regex(TIME);

/** Opening hours of one day, local time of the office; an optional lunch break. */
export const DayHoursSchema = z
  .object({
    open: TimeOfDaySchema,
    close: TimeOfDaySchema,
    breakFrom: TimeOfDaySchema.optional(),
    breakTo: TimeOfDaySchema.optional(),
  })
  .refine((h) => minutesOf(h.open) < minutesOf(h.close), { error: 'open must be before close' });
export type DayHours = z.infer<typeof DayHoursSchema>;

/**
 * How an office works on a non-working public day (a holiday or a transferred day off):
 * `closed`, like its Saturday (`saturday`), or as on an ordinary week (`weekly`).
 */
export const HOLIDAY_MODES = ['closed', 'saturday', 'weekly'] as const;
export type HolidayMode = (typeof HOLIDAY_MODES)[number];

/** A date with its own hours (null: closed all day), e.g. 31 December or a stock-taking day. */
export const ScheduleExceptionSchema = z.object({
  date: z.iso.date(),
  hours: DayHoursSchema.nullable(),
  note: z.string().optional(),
});
export type ScheduleException = z.infer<typeof ScheduleExceptionSchema>;

/** The week of an office: seven entries, Monday first; null is a day off. */
export const OfficeScheduleSchema = z.object({
  weekly: z.array(DayHoursSchema.nullable()).length(7),
  holidayMode: z.enum(HOLIDAY_MODES),
  exceptions: z.array(ScheduleExceptionSchema),
});
export type OfficeSchedule = z.infer<typeof OfficeScheduleSchema>;

/** Minutes since midnight of `HH:MM`. */
function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** `09:00` → `9:00`: Russian signs write the hour without a leading zero. */
export function formatTimeOfDay(time: string): string {
  return time.replace(/^0(\d)/, '$1');
}

/**
 * The hours of an office on a calendar date `YYYY-MM-DD` (null: closed). An exception for the
 * date wins; on a holiday or a transferred day off of the production calendar the office's
 * holiday mode decides; a Saturday made working by decree takes Monday's hours.
 */
export function getHoursOn(schedule: OfficeSchedule, isoDate: string): DayHours | null {
  const exception = schedule.exceptions.find((e) => e.date === isoDate);
  if (exception) return exception.hours;
  const day = getProductionDay(isoDate);
  const weekday = getIsoWeekday(isoDate);
  if (day.type === 'holiday' || day.type === 'transferred_day_off') {
    if (schedule.holidayMode === 'closed') return null;
    if (schedule.holidayMode === 'saturday') return schedule.weekly[5] ?? null;
    return schedule.weekly[weekday - 1] ?? null;
  }
  if (day.type === 'working_weekend') return schedule.weekly[0] ?? null;
  return schedule.weekly[weekday - 1] ?? null;
}

export type OpenState =
  | { kind: 'open'; until: string; roundTheClock: boolean }
  | { kind: 'break'; until: string }
  | { kind: 'closed'; opensOn: string; opensAt: string; dayOffset: number }
  | { kind: 'closed_long' };

/**
 * `HH:MM` formatters per IANA time zone. Making an Intl.DateTimeFormat costs far more than
 * formatting with one (a list of 1 000 offices asks for the state of each), so each zone's is kept.
 */
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

function clockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Days scanned ahead for the next opening; beyond that an office counts as closed for long. */
const LOOKAHEAD_DAYS = 14;

/**
 * Whether an office is open at `now`, read on the wall clock of its own IANA `timeZone`
 * (a Vladivostok terminal is judged by Vladivostok time wherever the visitor is), with
 * holidays and exceptions included. Closed: when and on which local date it opens next.
 */
export function getOpenState(schedule: OfficeSchedule, now: Date, timeZone: string): OpenState {
  const today = toIsoDate(now, timeZone);
  if (today === null) throw new RangeError('Invalid date');
  const clock = clockFormatter(timeZone)
    .format(now)
    .replace(/[^\d:]/g, '');
  const minutes = minutesOf(clock);
  const hours = getHoursOn(schedule, today);
  if (hours && minutes >= minutesOf(hours.open) && minutes < minutesOf(hours.close)) {
    if (hours.breakFrom && hours.breakTo) {
      if (minutes >= minutesOf(hours.breakFrom) && minutes < minutesOf(hours.breakTo)) {
        return { kind: 'break', until: hours.breakTo };
      }
    }
    const roundTheClock = hours.open === '00:00' && hours.close === '24:00';
    return { kind: 'open', until: hours.close, roundTheClock };
  }
  for (let offset = 0; offset <= LOOKAHEAD_DAYS; offset += 1) {
    const date = addCalendarDays(today, offset);
    const day = getHoursOn(schedule, date);
    if (!day) continue;
    if (offset === 0 && minutes >= minutesOf(day.open)) continue;
    return { kind: 'closed', opensOn: date, opensAt: day.open, dayOffset: offset };
  }
  return { kind: 'closed_long' };
}

/**
 * The state as a sign says it: «Открыто до 20:00», «Перерыв до 14:00», «Закрыто, откроется в 9:00»,
 * «Закрыто, откроется завтра в 9:00», «Закрыто, откроется 12 января в 9:00», «Открыто круглосуточно».
 */
export function formatOpenState(state: OpenState): string {
  const L = OFFICES_TEXTS;
  switch (state.kind) {
    case 'open':
      return state.roundTheClock ? L.openRoundTheClock : `${L.openUntil} ${formatTimeOfDay(state.until)}`;
    case 'break':
      return `${L.breakUntil} ${formatTimeOfDay(state.until)}`;
    case 'closed': {
      const at = formatTimeOfDay(state.opensAt);
      if (state.dayOffset === 0) return `${L.closedOpensAt} ${at}`;
      if (state.dayOffset === 1) return `${L.closedOpensTomorrowAt} ${at}`;
      const [, month, day] = state.opensOn.split('-').map(Number);
      const monthName = DATES_TEXTS.monthsGenitive[(month ?? 1) - 1];
      return `${L.closedOpens} ${day} ${monthName} в ${at}`;
    }
    default:
      return L.closedLong;
  }
}

const WEEKDAY_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

const sameHours = (a: DayHours | null, b: DayHours | null): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The week as short lines, consecutive days with the same hours grouped:
 * `[{ days: 'Пн–Пт', hours: '9:00–20:00, перерыв 13:00–14:00' }, { days: 'Вс', hours: 'выходной' }]`.
 */
export function describeWeeklySchedule(weekly: ReadonlyArray<DayHours | null>): Array<{ days: string; hours: string }> {
  const lines: Array<{ days: string; hours: string }> = [];
  let start = 0;
  for (let index = 1; index <= weekly.length; index += 1) {
    if (index < weekly.length && sameHours(weekly[index] ?? null, weekly[start] ?? null)) continue;
    const first = WEEKDAY_SHORT[start] ?? '';
    const last = WEEKDAY_SHORT[index - 1] ?? '';
    const days = start === index - 1 ? first : `${first}–${last}`;
    lines.push({ days, hours: describeDayHours(weekly[start] ?? null) });
    start = index;
  }
  return lines;
}

/** One day's hours: `9:00–20:00`, `9:00–18:00, перерыв 13:00–14:00`, `круглосуточно`, `выходной`. */
export function describeDayHours(hours: DayHours | null): string {
  if (!hours) return OFFICES_TEXTS.dayOff;
  if (hours.open === '00:00' && hours.close === '24:00') return OFFICES_TEXTS.roundTheClock;
  const base = `${formatTimeOfDay(hours.open)}–${formatTimeOfDay(hours.close)}`;
  return hours.breakFrom && hours.breakTo
    ? `${base}, ${OFFICES_TEXTS.lunchBreak} ${formatTimeOfDay(hours.breakFrom)}–${formatTimeOfDay(hours.breakTo)}`
    : base;
}

export const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance between two points (degrees), km, by the haversine formula. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
