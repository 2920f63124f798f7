import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@freight/db';

export interface AnalyticsDeps {
  db: Database;
  clock: () => Date;
}

/** The seven analytics calls of spec §7 (issue 16). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ deps: AnalyticsDeps }> = async (_app, { deps: _deps }) => {};
