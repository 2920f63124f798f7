import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@freight/db';
import type { FileStorage } from '../uploads/file-storage';

export interface CommercialDeps {
  db: Database;
  clock: () => Date;
  storage: FileStorage;
  allowedOrigins: readonly string[];
}

/** Discounts, offers, the personal manager and its rating (issue 16). */
export const commercialRoutes: FastifyPluginAsyncZod<{ deps: CommercialDeps }> = async (_app, { deps: _deps }) => {};
