import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '@freight/db';
import {
  MESSAGES,
  STAFF_ROLE_PERMISSIONS,
  STAFF_SESSION_IDLE_MS,
  isStaffRole,
  staffCan,
  staffRoleLabel,
  type StaffPermission,
  type StaffRole,
} from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { hashToken } from '../auth/session.service';
import * as repo from './staff.repository';

/** Who is acting in the back-office: set on the request by {@link requireStaff}. */
export interface StaffPrincipal {
  id: number;
  login: string;
  name: string;
  role: StaffRole;
  sessionId: string;
}

export interface StaffSessionState {
  principal: StaffPrincipal;
  stage: 'password' | 'full';
  enrolled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live staff session (either stage), loaded once per request, or null. */
    getStaffSession(): Promise<StaffSessionState | null>;
    /** Set by requireStaff(): the staff member behind a full (password + TOTP) session. */
    staff?: StaffPrincipal;
  }
  interface FastifyReply {
    setStaffCookie(token: string, expiresAt: Date): FastifyReply;
    clearStaffCookie(): FastifyReply;
  }
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const TOUCH_INTERVAL_MS = 60_000;
const cache = new WeakMap<FastifyRequest, Promise<StaffSessionState | null>>();

export interface StaffContextOptions {
  db: Database;
  cookieName: string;
  secureCookies: boolean;
  clock: () => Date;
}

async function resolveStaffSession(
  opts: StaffContextOptions,
  token: string | undefined,
): Promise<StaffSessionState | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const now = opts.clock();
  const found = await repo.findLiveStaffSession(opts.db, hashToken(token), now);
  if (!found) return null;
  const { session, staff } = found;
  if (now.getTime() - session.lastSeenAt.getTime() > STAFF_SESSION_IDLE_MS) return null;
  if (!isStaffRole(staff.role)) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await repo.touchStaffSession(opts.db, session.id, now);
  }
  return {
    principal: { id: staff.id, login: staff.login, name: staff.name, role: staff.role, sessionId: session.id },
    stage: session.stage === 'full' ? 'full' : 'password',
    enrolled: staff.totpEnrolledAt !== null,
  };
}

/** Decorates requests with the staff session behind the back-office cookie (its own, never the client's). */
export const staffContextPlugin = fp(
  async (app: FastifyInstance, opts: StaffContextOptions) => {
    app.decorateRequest('getStaffSession', function getStaffSession(this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = resolveStaffSession(opts, this.cookies[opts.cookieName]);
        cache.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('staff', undefined);
    app.decorateReply('setStaffCookie', function setStaffCookie(this: FastifyReply, token: string, expiresAt: Date) {
      // Strict: a back-office page is never the target of a link from another site.
      return this.setCookie(opts.cookieName, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: opts.secureCookies,
        path: '/',
        expires: expiresAt,
      });
    });
    app.decorateReply('clearStaffCookie', function clearStaffCookie(this: FastifyReply) {
      return this.clearCookie(opts.cookieName, {
        httpOnly: true,
        sameSite: 'strict',
        secure: opts.secureCookies,
        path: '/',
      });
    });
  },
  { name: 'staff-context', dependencies: ['@fastify/cookie', 'session'] },
);

/**
 * preHandler of every back-office call: a full staff session (password and TOTP) whose role has
 * `permission`. No staff session → 401, or 403 when the caller is a signed-in client (a client
 * never reaches the back-office); a role without the permission → 403.
 */
export function requireStaff(permission?: StaffPermission) {
  return async (request: FastifyRequest): Promise<void> => {
    const state = await request.getStaffSession();
    if (!state || state.stage !== 'full') {
      const client = await request.getSession();
      if (client?.userId) throw new AppError('FORBIDDEN', 403, MESSAGES.backOffice.errors.forbidden);
      throw new AppError('UNAUTHORIZED', 401, MESSAGES.backOffice.errors.signInRequired);
    }
    if (permission && !staffCan(state.principal.role, permission)) {
      throw new AppError('FORBIDDEN', 403, MESSAGES.backOffice.errors.forbidden);
    }
    request.staff = state.principal;
  };
}

/** The acting staff member of a guarded route (throws if the route forgot requireStaff). */
export function actingStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError('UNAUTHORIZED', 401, MESSAGES.backOffice.errors.signInRequired);
  return request.staff;
}

/** What the back-office shows about the signed-in staff member. */
export function describeStaff(principal: StaffPrincipal) {
  return {
    id: principal.id,
    login: principal.login,
    name: principal.name,
    role: principal.role,
    role_label: staffRoleLabel(principal.role),
    permissions: [...STAFF_ROLE_PERMISSIONS[principal.role]],
  };
}

/**
 * Appends one entry to the audit log (who, when, what, before/after). Call it inside the same
 * transaction as the change (pass the transaction as `db`), so a change is never left unlogged.
 */
export async function recordAudit(
  db: Database,
  request: FastifyRequest,
  entry: { action: string; entityType: string; entityId: string | number; before?: unknown; after?: unknown },
  at: Date = new Date(),
): Promise<void> {
  const staff = actingStaff(request);
  await repo.insertAudit(db, {
    staffId: staff.id,
    staffName: staff.name,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    before: entry.before,
    after: entry.after,
    ip: request.ip ?? null,
    at,
  });
}
