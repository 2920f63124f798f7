import { describe, expect, it } from 'vitest';
import {
  describeDayHours,
  describeWeeklySchedule,
  distanceKm,
  formatOpenState,
  getHoursOn,
  getOpenState,
  OfficeScheduleSchema,
  type OfficeSchedule,
} from './working-hours';

const WEEKDAY = { open: '09:00', close: '20:00' };
const SATURDAY = { open: '10:00', close: '16:00' };
const SCHEDULE: OfficeSchedule = {
  weekly: [WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, SATURDAY, null],
  holidayMode: 'closed',
  exceptions: [{ date: '2026-12-31', hours: { open: '09:00', close: '15:00' }, note: 'Сокращённый день' }],
};

/** A moment given as Moscow wall-clock time. */
const msk = (local: string) => new Date(`${local}+03:00`);

describe('getOpenState / formatOpenState', () => {
  it.each([
    ['2026-11-20T12:00', 'Открыто до 20:00'],
    ['2026-11-20T08:15', 'Закрыто, откроется в 9:00'],
    ['2026-11-20T20:00', 'Закрыто, откроется завтра в 10:00'],
    ['2026-11-21T17:00', 'Закрыто, откроется 23 ноября в 9:00'],
    ['2026-12-31T14:59', 'Открыто до 15:00'],
    ['2026-12-31T16:00', 'Закрыто, откроется 9 января в 10:00'],
    ['2026-11-04T12:00', 'Закрыто, откроется завтра в 9:00'],
  ])('Moscow office at %s: %s', (local, text) => {
    expect(formatOpenState(getOpenState(SCHEDULE, msk(local), 'Europe/Moscow'))).toBe(text);
  });

  it("judges by the office's own clock: 12:00 in Moscow is 19:00 in Vladivostok", () => {
    const state = getOpenState(SCHEDULE, msk('2026-11-20T13:30'), 'Asia/Vladivostok');
    expect(formatOpenState(state)).toBe('Закрыто, откроется завтра в 10:00');
  });

  it('reports the lunch break and round-the-clock work', () => {
    const withBreak: OfficeSchedule = {
      ...SCHEDULE,
      weekly: SCHEDULE.weekly.map((d) => (d ? { ...d, breakFrom: '13:00', breakTo: '14:00' } : null)),
    };
    expect(formatOpenState(getOpenState(withBreak, msk('2026-11-20T13:30'), 'Europe/Moscow'))).toBe('Перерыв до 14:00');
    const allDay: OfficeSchedule = {
      weekly: Array(7).fill({ open: '00:00', close: '24:00' }),
      holidayMode: 'weekly',
      exceptions: [],
    };
    expect(formatOpenState(getOpenState(allDay, msk('2026-01-01T03:00'), 'Europe/Moscow'))).toBe(
      'Открыто круглосуточно',
    );
    const shut: OfficeSchedule = { weekly: Array(7).fill(null), holidayMode: 'closed', exceptions: [] };
    expect(formatOpenState(getOpenState(shut, msk('2026-11-20T12:00'), 'Europe/Moscow'))).toBe('Временно закрыто');
  });

  it('holiday modes: closed, Saturday hours, or as usual; a working Saturday takes Monday hours', () => {
    expect(getHoursOn(SCHEDULE, '2026-01-05')).toBeNull();
    expect(getHoursOn({ ...SCHEDULE, holidayMode: 'saturday' }, '2026-01-05')).toEqual(SATURDAY);
    expect(getHoursOn({ ...SCHEDULE, holidayMode: 'weekly' }, '2026-01-05')).toEqual(WEEKDAY);
    expect(getHoursOn(SCHEDULE, '2025-11-01')).toEqual(WEEKDAY);
  });
});

describe('schedule text', () => {
  it('groups days with equal hours', () => {
    expect(describeWeeklySchedule(SCHEDULE.weekly)).toEqual([
      { days: 'Пн–Пт', hours: '9:00–20:00' },
      { days: 'Сб', hours: '10:00–16:00' },
      { days: 'Вс', hours: 'выходной' },
    ]);
    expect(describeDayHours({ open: '08:00', close: '17:00', breakFrom: '12:00', breakTo: '13:00' })).toBe(
      '8:00–17:00, перерыв 12:00–13:00',
    );
    expect(describeDayHours({ open: '00:00', close: '24:00' })).toBe('круглосуточно');
  });

  it('refuses a schedule with a wrong number of days or a closing time before opening', () => {
    expect(OfficeScheduleSchema.safeParse({ ...SCHEDULE, weekly: SCHEDULE.weekly.slice(1) }).success).toBe(false);
    expect(
      OfficeScheduleSchema.safeParse({
        ...SCHEDULE,
        weekly: [{ open: '20:00', close: '09:00' }, ...SCHEDULE.weekly.slice(1)],
      }).success,
    ).toBe(false);
  });
});

describe('distanceKm', () => {
  it('Moscow–Saint Petersburg is about 634 km; a point to itself is 0', () => {
    const moscow = { lat: 55.7558, lon: 37.6173 };
    expect(distanceKm(moscow, { lat: 59.9386, lon: 30.3141 })).toBeCloseTo(634, -1);
    expect(distanceKm(moscow, moscow)).toBe(0);
  });
});
