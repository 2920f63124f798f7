import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  AnalyticsAverageNumbersSchema,
  AnalyticsBreakdownQuerySchema,
  AnalyticsCargoSchema,
  AnalyticsDeliveryTypeSchema,
  AnalyticsDirectionsSchema,
  AnalyticsDynamicsSchema,
  AnalyticsNumbersSchema,
  AnalyticsParticipationSchema,
  AnalyticsQuerySchema,
  ErrorBodySchema,
} from '@freight/contracts';
import * as analytics from './analytics.service';

export type AnalyticsDeps = analytics.AnalyticsDeps;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

const PROFILES =
  'account_uuid: the profiles, comma-separated (default: every profile of the user whose role may see analytics); ' +
  'someone else’s is 404, a role without analytics.view 403. Period: date_from, date_to (inclusive, Moscow days of ' +
  'ordering; default the last twelve months including this one; at most 731 days). Cancelled cargos count only in ' +
  'user/analytics/cargo.';
const DATA_TYPE = 'data_type: count (шт.), weight (кг), volume (м³) or amount (₽, values in kopecks); default count.';

/**
 * The seven analytics calls of spec §7 (issue 16): signed-in verified users only, answers
 * personal (`Cache-Control: no-store`). What each figure means: analytics.service.ts.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ deps: AnalyticsDeps }> = async (app, { deps }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    API_PATHS.analyticsNumbers,
    {
      schema: {
        tags: ['analytics'],
        summary: 'Totals of the period and of the one before',
        description: `Cargos, weight, volume, spend (sum of prices), delivered, in progress, on-time share. ${PROFILES}`,
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsNumbersSchema, ...errors },
      },
    },
    async (request) => analytics.getNumbers(deps, await request.getSession(), request.query),
  );

  app.get(
    API_PATHS.analyticsNumbersDynamic,
    {
      schema: {
        tags: ['analytics'],
        summary: 'Cargos, weight, volume and spend per calendar month of the period',
        description: `Every month of the period, months without cargos as zeros. ${PROFILES}`,
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsDynamicsSchema, ...errors },
      },
    },
    async (request) => analytics.getNumbersDynamic(deps, await request.getSession(), request.query),
  );

  app.get(
    API_PATHS.analyticsAverageNumbers,
    {
      schema: {
        tags: ['analytics'],
        summary: 'Average weight, volume, price and transit days per cargo, against the previous period',
        description: `Transit days: delivered cargos only, from the day of ordering to the day of release. ${PROFILES}`,
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsAverageNumbersSchema, ...errors },
      },
    },
    async (request) => analytics.getAverageNumbers(deps, await request.getSession(), request.query),
  );

  app.get(
    API_PATHS.analyticsCargo,
    {
      schema: {
        tags: ['analytics'],
        summary: 'Cargos by status group (in progress, delivered, returned, problem, cancelled)',
        description: `${DATA_TYPE} ${PROFILES}`,
        querystring: AnalyticsBreakdownQuerySchema,
        response: { 200: AnalyticsCargoSchema, ...errors },
      },
    },
    async (request) => analytics.getCargoBreakdown(deps, await request.getSession(), request.query),
  );

  app.get(
    API_PATHS.analyticsTransferParticipation,
    {
      schema: {
        tags: ['analytics'],
        summary: 'Cargos by the profile’s part: sender, recipient or third party',
        description: `${DATA_TYPE} ${PROFILES}`,
        querystring: AnalyticsBreakdownQuerySchema,
        response: { 200: AnalyticsParticipationSchema, ...errors },
      },
    },
    async (request) => analytics.getParticipationBreakdown(deps, await request.getSession(), request.query),
  );

  app.get(
    API_PATHS.analyticsDeliveryType,
    {
      schema: {
        tags: ['analytics'],
        summary: 'Cargos by terminal or door on each side',
        description: `${DATA_TYPE} ${PROFILES}`,
        querystring: AnalyticsBreakdownQuerySchema,
        response: { 200: AnalyticsDeliveryTypeSchema, ...errors },
      },
    },
    async (request) => analytics.getDeliveryTypeBreakdown(deps, await request.getSession(), request.query),
  );

  app.get(
    API_PATHS.analyticsDirections,
    {
      schema: {
        tags: ['analytics'],
        summary: 'The top ten city pairs («Москва → Казань»), the rest as «Другие направления»',
        description: `${DATA_TYPE} Ties by the pair’s name. ${PROFILES}`,
        querystring: AnalyticsBreakdownQuerySchema,
        response: { 200: AnalyticsDirectionsSchema, ...errors },
      },
    },
    async (request) => analytics.getDirections(deps, await request.getSession(), request.query),
  );
};
