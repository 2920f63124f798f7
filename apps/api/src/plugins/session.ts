import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '@freight/db';
import type { SessionCookieName } from '@freight/domain/session-cookie';
import { resolveSession, type SessionPolicy } from '../modules/auth/session.service';
import type { SessionRow } from '../modules/auth/session.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session (loaded once per request), or null. */
    getSession(): Promise<SessionRow | null>;
    /** The raw value of the session cookie in force (config.sessionCookie), if the caller sent one. */
    sessionToken(): string | undefined;
  }
  interface FastifyReply {
    setSessionCookie(token: string, expiresAt: Date): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

export interface SessionPluginOptions {
  db: Database;
  policy: SessionPolicy;
  secureCookies: boolean;
  /** `__Host-auth_token` with an https public origin, else `auth_token` (packages/domain/src/session-cookie.ts). */
  cookieName: SessionCookieName;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionRow | null>>();

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionPluginOptions) => {
    app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = resolveSession(opts.db, opts.policy, this.cookies[opts.cookieName]);
        cache.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('sessionToken', function sessionToken(this: FastifyRequest) {
      return this.cookies[opts.cookieName];
    });

    app.decorateReply(
      'setSessionCookie',
      function setSessionCookie(this: FastifyReply, token: string, expiresAt: Date) {
        return this.setCookie(opts.cookieName, token, {
          httpOnly: true,
          sameSite: 'lax',
          secure: opts.secureCookies,
          path: '/',
          expires: expiresAt,
        });
      },
    );

    app.decorateReply('clearSessionCookie', function clearSessionCookie(this: FastifyReply) {
      return this.clearCookie(opts.cookieName, {
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
        path: '/',
      });
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
