/**
 * What every part of the identity service shares: its dependencies, the caller, errors, the
 * sign-in log and the checks of a session, a signed-in user and their current password.
 */
import { MESSAGES, SIGN_IN_LOCK_WINDOW_MS, SIGN_IN_MAX_FAILURES, getDisplayName } from '@freight/domain';
import type { UserInfo } from '@freight/contracts';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import type { Outbox } from '../messaging/outbox.service';
import type { SmsPolicy } from '../messaging/sms-policy';
import { verifySecret } from './password';
import { type SessionPolicy } from './session.service';
import { type SessionRow } from './session.repository';
import * as repo from './identity.repository';
import { phoneHash } from './phone-hash';

export interface IdentityDeps {
  db: Database;
  outbox: Outbox;
  /** Every SMS goes through it (decision 010). */
  sms: SmsPolicy;
  clock: () => Date;
  policy: SessionPolicy;
  /** Origin of the site, for links in e-mails. */
  publicOrigin: string;
}

/** Who is calling: their live session (if any) and where from. */
export interface Caller {
  session: SessionRow | null;
  ip: string | null;
  userAgent: string | null;
}

/** A new signed-in session: the cookie value and when it expires at the latest. */
export interface IssuedSession {
  token: string;
  expiresAt: Date;
  user: repo.UserRow;
}

export type Tx = Database;
export const asDb = (tx: unknown) => tx as Database;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function invalid(field: string, message: string, status = 400, code = 'VALIDATION_FAILED'): AppError {
  return new AppError(code, status, message, { [field]: message });
}

/** The phone as stored in the sign-in log: SHA-256, so the log holds no plain numbers. */
export { phoneHash };

export function toUserInfo(user: repo.UserRow): UserInfo {
  return {
    id: user.id,
    name: user.name,
    phone: user.phone,
    email: user.email,
    is_verified: user.isVerified,
    display_name: getDisplayName(user),
  };
}

export function requireSession(caller: Caller): SessionRow {
  if (!caller.session) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  return caller.session;
}

/** The signed-in, verified user behind the caller's session, or 401. */
export function requireUser(deps: IdentityDeps, caller: Caller): Promise<repo.UserRow> {
  return requireVerifiedUser(deps.db, caller.session);
}

/** The signed-in, verified, not deleted user of a session, or 401 (for modules that hold only a database). */
export async function requireVerifiedUser(db: Database, session: SessionRow | null): Promise<repo.UserRow> {
  const userId = session?.userId;
  if (!userId) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  const user = await repo.findActiveUserById(db, userId);
  if (!user || !user.isVerified) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  return user;
}

export async function logEvent(
  db: Database,
  caller: Caller,
  event: string,
  outcome: 'success' | 'failure' | 'blocked',
  extra: { userId?: number | null; phone?: string | null; sessionId?: string | null; now: Date },
): Promise<void> {
  await repo.insertAuthEvent(db, {
    event,
    outcome,
    userId: extra.userId ?? null,
    phoneHash: extra.phone ? phoneHash(extra.phone) : null,
    sessionId: extra.sessionId ?? caller.session?.id ?? null,
    ip: caller.ip,
    userAgent: caller.userAgent?.slice(0, 512) ?? null,
    createdAt: extra.now,
  });
}

/**
 * Checks the current password of a signed-in user (before a phone change, a password change or
 * deletion). A stolen session cannot guess it: after 10 wrong entries in 15 minutes the check
 * answers 429 until the window passes.
 */
export async function verifyCurrentPassword(
  deps: IdentityDeps,
  caller: Caller,
  user: repo.UserRow,
  password: string,
  event: 'reauthenticate' | 'password_change' | 'account_delete',
  field: string,
): Promise<void> {
  const now = deps.clock();
  const failures = await repo.countFailedReauth(deps.db, user.id, new Date(now.getTime() - SIGN_IN_LOCK_WINDOW_MS));
  if (failures >= SIGN_IN_MAX_FAILURES) {
    throw tooMany(MESSAGES.auth.reauthLocked, field, SIGN_IN_LOCK_WINDOW_MS / 1000);
  }
  const ok = user.passwordHash ? await verifySecret(password, user.passwordHash) : false;
  if (!ok) {
    await logEvent(deps.db, caller, event, 'failure', { userId: user.id, now });
    throw invalid(field, MESSAGES.auth.currentPasswordWrong);
  }
}

export function tooMany(message: string, field: string, retryAfterSeconds: number): AppError {
  return new AppError(
    'TOO_MANY_REQUESTS',
    429,
    message,
    { [field]: message },
    { 'retry-after': String(Math.ceil(retryAfterSeconds)) },
  );
}
