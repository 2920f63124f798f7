import 'server-only';
import {
  API_PATHS,
  AnalyticsAverageNumbersSchema,
  AnalyticsCargoSchema,
  AnalyticsDeliveryTypeSchema,
  AnalyticsDirectionsSchema,
  AnalyticsDynamicsSchema,
  AnalyticsNumbersSchema,
  AnalyticsParticipationSchema,
} from '@freight/contracts';
import type { AnalyticsDataType } from '@freight/domain/finance';
import { apiGet, ApiStatusError } from '@/lib/api/server';
import { analyticsApiQuery, type AnalyticsPeriod } from '../lib/analytics-url';
import type { AnalyticsData } from '../lib/types';

/**
 * All seven analytics calls for the chosen profiles and period, side by side, on the visitor's
 * behalf: totals, months, averages, and the four breakdowns in `dataType`. A refusal of any call
 * (400, 403, 404) is `{ kind: 'refused' }` — the page says the figures could not be loaded; the
 * API being down throws ApiUnavailableError to the error boundary.
 */
export async function loadAnalytics(
  accounts: readonly string[],
  period: AnalyticsPeriod,
  dataType: AnalyticsDataType,
): Promise<{ kind: 'ok'; data: AnalyticsData } | { kind: 'refused'; status: number }> {
  const base = `?${analyticsApiQuery(accounts, period)}`;
  const withType = `?${analyticsApiQuery(accounts, period, dataType)}`;
  try {
    const [numbers, dynamics, averages, cargo, participation, deliveryType, directions] = await Promise.all([
      apiGet(API_PATHS.analyticsNumbers + base, AnalyticsNumbersSchema),
      apiGet(API_PATHS.analyticsNumbersDynamic + base, AnalyticsDynamicsSchema),
      apiGet(API_PATHS.analyticsAverageNumbers + base, AnalyticsAverageNumbersSchema),
      apiGet(API_PATHS.analyticsCargo + withType, AnalyticsCargoSchema),
      apiGet(API_PATHS.analyticsTransferParticipation + withType, AnalyticsParticipationSchema),
      apiGet(API_PATHS.analyticsDeliveryType + withType, AnalyticsDeliveryTypeSchema),
      apiGet(API_PATHS.analyticsDirections + withType, AnalyticsDirectionsSchema),
    ]);
    return {
      kind: 'ok',
      data: { numbers, dynamics, averages, breakdowns: { cargo, participation, deliveryType, directions } },
    };
  } catch (error) {
    if (error instanceof ApiStatusError) return { kind: 'refused', status: error.status };
    throw error;
  }
}
