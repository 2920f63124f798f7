import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@freight/domain';
import { AppError } from '../errors/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing call (OWASP: Fetch Metadata with an Origin fallback).
 * - `Sec-Fetch-Site` present: only `same-origin` passes.
 * - otherwise `Origin` present: it must be one of our own origins.
 * - neither header: not a browser request (integrators, curl, server-to-server). Such a caller
 *   passes only without the session cookie (`sessionCookie`): every browser sends at least one of
 *   the headers on a state-changing request, so a cookie without them is a forged or stripped
 *   request riding someone's session. Non-browser clients authenticate with API keys, and the
 *   web's own server-side calls that send the visitor's cookie send our Origin.
 * - `Authorization: Bearer` (an API key, modules/api-keys) and neither cookie: passes whatever the
 *   headers say. It carries no ambient credential, so there is nothing to forge, and a browser
 *   cannot send that header cross-site without a CORS preflight, which the API never grants. The
 *   key is checked by the API-key hook next (401 when it is not a live key); a key together with
 *   a session cookie is refused there (400).
 */
export const csrfPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { allowedOrigins: readonly string[]; sessionCookie: string; staffCookie?: string },
  ) => {
    const allowed = new Set(opts.allowedOrigins);
    const rejected = () => new AppError('CSRF_REJECTED', 403, MESSAGES.common.csrfRejected);
    /** Why `request` is refused, or null when it may go on. */
    const refusal = (request: FastifyRequest): AppError | null => {
      if (SAFE_METHODS.has(request.method)) return null;
      const cookieSent =
        request.cookies[opts.sessionCookie] !== undefined ||
        (opts.staffCookie !== undefined && request.cookies[opts.staffCookie] !== undefined);
      if (!cookieSent && /^bearer /i.test(request.headers.authorization ?? '')) return null;
      const site = request.headers['sec-fetch-site'];
      const origin = request.headers.origin;
      if (typeof site === 'string' && site !== '') {
        return site === 'same-origin' && (origin === undefined || allowed.has(origin)) ? null : rejected();
      }
      if (typeof origin === 'string') return allowed.has(origin) ? null : rejected();
      // @fastify/cookie parsed the cookies in its own onRequest hook, registered before this one.
      return cookieSent ? rejected() : null;
    };
    // A callback hook, not an async one: it runs on every request.
    app.addHook('onRequest', (request, reply, done) => {
      void reply.header('vary', 'Origin, Sec-Fetch-Site');
      const error = refusal(request);
      if (error) done(error);
      else done();
    });
  },
  { name: 'csrf' },
);
