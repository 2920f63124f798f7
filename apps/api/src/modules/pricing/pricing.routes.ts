import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  FullCalculatorRequestSchema,
  FullCalculatorResponseSchema,
  PricesTermsQuerySchema,
  PricesTermsResponseSchema,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import { fullCalculation, pricesAndTerms } from './pricing.service';

/** Spec §7 «Calculation and orders»: prices and terms per transportation type, and the full calculation. */
export const pricingRoutes: FastifyPluginAsyncZod<{ db: Database; clock?: () => Date }> = async (app, opts) => {
  const { db } = opts;
  const now = opts.clock ?? (() => new Date());
  const userIdFor = async (
    wanted: boolean | undefined,
    request: { getSession(): Promise<{ userId: number | null } | null> },
  ) => (wanted ? ((await request.getSession())?.userId ?? null) : null);

  app.get(
    '/api/v1/requests/prices_terms_calculation',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Price, terms and planned arrival date for each transportation type available between two cities',
        querystring: PricesTermsQuerySchema,
        response: {
          200: PricesTermsResponseSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      pricesAndTerms({ db, now: now(), userId: await userIdFor(request.query.is_logged, request) }, request.query),
  );

  app.post(
    '/api/v1/requests/full_calculator_standard',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Full calculation of an order: one line per service with its explanation, and the total',
        body: FullCalculatorRequestSchema,
        response: {
          200: FullCalculatorResponseSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      fullCalculation({ db, now: now(), userId: await userIdFor(request.body.is_logged, request) }, request.body),
  );
};
