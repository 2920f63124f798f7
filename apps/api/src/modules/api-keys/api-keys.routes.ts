import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiKeyIdQuerySchema,
  ApiKeyListQuerySchema,
  ApiKeyListSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
  ErrorBodySchema,
  OkResponseSchema,
} from '@freight/contracts';
import { callerOf } from '../auth/auth.routes';
import * as apiKeys from './api-keys.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/**
 * The API keys of a client profile (issue 18; not in the spec): for signed-in verified members
 * with `integrations.manage` (owner, administrators), through the session cookie and the CSRF
 * plugin like every account call; a key itself cannot manage keys (403). Answers are personal:
 * `Cache-Control: no-store`.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ deps: apiKeys.ApiKeysDeps }> = async (app, { deps }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    API_PATHS.apiKeys,
    {
      schema: {
        tags: ['integrations'],
        summary: 'The API keys of a profile: name, visible prefix, scopes, created, last used, revoked',
        description:
          'For members with integrations.manage; other members get 403, someone else’s profile 404. The secret of a key ' +
          'is never part of this list.',
        querystring: ApiKeyListQuerySchema,
        response: { 200: ApiKeyListSchema, ...errors },
      },
    },
    async (request) => apiKeys.listKeys(deps, await callerOf(request), request.query.account_uuid),
  );

  app.post(
    API_PATHS.apiKeys,
    {
      schema: {
        tags: ['integrations'],
        summary: 'Create an API key (name 1–100 characters, at least one scope); the answer shows the secret once',
        description:
          'The key acts as its creator for this profile only. Only the SHA-256 of the secret is stored: save it from ' +
          'this answer. 409 when the profile already holds 20 live keys.',
        body: CreateApiKeyRequestSchema,
        response: { 201: CreatedApiKeySchema, ...errors, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const created = await apiKeys.createKey(deps, await callerOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    API_PATHS.apiKeys,
    {
      schema: {
        tags: ['integrations'],
        summary: 'Revoke an API key (?id): it stops working at once; revoking a revoked key is fine',
        querystring: ApiKeyIdQuerySchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await apiKeys.revokeKey(deps, await callerOf(request), request.query.id);
      return { ok: true as const };
    },
  );
};
