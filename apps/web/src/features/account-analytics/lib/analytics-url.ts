import { isIsoDate } from '@freight/domain/dates';
import {
  ANALYTICS_DATA_TYPES,
  ANALYTICS_MAX_PERIOD_DAYS,
  defaultAnalyticsPeriod,
  type AnalyticsDataType,
} from '@freight/domain/finance';
import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';

/*
 * What /personal-account/analytics shows lives in its address, so a view can be shared and
 * survives a reload: `account_uuid` (comma-separated profiles; absent: all the user may see),
 * `period` (a preset; absent: the last twelve months), `from` and `to` (with `period=custom`)
 * and `data_type` (the measure of the breakdown charts; absent: count).
 */

const A = ANALYTICS_TEXTS;

export const ANALYTICS_PRESETS = ['12m', 'year', 'last_year', 'quarter', 'custom'] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];

/** The API takes at most this many profiles in one account_uuid list (AccountUuidListSchema). */
const MAX_ACCOUNTS_PER_CALL = 20;

export interface AnalyticsPeriod {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive. */
  to: string;
}

export interface AnalyticsUrlState {
  /** The chosen profiles; null: every profile the user may see analytics of. */
  accounts: string[] | null;
  preset: AnalyticsPreset;
  /** The dates typed for `custom` ('' when none); ignored by the other presets. */
  from: string;
  to: string;
  dataType: AnalyticsDataType;
}

export interface AnalyticsUrlErrors {
  profiles?: string;
  from?: string;
  to?: string;
}

export interface ParsedAnalyticsUrl {
  state: AnalyticsUrlState;
  /** The profiles to ask about: the chosen ones that the user may see, else all of those. */
  accounts: string[];
  /** The period to ask about: the preset's, the custom dates, or the default when they are wrong. */
  period: AnalyticsPeriod;
  errors: AnalyticsUrlErrors;
}

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

function readAll(params: RawParams, key: string): string[] {
  const value = params instanceof URLSearchParams ? params.getAll(key) : params[key];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) => v.trim());
}

function read(params: RawParams, key: string): string {
  return readAll(params, key)[0] ?? '';
}

/**
 * The dates of a preset on `today` (YYYY-MM-DD, Moscow): «12 месяцев» — this month and the eleven
 * before it (the API's default); «Этот год» — 1 January to today; «Прошлый год» — the whole of
 * last year; «Квартал» — the first day of this calendar quarter to today.
 */
export function presetPeriod(preset: Exclude<AnalyticsPreset, 'custom'>, today: string): AnalyticsPeriod {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (preset) {
    case 'year':
      return { from: `${year}-01-01`, to: today };
    case 'last_year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'quarter': {
      const first = Math.floor((month - 1) / 3) * 3 + 1;
      return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: today };
    }
    default:
      return defaultAnalyticsPeriod(today);
  }
}

/** Days in [from, to], both inclusive. */
function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Reads the address. Impossible values never fail the page: an unknown preset or measure falls
 * back to the default; profiles the user may not see are dropped (all of them: every allowed
 * profile, with a note); wrong custom dates are explained beside their field while the default
 * period is shown. `allowed` is the user's profiles with `analytics.view`.
 */
export function parseAnalyticsUrl(params: RawParams, today: string, allowed: readonly string[]): ParsedAnalyticsUrl {
  const errors: AnalyticsUrlErrors = {};

  // One comma-separated value, or the same key repeated (a form's checkboxes).
  const asked = [
    ...new Set(
      readAll(params, 'account_uuid')
        .flatMap((value) => value.split(','))
        .map((part) => part.trim()),
    ),
  ].filter(Boolean);
  let accounts: string[] | null = null;
  if (asked.length > 0) {
    const known = asked.filter((uuid) => allowed.includes(uuid));
    if (known.length > 0) accounts = known;
    else errors.profiles = A.screen.profilesUnknown;
  }

  const from = read(params, 'from');
  const to = read(params, 'to');
  const rawPreset = read(params, 'period');
  let preset: AnalyticsPreset = (ANALYTICS_PRESETS as readonly string[]).includes(rawPreset)
    ? (rawPreset as AnalyticsPreset)
    : '12m';
  if (!rawPreset && (from || to)) preset = 'custom';

  const rawType = read(params, 'data_type');
  const dataType: AnalyticsDataType = (ANALYTICS_DATA_TYPES as readonly string[]).includes(rawType)
    ? (rawType as AnalyticsDataType)
    : 'count';

  let period = presetPeriod(preset === 'custom' ? '12m' : preset, today);
  if (preset === 'custom') {
    if (!isIsoDate(from)) errors.from = A.dateInvalid;
    if (!isIsoDate(to)) errors.to = A.dateInvalid;
    if (!errors.from && !errors.to) {
      if (from > to) errors.from = A.periodReversed;
      else if (daysIn(from, to) > ANALYTICS_MAX_PERIOD_DAYS) errors.from = A.periodTooLong;
      else period = { from, to };
    }
  }

  return {
    state: { accounts, preset, from, to, dataType },
    accounts: accounts ?? [...allowed],
    period,
    errors,
  };
}

/** The address of a state: only what differs from the defaults. */
export function analyticsUrlQuery(state: AnalyticsUrlState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.accounts && state.accounts.length > 0) query.set('account_uuid', state.accounts.join(','));
  if (state.preset !== '12m') query.set('period', state.preset);
  if (state.preset === 'custom') {
    query.set('from', state.from);
    query.set('to', state.to);
  }
  if (state.dataType !== 'count') query.set('data_type', state.dataType);
  return query;
}

/**
 * The query of the analytics calls: the profiles (left to the API's own default — every profile
 * the user may see — when there are more than one call takes), the period and, for the
 * breakdowns, the measure.
 */
export function analyticsApiQuery(
  accounts: readonly string[],
  period: AnalyticsPeriod,
  dataType?: AnalyticsDataType,
): URLSearchParams {
  const query = new URLSearchParams();
  if (accounts.length > 0 && accounts.length <= MAX_ACCOUNTS_PER_CALL) query.set('account_uuid', accounts.join(','));
  query.set('date_from', period.from);
  query.set('date_to', period.to);
  if (dataType) query.set('data_type', dataType);
  return query;
}
