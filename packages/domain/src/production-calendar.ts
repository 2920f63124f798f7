import { addCalendarDays, createCalendar, getIsoWeekday, isIsoDate, type WorkingDayCalendar } from './dates';

/**
 * The Russian production calendar (производственный календарь) for 2024–2027, written from:
 * - ТК РФ ст. 112: the non-working public holidays, and the automatic move of a weekend day that
 *   falls on a holiday to the next working day (January holidays excepted);
 * - ТК РФ ст. 95: the working day before a non-working holiday is one hour shorter;
 * - Постановления Правительства РФ: 10.08.2023 № 1314 (2024), 04.10.2024 № 1335 (2025),
 *   24.09.2025 № 1466 (2026).
 * 2027 holds the holidays, the automatic moves and the short days only: the decree that moves
 * the days off of 2–3 January 2027 is not published yet (status `provisional`).
 */

export type ProductionDayType = 'working' | 'weekend' | 'holiday' | 'transferred_day_off' | 'working_weekend';
export type ProductionCalendarStatus = 'official' | 'provisional';

export interface ProductionCalendarYear {
  year: number;
  status: ProductionCalendarStatus;
  basis: string;
  /** Non-working public holidays (ст. 112), including those that fall on a weekend. */
  holidays: readonly string[];
  /** Weekdays made days off: by the decree or by the automatic move of ст. 112. `from` is the day whose rest moved here. */
  transferredDaysOff: ReadonlyArray<{ date: string; from: string; basis: string }>;
  /** Saturdays or Sundays made working days by the decree. */
  workingWeekends: readonly string[];
  /** Pre-holiday working days, one hour shorter (ст. 95). */
  shortDays: readonly string[];
}

const ART_112 = 'ТК РФ ст. 112';

/** Holiday names of ст. 112 by `MM-DD`. */
const HOLIDAY_TITLES: Record<string, string> = {
  '01-01': 'Новогодние каникулы',
  '01-02': 'Новогодние каникулы',
  '01-03': 'Новогодние каникулы',
  '01-04': 'Новогодние каникулы',
  '01-05': 'Новогодние каникулы',
  '01-06': 'Новогодние каникулы',
  '01-07': 'Рождество Христово',
  '01-08': 'Новогодние каникулы',
  '02-23': 'День защитника Отечества',
  '03-08': 'Международный женский день',
  '05-01': 'Праздник Весны и Труда',
  '05-09': 'День Победы',
  '06-12': 'День России',
  '11-04': 'День народного единства',
};

/** The holidays of ст. 112 in `year`. */
function holidaysOf(year: number): string[] {
  return Object.keys(HOLIDAY_TITLES).map((monthDay) => `${year}-${monthDay}`);
}

export const PRODUCTION_CALENDAR: readonly ProductionCalendarYear[] = [
  {
    year: 2024,
    status: 'official',
    basis: 'Постановление Правительства РФ от 10.08.2023 № 1314',
    holidays: holidaysOf(2024),
    transferredDaysOff: [
      { date: '2024-04-29', from: '2024-04-27', basis: 'ПП РФ № 1314' },
      { date: '2024-04-30', from: '2024-11-02', basis: 'ПП РФ № 1314' },
      { date: '2024-05-10', from: '2024-01-06', basis: 'ПП РФ № 1314' },
      { date: '2024-12-30', from: '2024-12-28', basis: 'ПП РФ № 1314' },
      { date: '2024-12-31', from: '2024-01-07', basis: 'ПП РФ № 1314' },
    ],
    workingWeekends: ['2024-04-27', '2024-11-02', '2024-12-28'],
    shortDays: ['2024-02-22', '2024-03-07', '2024-05-08', '2024-06-11', '2024-11-02'],
  },
  {
    year: 2025,
    status: 'official',
    basis: 'Постановление Правительства РФ от 04.10.2024 № 1335',
    holidays: holidaysOf(2025),
    transferredDaysOff: [
      { date: '2025-05-02', from: '2025-01-04', basis: 'ПП РФ № 1335' },
      { date: '2025-05-08', from: '2025-02-23', basis: 'ПП РФ № 1335' },
      { date: '2025-06-13', from: '2025-03-08', basis: 'ПП РФ № 1335' },
      { date: '2025-11-03', from: '2025-11-01', basis: 'ПП РФ № 1335' },
      { date: '2025-12-31', from: '2025-01-05', basis: 'ПП РФ № 1335' },
    ],
    workingWeekends: ['2025-11-01'],
    shortDays: ['2025-03-07', '2025-04-30', '2025-06-11', '2025-11-01'],
  },
  {
    year: 2026,
    status: 'official',
    basis: 'Постановление Правительства РФ от 24.09.2025 № 1466',
    holidays: holidaysOf(2026),
    transferredDaysOff: [
      { date: '2026-01-09', from: '2026-01-03', basis: 'ПП РФ № 1466' },
      { date: '2026-03-09', from: '2026-03-08', basis: ART_112 },
      { date: '2026-05-11', from: '2026-05-09', basis: ART_112 },
      { date: '2026-12-31', from: '2026-01-04', basis: 'ПП РФ № 1466' },
    ],
    workingWeekends: [],
    shortDays: ['2026-04-30', '2026-05-08', '2026-06-11', '2026-11-03'],
  },
  {
    year: 2027,
    status: 'provisional',
    basis: 'ТК РФ ст. 112 и 95; постановление о переносе выходных дней на 2027 год ещё не опубликовано',
    holidays: holidaysOf(2027),
    transferredDaysOff: [
      { date: '2027-05-03', from: '2027-05-01', basis: ART_112 },
      { date: '2027-05-10', from: '2027-05-09', basis: ART_112 },
      { date: '2027-06-14', from: '2027-06-12', basis: ART_112 },
    ],
    workingWeekends: [],
    shortDays: ['2027-02-22', '2027-04-30', '2027-06-11', '2027-11-03', '2027-12-31'],
  },
];

/** Years the calendar knows; outside them, Monday–Friday are working days. */
export const PRODUCTION_CALENDAR_YEARS: readonly number[] = PRODUCTION_CALENDAR.map((y) => y.year);

export interface ProductionDay {
  date: string;
  type: ProductionDayType;
  isWorkingDay: boolean;
  /** A working day one hour shorter (ст. 95). */
  isShortDay: boolean;
  /** Hours of a 40-hour week: 8, 7 on a short day, 0 on a day off. */
  hours: number;
  /** Russian name of the holiday or the reason of the change; null for an ordinary day. */
  title: string | null;
}

interface DayIndexEntry {
  type: Exclude<ProductionDayType, 'working' | 'weekend'>;
  title: string;
}

const DAY_INDEX = new Map<string, DayIndexEntry>();
const SHORT_DAYS = new Set<string>();
for (const year of PRODUCTION_CALENDAR) {
  for (const date of year.holidays) {
    DAY_INDEX.set(date, { type: 'holiday', title: HOLIDAY_TITLES[date.slice(5)] ?? 'Праздничный день' });
  }
  for (const { date } of year.transferredDaysOff) {
    DAY_INDEX.set(date, { type: 'transferred_day_off', title: 'Перенесённый выходной день' });
  }
  for (const date of year.workingWeekends) {
    DAY_INDEX.set(date, { type: 'working_weekend', title: 'Рабочий выходной день (перенос)' });
  }
  for (const date of year.shortDays) SHORT_DAYS.add(date);
}

/**
 * What the production calendar says about a date `YYYY-MM-DD`. Outside 2024–2027 only
 * weekends are days off. Throws RangeError for a malformed date.
 */
export function getProductionDay(isoDate: string): ProductionDay {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not an ISO date: ${isoDate}`);
  const entry = DAY_INDEX.get(isoDate);
  const weekend = getIsoWeekday(isoDate) >= 6;
  const type: ProductionDayType = entry?.type ?? (weekend ? 'weekend' : 'working');
  const isWorkingDay = type === 'working' || type === 'working_weekend';
  const isShortDay = isWorkingDay && SHORT_DAYS.has(isoDate);
  return {
    date: isoDate,
    type,
    isWorkingDay,
    isShortDay,
    hours: isWorkingDay ? (isShortDay ? 7 : 8) : 0,
    title: entry?.title ?? (isShortDay ? 'Предпраздничный день, сокращён на 1 час' : null),
  };
}

/** The official Russian production calendar as a {@link WorkingDayCalendar} for `addWorkingDays`. */
export const RU_PRODUCTION_CALENDAR: WorkingDayCalendar = createCalendar(
  new Map([...DAY_INDEX].map(([date, entry]) => [date, entry.type === 'working_weekend'])),
);

/** Every day of `year` (one known to the calendar or not) with its type, in date order. */
export function listProductionDays(year: number): ProductionDay[] {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`Bad year: ${year}`);
  const days: ProductionDay[] = [];
  const first = `${String(year).padStart(4, '0')}-01-01`;
  for (let date = first; date.startsWith(String(year).padStart(4, '0')); date = addCalendarDays(date, 1)) {
    days.push(getProductionDay(date));
  }
  return days;
}

/** The days of `year` that differ from an ordinary week: holidays, moved days, short days. */
export function listSpecialDays(year: number): ProductionDay[] {
  return listProductionDays(year).filter(
    (day) =>
      day.type === 'holiday' || day.type === 'transferred_day_off' || day.type === 'working_weekend' || day.isShortDay,
  );
}

/** Working days and hours (40-hour week) in `year`: 248 / 1979 for 2024, 247 / 1972 for 2025 and 2026. */
export function countWorkingTime(year: number): { workingDays: number; hours: number } {
  let workingDays = 0;
  let hours = 0;
  for (const day of listProductionDays(year)) {
    if (day.isWorkingDay) workingDays += 1;
    hours += day.hours;
  }
  return { workingDays, hours };
}

/** Whether `year` is written into the calendar, and how final it is. */
export function getCalendarYear(year: number): ProductionCalendarYear | undefined {
  return PRODUCTION_CALENDAR.find((y) => y.year === year);
}
