import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, HealthResponseSchema, ReadyResponseSchema } from '@freight/contracts';
import { MESSAGES } from '@freight/domain';
import type { DatabaseHandle } from '@freight/db';

/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      schema: { tags: ['service'], summary: 'Liveness', response: { 200: HealthResponseSchema } },
      config: { rateLimit: false },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['service'],
        summary: 'Readiness: the database answers',
        response: { 200: ReadyResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ready' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ error: { code: 'SERVICE_UNAVAILABLE', message: MESSAGES.common.serviceUnavailable } });
      }
    },
  );
};
