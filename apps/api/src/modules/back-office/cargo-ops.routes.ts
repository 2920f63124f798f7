import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BackOfficeDeps } from './back-office.deps';

/** (being written) */
export const cargoOpsRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async () => {};
