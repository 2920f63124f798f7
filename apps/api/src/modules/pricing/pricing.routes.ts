import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  FullCalculatorRequestSchema,
  FullCalculatorResponseSchema,
  PricesTermsQuerySchema,
  PricesTermsResponseSchema,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import { fastSerializerCompiler } from '../../plugins/fast-serializer';
import { fullCalculation, pricesAndTerms, type PricingContext } from './pricing.service';
import { personalDiscountsFor, pricingReferenceFor } from './reference-cache';

/** Spec §7 «Calculation and orders»: prices and terms per transportation type, and the full calculation. */
export const pricingRoutes: FastifyPluginAsyncZod<{ db: Database; clock?: () => Date }> = async (app, opts) => {
  const { db } = opts;
  const now = opts.clock ?? (() => new Date());
  // The calculator reads reference data and personal discounts through the process-wide caches
  // (staleness rules in reference-cache.ts); orders call the service without them.
  const reference = pricingReferenceFor(db);
  const personalDiscounts = personalDiscountsFor(db);
  // `is_logged`: the caller's personal discount applies — a session's user's, or an API key's creator's.
  const context = async (
    wanted: boolean | undefined,
    request: { apiKey: { userId: number } | null; getSession(): Promise<{ userId: number | null } | null> },
  ): Promise<PricingContext> => ({
    db,
    now: now(),
    userId: wanted ? (request.apiKey?.userId ?? (await request.getSession())?.userId ?? null) : null,
    reference,
    personalDiscounts,
  });

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
      // The calculator's hottest call: no zod pass over the answer (see fast-serializer.ts).
      serializerCompiler: fastSerializerCompiler,
      // Public; an API key's calls count against its own per-minute limit (modules/api-keys).
      config: { apiKeyScope: 'calculate' },
    },
    async (request) => pricesAndTerms(await context(request.query.is_logged, request), request.query),
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
      serializerCompiler: fastSerializerCompiler,
      config: { apiKeyScope: 'calculate' },
    },
    async (request) => fullCalculation(await context(request.body.is_logged, request), request.body),
  );
};
