import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@freight/db';
import type { CarrierRequisites } from '../../config/env';

export interface SettlementsDeps {
  db: Database;
  clock: () => Date;
  carrier: CarrierRequisites;
}

/** Contracts, month review, summary and the reconciliation act (issue 16). */
export const settlementsRoutes: FastifyPluginAsyncZod<{ deps: SettlementsDeps }> = async (_app, { deps: _deps }) => {};
