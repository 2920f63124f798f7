import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnonymousTokenResponseSchema, ErrorBodySchema } from '@freight/contracts';
import type { Database } from '@freight/db';
import { createAnonymousSession, type SessionPolicy } from './session.service';

/**
 * GET /authorization/anonymous_token (spec §7): gives the caller an anonymous server-side
 * session in the HttpOnly `auth_token` cookie. A caller that already holds a live session
 * keeps it (no new row, no new cookie), so the call is safe to repeat.
 */
export const anonymousRoutes: FastifyPluginAsyncZod<{ db: Database; policy: SessionPolicy }> = async (
  app,
  { db, policy },
) => {
  app.get(
    '/api/v1/authorization/anonymous_token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Issue an anonymous session (HttpOnly cookie auth_token)',
        response: { 200: AnonymousTokenResponseSchema, 429: ErrorBodySchema, 503: ErrorBodySchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const existing = await request.getSession();
      if (existing) {
        return { anonymous: existing.userId === null, expires_at: existing.expiresAt.toISOString() };
      }
      const { token, session } = await createAnonymousSession(db, policy, {
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      reply.setSessionCookie(token, session.expiresAt);
      return { anonymous: true, expires_at: session.expiresAt.toISOString() };
    },
  );
};
