'use client';

// Deep and type-only imports keep zod and the schemas out of the browser bundle.
import type { AnalyticsBreakdown } from '@freight/contracts/analytics';
import { API_PATHS } from '@freight/contracts/paths';
import type { AnalyticsDataType } from '@freight/domain/finance';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError, apiFetch } from '@/lib/api/client';
import { analyticsApiQuery, type AnalyticsPeriod } from '../lib/analytics-url';
import type { AnalyticsBreakdowns } from '../lib/types';

/**
 * The four breakdown calls again, in another measure (the data_type switch): the totals, months
 * and averages do not depend on it and are not asked again. `signal` cancels a switch that a
 * newer one overtook.
 */
export async function loadBreakdowns(
  accounts: readonly string[],
  period: AnalyticsPeriod,
  dataType: AnalyticsDataType,
  signal?: AbortSignal,
): Promise<AnalyticsBreakdowns> {
  const query = `?${analyticsApiQuery(accounts, period, dataType)}`;
  const get = (path: string) => apiFetch<AnalyticsBreakdown>(path + query, { signal });
  const [cargo, participation, deliveryType, directions] = await Promise.all([
    get(API_PATHS.analyticsCargo),
    get(API_PATHS.analyticsTransferParticipation),
    get(API_PATHS.analyticsDeliveryType),
    get(API_PATHS.analyticsDirections),
  ]);
  return { cargo, participation, deliveryType, directions };
}

/** The Russian message of a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON_TEXTS.internalError;
}
