import { z } from 'zod';
import {
  ANALYTICS_DATA_TYPES,
  ANALYTICS_DELIVERY_TYPES,
  ANALYTICS_PARTICIPATION,
  ANALYTICS_STATUS_GROUPS,
  MESSAGES,
  isIsoDate,
} from '@freight/domain';
import { AccountUuidListSchema } from './settlements';

/*
 * Analytics of a client's shipments (issue 16, decision 014). Every call takes the profiles
 * (account_uuid, comma-separated; default: every profile the user may see analytics of) and an
 * optional period (date_from, date_to; default: the last twelve months including this one).
 * `data_type` chooses the measure: count (cargos), weight (kg), volume (m³), amount (kopecks).
 */

const A = MESSAGES.analytics;
const isoDate = z.string({ error: A.dateInvalid }).trim().refine(isIsoDate, { error: A.dateInvalid });

const base = {
  account_uuid: AccountUuidListSchema.optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
};

function periodChecked<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape).superRefine((value, ctx) => {
    const v = value as { date_from?: string; date_to?: string };
    if (v.date_from && v.date_to && v.date_from > v.date_to) {
      ctx.addIssue({ code: 'custom', path: ['date_from'], message: A.periodReversed });
    }
  });
}

/** numbers, numbers_dynamic, average_numbers. */
export const AnalyticsQuerySchema = periodChecked(base);
export type AnalyticsQuery = z.output<typeof AnalyticsQuerySchema>;

/** cargo, transfer_participation, delivery_type, directions. */
export const AnalyticsBreakdownQuerySchema = periodChecked({
  ...base,
  data_type: z.enum(ANALYTICS_DATA_TYPES, { error: A.dataTypeInvalid }).default('count'),
});
export type AnalyticsBreakdownQuery = z.output<typeof AnalyticsBreakdownQuerySchema>;

const Period = z.object({ from: z.string(), to: z.string() });

export const AnalyticsTotalsSchema = z
  .object({
    cargo_count: z.number().int(),
    weight_kg: z.number(),
    volume_m3: z.number(),
    amount_kopecks: z.number().int(),
    delivered_count: z.number().int(),
    in_progress_count: z.number().int(),
    /** Delivered on or before the planned arrival date / delivered with a planned date; null when none delivered. */
    on_time_share: z.number().nullable(),
  })
  .meta({ id: 'AnalyticsTotals' });
export type AnalyticsTotals = z.infer<typeof AnalyticsTotalsSchema>;

/** GET user/analytics/numbers */
export const AnalyticsNumbersSchema = z
  .object({ period: Period, previous_period: Period, current: AnalyticsTotalsSchema, previous: AnalyticsTotalsSchema })
  .meta({ id: 'AnalyticsNumbers' });
export type AnalyticsNumbers = z.infer<typeof AnalyticsNumbersSchema>;

/** GET user/analytics/numbers_dynamic: one point per calendar month of the period. */
export const AnalyticsDynamicsSchema = z
  .object({
    period: Period,
    months: z.array(
      z.object({
        month: z.string().meta({ description: 'YYYY-MM' }),
        cargo_count: z.number().int(),
        weight_kg: z.number(),
        volume_m3: z.number(),
        amount_kopecks: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'AnalyticsDynamics' });
export type AnalyticsDynamics = z.infer<typeof AnalyticsDynamicsSchema>;

export const AnalyticsAveragesSchema = z
  .object({
    weight_kg: z.number().nullable(),
    volume_m3: z.number().nullable(),
    price_kopecks: z.number().int().nullable(),
    /** Days from ordering to release, delivered cargos only. */
    transit_days: z.number().nullable(),
  })
  .meta({ id: 'AnalyticsAverages' });

/** GET user/analytics/average_numbers: per cargo, this period against the one before. */
export const AnalyticsAverageNumbersSchema = z
  .object({
    period: Period,
    previous_period: Period,
    current: AnalyticsAveragesSchema,
    previous: AnalyticsAveragesSchema,
  })
  .meta({ id: 'AnalyticsAverageNumbers' });
export type AnalyticsAverageNumbers = z.infer<typeof AnalyticsAverageNumbersSchema>;

const breakdown = <K extends readonly [string, ...string[]]>(id: string, keys: K | null) =>
  z
    .object({
      period: Period,
      data_type: z.enum(ANALYTICS_DATA_TYPES),
      unit: z.string().meta({ description: 'шт., кг, м³ or ₽ (amount values are kopecks)' }),
      total: z.number(),
      items: z.array(
        z.object({
          key: keys ? z.enum(keys) : z.string(),
          label: z.string(),
          value: z.number(),
          /** value / total, 0…1 (0 when the total is 0). */
          share: z.number(),
        }),
      ),
    })
    .meta({ id });

/** GET user/analytics/cargo: by status group. */
export const AnalyticsCargoSchema = breakdown('AnalyticsCargo', ANALYTICS_STATUS_GROUPS);
/** GET user/analytics/transfer_participation: by the profile's part (sender, recipient, third party). */
export const AnalyticsParticipationSchema = breakdown('AnalyticsParticipation', ANALYTICS_PARTICIPATION);
/** GET user/analytics/delivery_type: terminal/door on each side. */
export const AnalyticsDeliveryTypeSchema = breakdown('AnalyticsDeliveryType', ANALYTICS_DELIVERY_TYPES);
/** GET user/analytics/directions: the top ten city pairs (key «Москва → Казань»), the rest as `other`. */
export const AnalyticsDirectionsSchema = breakdown('AnalyticsDirections', null);
export type AnalyticsBreakdown = z.infer<typeof AnalyticsDirectionsSchema>;
