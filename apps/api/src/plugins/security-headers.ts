import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, computed once. @fastify/helmet builds a new helmet
 * middleware (parsing every CSP directive again) on each request, which cost more than a whole
 * pricing calculation; with static options the result is the same for every request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const directives = typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy.directives : {};
  for (const [name, value] of Object.entries(directives ?? {})) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'function')) {
      throw new Error(`CSP directive ${name} is computed per request: static security headers cannot express it`);
    }
  }
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Options of {@link securityHeaders}: helmet's, and headers of our own set beside them. */
export type SecurityHeadersOptions = HelmetOptions & {
  /** Set on every answer with helmet's (`permissions-policy`, say); a route may replace any. */
  additionalHeaders?: Record<string, string>;
};

/**
 * Helmet's security headers, and the additional ones, on every answer, from options fixed at
 * start-up: one callback hook, names lower-cased once (Fastify would lower-case each name of
 * every answer).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, { additionalHeaders = {}, ...options }: SecurityHeadersOptions) => {
    const headers = Object.fromEntries(
      Object.entries({ ...helmetHeaders(options), ...additionalHeaders }).map(([name, value]) => [
        name.toLowerCase(),
        value,
      ]),
    );
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
