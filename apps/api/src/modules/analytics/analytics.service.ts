import type {
  AnalyticsAverageNumbers,
  AnalyticsBreakdown,
  AnalyticsBreakdownQuery,
  AnalyticsDynamics,
  AnalyticsNumbers,
  AnalyticsQuery,
  AnalyticsTotals,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import {
  ANALYTICS_DELIVERY_TYPES,
  ANALYTICS_MAX_PERIOD_DAYS,
  ANALYTICS_PARTICIPATION,
  ANALYTICS_STATUS_GROUPS,
  MESSAGES,
  analyticsDeliveryType,
  analyticsStatusGroup,
  defaultAnalyticsPeriod,
  isCargoStatus,
  nextMonthStart,
  previousPeriod,
  roleCan,
  toIsoDate,
  type AnalyticsDataType,
} from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { findActiveUserById } from '../auth/identity.repository';
import type { SessionRow } from '../auth/session.repository';
import { forbidden, profileNotFound } from '../profiles/profiles.service';
import * as repo from './analytics.repository';

/*
 * Analytics of a client's shipments (issue 16, spec §7 user/analytics/*): seven GET calls for a
 * signed-in, verified user. What every figure means:
 *
 * Profiles — `account_uuid`, comma-separated. Default: every profile the user is a member of
 *   whose role has `analytics.view`. A given uuid that is not one of the user's profiles
 *   (unknown, someone else's, malformed) is 404 «Профиль не найден» (field account_uuid); one of
 *   theirs whose role lacks `analytics.view` is 403. The cargos counted are those whose
 *   owner_profile_id is one of these profiles.
 * Period — `date_from`, `date_to` (YYYY-MM-DD, both inclusive), compared with the day the cargo
 *   was ordered (cargos.created_at) in Moscow time. Default: the last twelve months including the
 *   current one (defaultAnalyticsPeriod of today); only date_to given: the twelve months ending
 *   with its month; only date_from given: up to today. A period longer than
 *   ANALYTICS_MAX_PERIOD_DAYS (731) days, or reversed, is 400. `previous_period` is the period of
 *   the same length just before (previousPeriod).
 * Cancelled cargos count only in `cargo` (the status groups); totals, averages, dynamics and the
 *   other breakdowns leave them out.
 * numbers — for the period and the previous one: cargo_count; weight_kg (0.01 kg), volume_m3
 *   (0.001 m³) and amount_kopecks (sum of price_kopecks) summed; delivered_count (status
 *   released); in_progress_count (status groups in_progress and problem); on_time_share =
 *   released cargos whose release day (status_changed_at, Moscow) ≤ planned_arrival_date ÷
 *   released cargos with a planned_arrival_date (null when there are none).
 * numbers_dynamic — the same four sums per calendar month (YYYY-MM, Moscow) of the period, every
 *   month from the first to the last, months without cargos as zeros.
 * average_numbers — per cargo, period against the previous one: weight (0.01 kg), volume
 *   (0.001 m³), price (whole kopecks, half up) and transit_days (released cargos only: Moscow
 *   day of release − Moscow day of ordering, averaged, one decimal). null when there is no
 *   cargo (transit_days: no released cargo).
 * Breakdowns (cargo, transfer_participation, delivery_type, directions) — `data_type` chooses
 *   the value: count (unit «шт.»), weight («кг», 0.01), volume («м³», 0.001) or amount («₽»,
 *   values in kopecks). total = the sum of the items' values; share = value ÷ total (0 when the
 *   total is 0), unrounded. cargo, transfer_participation (cargos.customer_role) and
 *   delivery_type (analyticsDeliveryType of departure_type and delivery_type) list every key of
 *   their enum in the enum's order, zeros included. directions: the top ANALYTICS_TOP_DIRECTIONS
 *   (10) city pairs by value, key and label «Москва → Казань», ties by label (code-point order);
 *   then, when there are more pairs, one item `other` «Другие направления» with the rest.
 *
 * How it is fast: each call is one SQL statement grouping the cargos in the database (no row
 * reaches JavaScript; the service only maps a handful of groups to the API's keys), and every
 * column it reads is in the index cargos_owner_analytics_idx, so PostgreSQL scans just the
 * profiles' period of that index (index-only). `npm run bench:account` measures it.
 */

export interface AnalyticsDeps {
  db: Database;
  clock: () => Date;
}

type Period = { from: string; to: string };

interface Scope {
  profileIds: number[];
  period: Period;
}

const A = MESSAGES.analytics;
const DAY_MS = 86_400_000;

const unauthorized = () => new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);

function invalidPeriod(message: string): AppError {
  return new AppError('VALIDATION_FAILED', 400, message, { date_from: message });
}

/** Days of [from, to], both inclusive. */
function periodDays(period: Period): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The period asked for, with its defaults (see the top of this file); 400 when reversed or too long. */
export function resolvePeriod(query: { date_from?: string; date_to?: string }, today: string): Period {
  const to = query.date_to ?? today;
  const from = query.date_from ?? defaultAnalyticsPeriod(to).from;
  const period = { from, to };
  if (from > to) throw invalidPeriod(A.periodReversed);
  if (periodDays(period) > ANALYTICS_MAX_PERIOD_DAYS) throw invalidPeriod(A.periodTooLong);
  return period;
}

/**
 * The signed-in verified user's profiles the call covers (see the top of this file) and its
 * period: 401 without a verified user, 404 for a profile that is not theirs, 403 for one whose
 * role may not see analytics, 400 for a wrong period.
 */
async function resolveScope(
  deps: AnalyticsDeps,
  session: SessionRow | null,
  query: { account_uuid?: string[]; date_from?: string; date_to?: string },
): Promise<Scope> {
  const userId = session?.userId;
  if (!userId) throw unauthorized();
  // One query on every call: the profiles of the user when verified and not deleted; none
  // (rare: a user without a profile, or one who may not sign in) costs a second look.
  const memberships = await repo.findViewerMemberships(deps.db, userId);
  if (memberships.length === 0 && !(await findActiveUserById(deps.db, userId))?.isVerified) throw unauthorized();
  const period = resolvePeriod(query, toIsoDate(deps.clock())!);
  if (!query.account_uuid) {
    return {
      profileIds: memberships.filter((m) => roleCan(m.role, 'analytics.view')).map((m) => m.profileId),
      period,
    };
  }
  const byUuid = new Map(memberships.map((m) => [m.accountUuid.toLowerCase(), m]));
  const chosen = query.account_uuid.map((uuid) => byUuid.get(uuid.toLowerCase()));
  // Someone else's profile is 404 even when another of the list would be 403: nothing tells
  // the caller whether a profile they do not belong to exists.
  if (chosen.some((m) => m === undefined)) throw profileNotFound('account_uuid');
  const members = chosen.filter((m) => m !== undefined);
  if (members.some((m) => !roleCan(m.role, 'analytics.view'))) throw forbidden();
  return { profileIds: [...new Set(members.map((m) => m.profileId))], period };
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
const kg = (value: number) => round(value, 2);
const m3 = (value: number) => round(value, 3);

/** A period's figures summed over its statuses, the status groups by the domain's rule. */
interface PeriodFigures extends repo.Measures {
  delivered: number;
  inProgress: number;
  withPlannedArrival: number;
  onTime: number;
  transitDays: number;
}

function foldStatuses(rows: repo.StatusFigures[]): PeriodFigures {
  const sum: PeriodFigures = {
    count: 0,
    weight: 0,
    volume: 0,
    amount: 0,
    delivered: 0,
    inProgress: 0,
    withPlannedArrival: 0,
    onTime: 0,
    transitDays: 0,
  };
  for (const row of rows) {
    const group = isCargoStatus(row.status) ? analyticsStatusGroup(row.status) : null;
    if (group === null || group === 'cancelled') continue;
    sum.count += row.count;
    sum.weight += row.weight;
    sum.volume += row.volume;
    sum.amount += row.amount;
    if (group === 'delivered') sum.delivered += row.count;
    if (group === 'in_progress' || group === 'problem') sum.inProgress += row.count;
    sum.withPlannedArrival += row.withPlannedArrival;
    sum.onTime += row.onTime;
    sum.transitDays += row.transitDays;
  }
  return sum;
}

function totals(rows: repo.StatusFigures[]): AnalyticsTotals {
  const f = foldStatuses(rows);
  return {
    cargo_count: f.count,
    weight_kg: kg(f.weight),
    volume_m3: m3(f.volume),
    amount_kopecks: f.amount,
    delivered_count: f.delivered,
    in_progress_count: f.inProgress,
    on_time_share: f.withPlannedArrival === 0 ? null : f.onTime / f.withPlannedArrival,
  };
}

function averages(rows: repo.StatusFigures[]): AnalyticsAverageNumbers['current'] {
  const f = foldStatuses(rows);
  if (f.count === 0) return { weight_kg: null, volume_m3: null, price_kopecks: null, transit_days: null };
  return {
    weight_kg: kg(f.weight / f.count),
    volume_m3: m3(f.volume / f.count),
    price_kopecks: Math.round(f.amount / f.count),
    transit_days: f.delivered === 0 ? null : round(f.transitDays / f.delivered, 1),
  };
}

/** GET user/analytics/numbers: totals of the period and of the one before. */
export async function getNumbers(
  deps: AnalyticsDeps,
  session: SessionRow | null,
  query: AnalyticsQuery,
): Promise<AnalyticsNumbers> {
  const { profileIds, period } = await resolveScope(deps, session, query);
  const previous = previousPeriod(period);
  const figures = await repo.findPeriodFigures(deps.db, profileIds, previous, period);
  return { period, previous_period: previous, current: totals(figures.current), previous: totals(figures.previous) };
}

/** GET user/analytics/average_numbers: per-cargo averages of the period and of the one before. */
export async function getAverageNumbers(
  deps: AnalyticsDeps,
  session: SessionRow | null,
  query: AnalyticsQuery,
): Promise<AnalyticsAverageNumbers> {
  const { profileIds, period } = await resolveScope(deps, session, query);
  const previous = previousPeriod(period);
  const figures = await repo.findPeriodFigures(deps.db, profileIds, previous, period);
  return {
    period,
    previous_period: previous,
    current: averages(figures.current),
    previous: averages(figures.previous),
  };
}

/** Every calendar month (YYYY-MM) from the month of `from` to the month of `to`. */
export function monthsOf(period: Period): string[] {
  const months: string[] = [];
  for (let day = `${period.from.slice(0, 7)}-01`; day <= period.to; day = nextMonthStart(day)) {
    months.push(day.slice(0, 7));
  }
  return months;
}

/** GET user/analytics/numbers_dynamic: the sums of each month of the period, empty months as zeros. */
export async function getNumbersDynamic(
  deps: AnalyticsDeps,
  session: SessionRow | null,
  query: AnalyticsQuery,
): Promise<AnalyticsDynamics> {
  const { profileIds, period } = await resolveScope(deps, session, query);
  const rows = new Map(
    (await repo.findMonthlyMeasures(deps.db, { profileIds, ...period })).map((r) => [r.month, r] as const),
  );
  return {
    period,
    months: monthsOf(period).map((month) => {
      const row = rows.get(month);
      return {
        month,
        cargo_count: row?.count ?? 0,
        weight_kg: kg(row?.weight ?? 0),
        volume_m3: m3(row?.volume ?? 0),
        amount_kopecks: row?.amount ?? 0,
      };
    }),
  };
}

/** The value of a group as `data_type` measures it, rounded as the API shows it. */
function valueOf(measures: repo.Measures, dataType: AnalyticsDataType): number {
  return shown(measures[dataType], dataType);
}

/** A sum as the API shows it: weight to 0.01 kg, volume to 0.001 m³ (count and kopecks are whole). */
function shown(value: number, dataType: AnalyticsDataType): number {
  return dataType === 'weight' ? kg(value) : dataType === 'volume' ? m3(value) : value;
}

/** A breakdown's answer from its items' values: total, shares, unit. */
function breakdown(
  period: Period,
  dataType: AnalyticsDataType,
  items: { key: string; label: string; value: number }[],
): AnalyticsBreakdown {
  // Summed in the unit shown; weight and volume rounded again against float noise.
  const sum = items.reduce((acc, item) => acc + item.value, 0);
  const total = shown(sum, dataType);
  return {
    period,
    data_type: dataType,
    unit: A.units[dataType],
    total,
    items: items.map((item) => ({ ...item, share: total === 0 ? 0 : item.value / total })),
  };
}

/**
 * Groups raw rows under the enum keys `keys` (each row's raw key, and second key, mapped by
 * `keyOf`; unknown raw values are dropped) and measures each key; every key appears, in the
 * enum's order.
 */
function enumItems<K extends string>(
  rows: (repo.Measures & { key: string; key2: string | null })[],
  keys: readonly K[],
  keyOf: (raw: string, raw2: string | null) => K | null,
  labelOf: (key: K) => string,
  dataType: AnalyticsDataType,
) {
  const sums = new Map<K, repo.Measures>(keys.map((k) => [k, { count: 0, weight: 0, volume: 0, amount: 0 }]));
  for (const row of rows) {
    const key = keyOf(row.key, row.key2);
    const sum = key === null ? undefined : sums.get(key);
    if (!sum) continue;
    sum.count += row.count;
    sum.weight += row.weight;
    sum.volume += row.volume;
    sum.amount += row.amount;
  }
  return keys.map((key) => ({ key, label: labelOf(key), value: valueOf(sums.get(key)!, dataType) }));
}

/** GET user/analytics/cargo: by status group; the only figure that counts cancelled cargos. */
export async function getCargoBreakdown(
  deps: AnalyticsDeps,
  session: SessionRow | null,
  query: AnalyticsBreakdownQuery,
): Promise<AnalyticsBreakdown> {
  const { profileIds, period } = await resolveScope(deps, session, query);
  const rows = await repo.findMeasuresBy(deps.db, { profileIds, ...period }, 'status');
  const items = enumItems(
    rows,
    ANALYTICS_STATUS_GROUPS,
    (status) => (isCargoStatus(status) ? analyticsStatusGroup(status) : null),
    (key) => A.statusGroups[key],
    query.data_type,
  );
  return breakdown(period, query.data_type, items);
}

/** GET user/analytics/transfer_participation: by the profile's part (cargos.customer_role). */
export async function getParticipationBreakdown(
  deps: AnalyticsDeps,
  session: SessionRow | null,
  query: AnalyticsBreakdownQuery,
): Promise<AnalyticsBreakdown> {
  const { profileIds, period } = await resolveScope(deps, session, query);
  const rows = await repo.findMeasuresBy(deps.db, { profileIds, ...period }, 'customer_role');
  const items = enumItems(
    rows,
    ANALYTICS_PARTICIPATION,
    (role) => ANALYTICS_PARTICIPATION.find((key) => key === role) ?? null,
    (key) => A.participation[key],
    query.data_type,
  );
  return breakdown(period, query.data_type, items);
}

/** GET user/analytics/delivery_type: terminal or door on each side. */
export async function getDeliveryTypeBreakdown(
  deps: AnalyticsDeps,
  session: SessionRow | null,
  query: AnalyticsBreakdownQuery,
): Promise<AnalyticsBreakdown> {
  const { profileIds, period } = await resolveScope(deps, session, query);
  const rows = await repo.findMeasuresBy(deps.db, { profileIds, ...period }, 'departure_delivery');
  const items = enumItems(
    rows,
    ANALYTICS_DELIVERY_TYPES,
    (departure, delivery) => analyticsDeliveryType(departure, delivery ?? ''),
    (key) => A.deliveryTypes[key],
    query.data_type,
  );
  return breakdown(period, query.data_type, items);
}

/** GET user/analytics/directions: the top city pairs, then the rest as `other`. */
export async function getDirections(
  deps: AnalyticsDeps,
  session: SessionRow | null,
  query: AnalyticsBreakdownQuery,
): Promise<AnalyticsBreakdown> {
  const { profileIds, period } = await resolveScope(deps, session, query);
  const rows = await repo.findTopDirections(deps.db, { profileIds, ...period }, query.data_type);
  const items = rows.map((row) => {
    const value = shown(row.value, query.data_type);
    if (row.from === null || row.to === null) return { key: 'other', label: A.otherDirections, value };
    const label = A.direction(row.from, row.to);
    return { key: label, label, value };
  });
  return breakdown(period, query.data_type, items);
}
