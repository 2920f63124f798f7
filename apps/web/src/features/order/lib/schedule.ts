import {
  DISPATCH_CUTOFF_HOUR,
  DISPATCH_DAY_END_HOUR,
  SAME_DAY_LEAD_MINUTES,
  WINDOW_STEP_MINUTES,
  earliestDispatchDate,
  localMinutes,
} from '@freight/domain/arrival';
import { addCalendarDays, getIsoWeekday, type WorkingDayCalendar } from '@freight/domain/dates';
import { MIN_TIME_WINDOW_MINUTES } from '@freight/domain/order-draft';
import { RU_PRODUCTION_CALENDAR } from '@freight/domain/production-calendar';
import { DATES_TEXTS } from '@freight/domain/texts/dates';
import { ORDER_WIZARD_TEXTS } from '@freight/domain/texts/order-wizard';

/*
 * Dates and time windows the wizard offers: working days of the production calendar only, pick-up
 * and delivery windows between 09:00 and 18:00 in whole hours, at least MIN_TIME_WINDOW_MINUTES long.
 */

/** After this hour (local time of the departure city) the earliest departure is the next working day. */
export const SAME_DAY_CUTOFF_HOUR = DISPATCH_CUTOFF_HOUR;
/** Windows start at 09:00 and end by 18:00, in steps of one hour (the domain's dispatch rule uses the same). */
export const DAY_START_MINUTES = 9 * 60;
export const DAY_END_MINUTES = DISPATCH_DAY_END_HOUR * 60;
export const TIME_STEP_MINUTES = WINDOW_STEP_MINUTES;
/** A same-day window starts at least this long after now (a car has to get there). */
export { SAME_DAY_LEAD_MINUTES };
/** How many working days are offered. */
export const DATE_OPTION_COUNT = 10;

const pad2 = (value: number) => String(value).padStart(2, '0');

/** `HH:mm` of minutes since midnight. */
export function toTime(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** Minutes since midnight of `HH:mm`. */
export function toMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Wall-clock minutes since midnight of `now` in `timeZone`. */
export const minutesOfDay = localMinutes;

/** `count` working days from `start` (inclusive), ISO dates. */
export function workingDaysFrom(
  start: string,
  count: number = DATE_OPTION_COUNT,
  calendar: WorkingDayCalendar = RU_PRODUCTION_CALENDAR,
): string[] {
  const days: string[] = [];
  // Ten years without a working day means a broken calendar; never loop forever.
  for (let date = start, guard = 0; days.length < count && guard < 3660; date = addCalendarDays(date, 1), guard += 1) {
    if (calendar.isWorkingDay(date)) days.push(date);
  }
  return days;
}

/**
 * The earliest departure date: today when it is a working day, it is not yet 16:00 in the
 * departure city and a whole window still fits today; else the next working day. It is the
 * domain's `earliestDispatchDate`, the day the calculator's arrival counts from (issue 21).
 */
export function earliestDepartureDate(
  now: Date,
  timeZone: string,
  calendar: WorkingDayCalendar = RU_PRODUCTION_CALENDAR,
): string {
  return earliestDispatchDate(now, timeZone, calendar);
}

/** Working days offered for the departure. */
export function departureDateOptions(
  now: Date,
  timeZone: string,
  calendar: WorkingDayCalendar = RU_PRODUCTION_CALENDAR,
): string[] {
  return workingDaysFrom(earliestDepartureDate(now, timeZone, calendar), DATE_OPTION_COUNT, calendar);
}

/** Working days offered for the delivery: from the planned arrival (or the departure) on. */
export function deliveryDateOptions(earliest: string, calendar: WorkingDayCalendar = RU_PRODUCTION_CALENDAR): string[] {
  return workingDaysFrom(earliest, DATE_OPTION_COUNT, calendar);
}

function range(from: number, to: number): string[] {
  const times: string[] = [];
  for (let m = from; m <= to; m += TIME_STEP_MINUTES) times.push(toTime(m));
  return times;
}

/**
 * Starts of a window on `date`: 09:00 until the last hour that still leaves a full window before
 * 18:00; on `today` only starts at least an hour after `nowMinutes` (rounded up to the hour).
 */
export function windowStartOptions(date: string | null, today: string, nowMinutes: number): string[] {
  let first = DAY_START_MINUTES;
  if (date !== null && date === today) {
    const earliest = Math.ceil((nowMinutes + SAME_DAY_LEAD_MINUTES) / TIME_STEP_MINUTES) * TIME_STEP_MINUTES;
    first = Math.max(first, earliest);
  }
  return range(first, DAY_END_MINUTES - MIN_TIME_WINDOW_MINUTES);
}

/** Ends of a window that starts at `timeFrom`: at least the minimum window later, by 18:00. */
export function windowEndOptions(timeFrom: string | null): string[] {
  const from = timeFrom ? toMinutes(timeFrom) : DAY_START_MINUTES;
  return range(from + MIN_TIME_WINDOW_MINUTES, DAY_END_MINUTES);
}

/** Break starts/ends strictly inside the window (a break is at least one step long). */
export function breakOptions(timeFrom: string | null, timeTo: string | null): { starts: string[]; ends: string[] } {
  if (!timeFrom || !timeTo) return { starts: [], ends: [] };
  const from = toMinutes(timeFrom);
  const to = toMinutes(timeTo);
  return {
    starts: range(from + TIME_STEP_MINUTES, to - 2 * TIME_STEP_MINUTES),
    ends: range(from + 2 * TIME_STEP_MINUTES, to - TIME_STEP_MINUTES),
  };
}

/** `пн, 24 ноября` for a date chip. */
export function formatDateChip(isoDate: string): { weekday: string; day: string } {
  const weekday = ORDER_WIZARD_TEXTS.weekdaysShort[getIsoWeekday(isoDate) - 1] ?? '';
  const month = DATES_TEXTS.monthsGenitive[Number(isoDate.slice(5, 7)) - 1] ?? '';
  return { weekday, day: `${Number(isoDate.slice(8, 10))} ${month}` };
}
