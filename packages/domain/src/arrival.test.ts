import { describe, expect, it } from 'vitest';
import { arrivalShiftNote, earliestDispatchDate, localMinutes, planArrival } from './arrival';
import { createCalendar, weekdayCalendar } from './dates';
import { MESSAGES } from './messages';
import { RU_PRODUCTION_CALENDAR } from './production-calendar';

const A = MESSAGES.arrival;
const RU = RU_PRODUCTION_CALENDAR;

/*
 * Dates counted by hand on the 2026 production calendar: 23 February and 9 March are days off,
 * 1–11 January 2026 are the New Year holidays, 31 December 2026 is a day off and 1–10 January
 * 2027 are the next holidays.
 */
describe('earliestDispatchDate: the origin’s clock, the cut-off and the production calendar', () => {
  it.each([
    // Moscow is UTC+3.
    ['09:00 on a working day: today', '2026-11-23T06:00:00Z', 'Europe/Moscow', '2026-11-23'],
    ['15:00: a 16:00–18:00 window still fits', '2026-11-23T12:00:00Z', 'Europe/Moscow', '2026-11-23'],
    ['15:01: the first window would start at 17:00', '2026-11-23T12:01:00Z', 'Europe/Moscow', '2026-11-24'],
    ['15:59, before the 16:00 cut-off but no window left', '2026-03-06T12:59:00Z', 'Europe/Moscow', '2026-03-10'],
    ['16:00 on Friday: Monday 9 March is a holiday', '2026-03-06T13:00:00Z', 'Europe/Moscow', '2026-03-10'],
    ['Saturday morning: Monday', '2026-11-28T06:00:00Z', 'Europe/Moscow', '2026-11-30'],
    ['a holiday (4 November): the next working day', '2026-11-04T06:00:00Z', 'Europe/Moscow', '2026-11-05'],
    ['30 December evening: after the New Year holidays', '2026-12-30T15:00:00Z', 'Europe/Moscow', '2027-01-11'],
    // Novosibirsk is UTC+7: 10:00 UTC is 17:00 there, 12:00 in Moscow.
    ['the origin’s clock decides: 17:00 in Novosibirsk', '2026-03-04T10:00:00Z', 'Asia/Novosibirsk', '2026-03-05'],
    ['…while Moscow may still ship that day', '2026-03-04T10:00:00Z', 'Europe/Moscow', '2026-03-04'],
    // 23:30 UTC on Monday is already Tuesday 06:30 in Vladivostok (UTC+10).
    ['the origin’s calendar day, not Moscow’s', '2026-11-23T23:30:00Z', 'Asia/Vladivostok', '2026-11-24'],
  ])('%s', (_name, at, zone, expected) => {
    expect(earliestDispatchDate(new Date(at), zone, RU)).toBe(expected);
  });

  it('reads the wall clock of the zone', () => {
    expect(localMinutes(new Date('2026-11-23T06:30:00Z'), 'Europe/Moscow')).toBe(9 * 60 + 30);
    expect(localMinutes(new Date('2026-11-23T06:30:00Z'), 'Asia/Novosibirsk')).toBe(13 * 60 + 30);
    expect(localMinutes(new Date('2026-11-23T21:00:00Z'), 'Europe/Moscow')).toBe(0);
  });

  it('refuses an invalid moment', () => {
    expect(() => earliestDispatchDate(new Date(Number.NaN), 'Europe/Moscow', RU)).toThrow(RangeError);
  });
});

describe('planArrival: one planned arrival from the dispatch, the terms and the calendar', () => {
  it.each<[string, Parameters<typeof planArrival>[0], Partial<ReturnType<typeof planArrival>>]>([
    [
      'no pick-up chosen: the calculator’s date',
      { earliestDispatchDate: '2026-11-26', transitDaysMax: 8, calendar: RU },
      { dispatchDate: '2026-11-26', quotedArrivalDate: '2026-12-08', arrivalDate: '2026-12-08', shift: null },
    ],
    [
      'pick-up on the earliest day: the same date',
      { earliestDispatchDate: '2026-11-26', transitDaysMax: 8, calendar: RU, pickupDate: '2026-11-26' },
      { dispatchDate: '2026-11-26', arrivalDate: '2026-12-08', shift: null },
    ],
    [
      // 1 December + 8 working days: 2, 3, 4, 7, 8, 9, 10, 11.
      'pick-up later: the arrival moves and says why',
      { earliestDispatchDate: '2026-11-26', transitDaysMax: 8, calendar: RU, pickupDate: '2026-12-01' },
      {
        dispatchDate: '2026-12-01',
        quotedArrivalDate: '2026-12-08',
        earliestArrivalDate: '2026-12-11',
        arrivalDate: '2026-12-11',
        shift: { reason: 'pickup', date: '2026-12-01' },
      },
    ],
    [
      'a pick-up before the earliest dispatch cannot be planned: the earliest',
      { earliestDispatchDate: '2026-11-26', transitDaysMax: 8, calendar: RU, pickupDate: '2026-11-25' },
      { dispatchDate: '2026-11-26', arrivalDate: '2026-12-08', shift: null },
    ],
    [
      // Saturday 28 November counts from Monday: 30, 1, 2 → 2 December, as from Friday 27.
      'a weekend pick-up counts from the next working day',
      { earliestDispatchDate: '2026-11-26', transitDaysMax: 3, calendar: RU, pickupDate: '2026-11-28' },
      { quotedArrivalDate: '2026-12-01', arrivalDate: '2026-12-02', shift: { reason: 'pickup', date: '2026-11-28' } },
    ],
    [
      // 29 December + 3: 30 December, then 11 and 12 January (31 December and 1–10 January are off).
      'the production calendar’s holidays are skipped',
      { earliestDispatchDate: '2026-12-29', transitDaysMax: 3, calendar: RU },
      { arrivalDate: '2027-01-12' },
    ],
    [
      'Monday to Friday without the calendar (23 February is a weekday then)',
      { earliestDispatchDate: '2026-02-20', transitDaysMax: 1, calendar: weekdayCalendar },
      { arrivalDate: '2026-02-23' },
    ],
    [
      '…and a day off with the production calendar',
      { earliestDispatchDate: '2026-02-20', transitDaysMax: 1, calendar: RU },
      { arrivalDate: '2026-02-24' },
    ],
    [
      'a working Saturday of a calendar counts',
      {
        earliestDispatchDate: '2026-11-27',
        transitDaysMax: 1,
        calendar: createCalendar(new Map([['2026-11-28', true]])),
      },
      { arrivalDate: '2026-11-28' },
    ],
    [
      'a chosen delivery date later than the terms becomes the plan',
      {
        earliestDispatchDate: '2026-11-26',
        transitDaysMax: 8,
        calendar: RU,
        pickupDate: '2026-12-01',
        deliveryDate: '2026-12-15',
      },
      {
        earliestArrivalDate: '2026-12-11',
        arrivalDate: '2026-12-15',
        shift: { reason: 'delivery', date: '2026-12-15' },
      },
    ],
    [
      'an earlier delivery date cannot be kept: the terms',
      { earliestDispatchDate: '2026-11-26', transitDaysMax: 8, calendar: RU, deliveryDate: '2026-12-04' },
      { arrivalDate: '2026-12-08', shift: null },
    ],
  ])('%s', (_name, input, expected) => {
    expect(planArrival(input)).toMatchObject(expected);
  });

  it('refuses malformed dates', () => {
    const base = { earliestDispatchDate: '2026-11-26', transitDaysMax: 8, calendar: RU };
    expect(() => planArrival({ ...base, pickupDate: '01.12.2026' })).toThrow(RangeError);
    expect(() => planArrival({ ...base, deliveryDate: '2026-02-30' })).toThrow(RangeError);
    expect(() => planArrival({ ...base, earliestDispatchDate: 'today' })).toThrow(RangeError);
  });

  it('the calculator and the order agree when the order picks up on the earliest day', () => {
    const now = new Date('2026-11-26T07:00:00Z');
    const earliest = earliestDispatchDate(now, 'Europe/Moscow', RU);
    const calculator = planArrival({ earliestDispatchDate: earliest, transitDaysMax: 8, calendar: RU });
    const order = planArrival({
      earliestDispatchDate: earliest,
      transitDaysMax: 8,
      calendar: RU,
      pickupDate: earliest,
    });
    expect(order.arrivalDate).toBe(calculator.arrivalDate);
  });
});

describe('arrivalShiftNote: why the date is later, in one Russian sentence', () => {
  const plan = (pickupDate: string | null, deliveryDate: string | null = null) =>
    planArrival({ earliestDispatchDate: '2026-11-26', transitDaysMax: 8, calendar: RU, pickupDate, deliveryDate });
  it.each([
    [plan('2026-12-01'), true, true, 'Дата доставки позже, чем в расчёте: забор груза назначен на 1 декабря 2026 г.'],
    [
      plan('2026-12-03'),
      false,
      true,
      'Дата доставки позже, чем в расчёте: сдача груза на терминал назначена на 3 декабря 2026 г.',
    ],
    [
      plan(null, '2026-12-15'),
      true,
      true,
      'Дата доставки позже, чем в расчёте: вы выбрали доставку на 15 декабря 2026 г.',
    ],
    [
      plan(null, '2026-12-15'),
      true,
      false,
      'Дата доставки позже, чем в расчёте: вы выбрали выдачу груза на 15 декабря 2026 г.',
    ],
    [plan('2026-11-26'), true, true, null],
    [plan(null), false, false, null],
  ])('%#', (p, pickupAtDoor, deliveryAtDoor, expected) => {
    expect(arrivalShiftNote(p, { pickupAtDoor, deliveryAtDoor })).toBe(expected);
  });

  it('the sentences are the catalogue’s', () => {
    expect(arrivalShiftNote(plan('2026-12-01'), { pickupAtDoor: true, deliveryAtDoor: false })).toBe(
      A.laterPickup('1 декабря 2026 г.'),
    );
  });
});
