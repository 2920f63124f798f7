import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorBodySchema } from '@freight/contracts';
import { API_KEY_SCOPE_PERMISSION, MESSAGES, roleCan, type ApiKeyScope } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { authenticateKey, type ApiKeyContext, type ApiKeysDeps } from './api-keys.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key the call was made with (`Authorization: Bearer`), or null for a cookie or anonymous call. */
    apiKey: ApiKeyContext | null;
  }
  interface FastifyContextConfig {
    /** The scope that lets an API key make this call; a route without one answers 403 to a key. */
    apiKeyScope?: ApiKeyScope;
    /** The route reads `Authorization` itself (the operator's token): API keys leave it alone. */
    ownBearer?: boolean;
  }
}

const K = API_KEYS_TEXTS;

/** Scopes whose calls anyone may make without a key (the calculator): a key there only gets its own limit. */
const PUBLIC_SCOPES: ReadonlySet<ApiKeyScope> = new Set(['calculate']);

const unauthorized = () =>
  new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized, undefined, {
    'www-authenticate': 'Bearer realm="api"',
  });

/** `Authorization` of the Bearer scheme (in any case, RFC 9110): an API key, well-formed or not. */
const BEARER = /^bearer(?: |$)/i;

/** The token of `Bearer <token>`, else null. */
function bearerToken(header: string): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Calls made with an API key (issue 18, docs/integrations.md). For every request that carries
 * `Authorization: Bearer …` (and a route that does not read it itself; other schemes are ignored):
 * 1. with the session or staff cookie too → 400 AMBIGUOUS_CREDENTIALS (one credential per call;
 *    a cross-site one has already been refused by the CSRF hook);
 * 2. a token that is not a live key → 401 UNAUTHORIZED, one body for every reason;
 * 3. the key's per-minute limit (@fastify/rate-limit's store, shared by instances when it is) →
 *    429 with Retry-After;
 * 4. a route outside every key's reach → 403 API_KEY_NOT_ALLOWED; a scope the key lacks →
 *    403 API_KEY_SCOPE_MISSING; a scope its creator's role no longer allows → 403 FORBIDDEN;
 * then `request.apiKey` is set. A call with a key and no cookie needs no CSRF headers: it carries
 * no ambient credential (plugins/csrf.ts lets it through).
 *
 * Routes opened to keys declare `config: { apiKeyScope }`; this plugin adds the `bearerAuth`
 * security requirement and the 401/403/429 answers to their OpenAPI operations. Register it after
 * the OpenAPI, cookie, rate-limit and CSRF plugins and before the routes.
 */
export const apiKeyAuth = fp(
  async (app: FastifyInstance, opts: { deps: ApiKeysDeps; cookieNames: readonly string[] }) => {
    const { deps } = opts;
    app.decorateRequest('apiKey', null);

    app.addHook('onRoute', (route) => {
      const scope = route.config?.apiKeyScope;
      if (!scope || !route.schema) return;
      const note = `Also callable with an API key (\`bearerAuth\`) that has the scope \`${scope}\`.`;
      route.schema = {
        ...route.schema,
        description: route.schema.description ? `${route.schema.description}\n\n${note}` : note,
        security: PUBLIC_SCOPES.has(scope) ? [{}, { bearerAuth: [] }] : [{ sessionCookie: [] }, { bearerAuth: [] }],
        response: {
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
          ...(route.schema.response as Record<string, unknown> | undefined),
        },
      };
    });

    const limiter = app.createRateLimit({
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey!.id}`,
      max: (request: FastifyRequest) => request.apiKey!.ratePerMinute,
    });

    const authenticate = async (request: FastifyRequest, reply: FastifyReply, header: string) => {
      if (opts.cookieNames.some((name) => request.cookies[name] !== undefined)) {
        throw new AppError('AMBIGUOUS_CREDENTIALS', 400, K.ambiguousCredentials);
      }
      const token = bearerToken(header);
      const key = token ? await authenticateKey(deps, token) : null;
      if (!key) throw unauthorized();
      request.apiKey = key;

      const limit = await limiter(request);
      if (!limit.isAllowed) {
        void reply.headers({
          'x-ratelimit-limit': String(limit.max),
          'x-ratelimit-remaining': String(limit.remaining),
          'x-ratelimit-reset': String(limit.ttlInSeconds),
        });
        if (limit.isExceeded) {
          throw new AppError('TOO_MANY_REQUESTS', 429, MESSAGES.common.tooManyRequests, undefined, {
            'retry-after': String(Math.max(1, limit.ttlInSeconds)),
          });
        }
      }

      const scope = request.routeOptions.config.apiKeyScope;
      if (!scope) throw new AppError('API_KEY_NOT_ALLOWED', 403, K.notForKeys);
      if (!key.scopes.includes(scope)) {
        throw new AppError('API_KEY_SCOPE_MISSING', 403, K.scopeMissing(K.scopes[scope]));
      }
      const permission = API_KEY_SCOPE_PERMISSION[scope];
      if (permission && !roleCan(key.role, permission)) {
        throw new AppError('FORBIDDEN', 403, MESSAGES.team.forbidden);
      }
    };

    // A callback hook: the calls without a key, nearly all of them, go on without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      const header = request.headers.authorization;
      // Other schemes are not ours (a staging site's Basic auth, say): the call goes on without them.
      if (header === undefined || !BEARER.test(header)) return done();
      if (request.is404 || request.routeOptions.config.ownBearer) return done();
      authenticate(request, reply, header).then(() => done(), done);
    });
  },
  { name: 'api-key-auth', dependencies: ['@fastify/cookie', '@fastify/rate-limit', 'csrf'] },
);
