import { addWorkingDays, formatLongDate, isIsoDate, toIsoDate, type WorkingDayCalendar } from './dates';
import { MIN_TIME_WINDOW_MINUTES } from './order-draft';
import { ARRIVAL_TEXTS } from './texts/arrival';

/*
 * The planned dispatch and arrival of a shipment (issue 21): one rule for the calculator
 * (prices_terms, full_calculator_standard), the order wizard, request_create (the stored
 * planned_arrival_date) and so tracking.
 *
 * Dates are calendar dates (`YYYY-MM-DD`). The origin's clock decides «today» and the cut-off,
 * so the earliest dispatch is a date of the origin's calendar; from then on nothing is converted
 * through a time zone: transit days are working days of the one federal production calendar,
 * and the arrival is that many working days later, a date of the destination's calendar. (An
 * ISO date read as UTC midnight and printed in another zone is exactly what moves a date by a
 * day, so neither date is ever turned into a moment.)
 */

/** Cargo handed in at or after this local hour leaves on the next working day. */
export const DISPATCH_CUTOFF_HOUR = 16;
/** Pick-up and drop-off windows end by this local hour. */
export const DISPATCH_DAY_END_HOUR = 18;
/** Windows start on whole hours (this many minutes apart). */
export const WINDOW_STEP_MINUTES = 60;
/** A same-day window starts at least this long after now (a car has to get there). */
export const SAME_DAY_LEAD_MINUTES = 60;
/**
 * The last local hour at which a pick-up can still be booked for the same day (15): the latest
 * window that ends by {@link DISPATCH_DAY_END_HOUR} starts {@link SAME_DAY_LEAD_MINUTES} later.
 */
export const SAME_DAY_LAST_BOOKING_HOUR = Math.min(
  DISPATCH_CUTOFF_HOUR,
  Math.floor((DISPATCH_DAY_END_HOUR * 60 - MIN_TIME_WINDOW_MINUTES - SAME_DAY_LEAD_MINUTES) / 60),
);

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock minutes since midnight of `now` in `timeZone`. */
export function localMinutes(now: Date, timeZone: string): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    clockFormats.set(timeZone, format);
  }
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(now)) {
    if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return hour * 60 + minute;
}

/**
 * The earliest dispatch date (`YYYY-MM-DD`, the origin's calendar): today when it is a working
 * day, it is not yet {@link DISPATCH_CUTOFF_HOUR} in the origin and a pick-up window of
 * MIN_TIME_WINDOW_MINUTES can still be booked today — starting on the first whole hour at least
 * {@link SAME_DAY_LEAD_MINUTES} from now and ending by {@link DISPATCH_DAY_END_HOUR} (so the
 * last same-day booking is at 15:00); otherwise the next working day. The first date the
 * wizard offers for the pick-up is this one, so the calculator never promises a day nobody can
 * book. Throws RangeError for an invalid `now` or an unknown zone.
 */
export function earliestDispatchDate(now: Date, originTimeZone: string, calendar: WorkingDayCalendar): string {
  const today = toIsoDate(now, originTimeZone);
  if (today === null) throw new RangeError('Invalid date');
  const minutes = localMinutes(now, originTimeZone);
  const firstStart = Math.ceil((minutes + SAME_DAY_LEAD_MINUTES) / WINDOW_STEP_MINUTES) * WINDOW_STEP_MINUTES;
  const windowFits = firstStart + MIN_TIME_WINDOW_MINUTES <= DISPATCH_DAY_END_HOUR * 60;
  if (calendar.isWorkingDay(today) && minutes < DISPATCH_CUTOFF_HOUR * 60 && windowFits) return today;
  return addWorkingDays(today, 1, calendar);
}

/** What the planned arrival is computed from. */
export interface ArrivalPlanInput {
  /** The calculator's assumption: {@link earliestDispatchDate} at the moment of pricing. */
  earliestDispatchDate: string;
  /** The upper bound of the route's transit terms, in working days. */
  transitDaysMax: number;
  calendar: WorkingDayCalendar;
  /** The pick-up (or drop-off at the terminal) date the client chose, ISO; absent: the earliest. */
  pickupDate?: string | null;
  /** The delivery (or release) date the client chose, ISO; absent: by the terms. */
  deliveryDate?: string | null;
}

/** Why the planned arrival is later than the calculator's. */
export type ArrivalShift = { reason: 'pickup'; date: string } | { reason: 'delivery'; date: string };

export interface ArrivalPlan {
  /** The earliest dispatch the calculator assumed. */
  earliestDispatchDate: string;
  /** The planned dispatch: the chosen pick-up date when it is later than the earliest. */
  dispatchDate: string;
  /** The calculator's arrival: the earliest dispatch plus the transit terms. */
  quotedArrivalDate: string;
  /** The soonest arrival for the planned dispatch (the first delivery date to offer). */
  earliestArrivalDate: string;
  /** The planned arrival: the soonest one, or the chosen delivery date when that is later. */
  arrivalDate: string;
  /** Why `arrivalDate` is later than `quotedArrivalDate`; null when they are the same day. */
  shift: ArrivalShift | null;
}

/**
 * The planned dispatch and arrival — the one function every screen and the stored cargo use.
 * The dispatch is the chosen pick-up date, or the earliest dispatch when none is chosen or the
 * chosen one is earlier (a day that has passed cannot be planned). The arrival is
 * `transitDaysMax` working days of `calendar` after the dispatch (the dispatch day itself is
 * not counted; a dispatch on a day off counts from the next working day), or the chosen
 * delivery date when it is later (an earlier one cannot be kept and is ignored). Throws
 * RangeError for a malformed date or a non-integer number of days.
 */
export function planArrival(input: ArrivalPlanInput): ArrivalPlan {
  const { transitDaysMax, calendar } = input;
  const earliest = input.earliestDispatchDate;
  const pickup = input.pickupDate ?? null;
  const wanted = input.deliveryDate ?? null;
  for (const date of [earliest, pickup, wanted]) {
    if (date !== null && !isIsoDate(date)) throw new RangeError(`Not an ISO date: ${date}`);
  }
  const dispatch = pickup !== null && pickup > earliest ? pickup : earliest;
  const quoted = addWorkingDays(earliest, transitDaysMax, calendar);
  const soonest = dispatch === earliest ? quoted : addWorkingDays(dispatch, transitDaysMax, calendar);
  const arrival = wanted !== null && wanted > soonest ? wanted : soonest;
  let shift: ArrivalShift | null = null;
  if (arrival > soonest) shift = { reason: 'delivery', date: arrival };
  else if (arrival > quoted) shift = { reason: 'pickup', date: dispatch };
  return {
    earliestDispatchDate: earliest,
    dispatchDate: dispatch,
    quotedArrivalDate: quoted,
    earliestArrivalDate: soonest,
    arrivalDate: arrival,
    shift,
  };
}

/**
 * Why the planned arrival is later than the calculator's, as one Russian sentence, or null when
 * it is not: «Дата доставки позже, чем в расчёте: забор груза назначен на 1 декабря 2026 г.».
 * The wording follows the points: a pick-up at the door or a drop-off at the terminal, a
 * delivery to the door or a release at the terminal.
 */
export function arrivalShiftNote(
  plan: Pick<ArrivalPlan, 'shift'>,
  points: { pickupAtDoor: boolean; deliveryAtDoor: boolean },
): string | null {
  const shift = plan.shift;
  if (!shift) return null;
  const date = formatLongDate(shift.date);
  if (shift.reason === 'pickup') {
    return points.pickupAtDoor ? ARRIVAL_TEXTS.laterPickup(date) : ARRIVAL_TEXTS.laterDropoff(date);
  }
  return points.deliveryAtDoor ? ARRIVAL_TEXTS.laterDelivery(date) : ARRIVAL_TEXTS.laterRelease(date);
}
