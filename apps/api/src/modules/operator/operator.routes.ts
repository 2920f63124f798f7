import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@freight/contracts';
import { AccessRequestSchema } from '@freight/contracts/access-request';
import { MESSAGES } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import {
  decideAccessRequest,
  describeOpenRequests,
  type DecisionDeps,
} from '../access-requests/access-requests.decision';
import { tokenMatches } from './operator-token';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The operator's calls until the back-office exists (issue 17), used by `npm run access:review`
 * while the API holds the embedded database. Only from this machine, straight to the API (a
 * connection from loopback without X-Forwarded-For, so never through the web process), with
 * `Authorization: Bearer <operator token>`; anything else is 404, as if the route did not exist.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ token: string; deps: DecisionDeps }> = async (
  app,
  { token, deps },
) => {
  const notFound = () => new AppError('NOT_FOUND', 404, MESSAGES.common.notFound);
  const authorize = async (request: FastifyRequest) => {
    const direct = LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!direct || !presented || !tokenMatches(presented, token)) throw notFound();
  };
  // The Bearer token here is the operator's, not a client API key (modules/api-keys leaves these routes alone).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, ownBearer: true };
  });
  app.addHook('onRequest', authorize);
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/api/v1/operator/access_requests/open',
    {
      schema: {
        hide: true,
        response: { 200: z.object({ lines: z.array(z.string()) }), 404: ErrorBodySchema },
      },
    },
    async () => ({ lines: await describeOpenRequests(deps.db) }),
  );

  app.post(
    '/api/v1/operator/access_requests/decide',
    {
      schema: {
        hide: true,
        body: z.strictObject({
          request_id: z.string().max(100),
          decision: z.string().max(40),
          comment: z.string().max(2000).optional(),
        }),
        response: {
          200: z.object({
            request: AccessRequestSchema,
            profile: z.object({ account_uuid: z.string(), role: z.string(), created: z.boolean() }).nullable(),
            notified: z.string().nullable(),
          }),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { request_id, decision, comment } = request.body;
      const result = await decideAccessRequest(deps, request_id, decision, comment ?? null);
      return {
        request: result.request,
        profile: result.profile
          ? { account_uuid: result.profile.accountUuid, role: result.profile.role, created: result.profile.created }
          : null,
        notified: result.notified,
      };
    },
  );
};
