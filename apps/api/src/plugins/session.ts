import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '@freight/db';
import { SESSION_COOKIE, resolveSession, type SessionPolicy } from '../modules/auth/session.service';
import type { SessionRow } from '../modules/auth/session.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session (loaded once per request), or null. */
    getSession(): Promise<SessionRow | null>;
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
}

const cache = new WeakMap<FastifyRequest, Promise<SessionRow | null>>();

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionPluginOptions) => {
    app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = resolveSession(opts.db, opts.policy, this.cookies[SESSION_COOKIE]);
        cache.set(this, pending);
      }
      return pending;
    });

    app.decorateReply(
      'setSessionCookie',
      function setSessionCookie(this: FastifyReply, token: string, expiresAt: Date) {
        return this.setCookie(SESSION_COOKIE, token, {
          httpOnly: true,
          sameSite: 'lax',
          secure: opts.secureCookies,
          path: '/',
          expires: expiresAt,
        });
      },
    );

    app.decorateReply('clearSessionCookie', function clearSessionCookie(this: FastifyReply) {
      return this.clearCookie(SESSION_COOKIE, {
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
        path: '/',
      });
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
