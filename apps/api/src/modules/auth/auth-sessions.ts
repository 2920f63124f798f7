/** Sessions: signing in (password or SMS code) with a fresh session, logout, the list of sessions. */
import { MESSAGES, SIGN_IN_LOCK_WINDOW_MS, SIGN_IN_MAX_FAILURES } from '@freight/domain';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { burnPasswordCheck, verifySecret } from './password';
import { generateToken, hashToken } from './session.service';
import { insertSession } from './session.repository';
import * as repo from './identity.repository';
import { phoneHash } from './phone-hash';
import { checkCode } from './auth-codes';
import {
  type Caller,
  type IdentityDeps,
  type IssuedSession,
  type Tx,
  asDb,
  invalid,
  logEvent,
  requireUser,
} from './auth-core';

/**
 * Everything that hangs on a visitor's session moves with them when the session is replaced at
 * sign-in (consents, messages, codes and — when they exist — drafts). New tables that belong to
 * a session add their update to `moveSessionRows`.
 */
export async function transferSessionData(db: Database, oldId: string, newId: string): Promise<void> {
  await repo.moveSessionRows(db, oldId, newId);
}

/**
 * Signs a user in: a brand-new session and token (ASVS 7.2.4), the old session revoked. An
 * anonymous session's data follows the visitor; a session of another user keeps its own.
 */
export async function startUserSession(
  tx: Tx,
  deps: IdentityDeps,
  caller: Caller,
  user: repo.UserRow,
  now: Date,
): Promise<IssuedSession> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + deps.policy.absoluteMs);
  const session = await insertSession(tx, {
    tokenHash: hashToken(token),
    expiresAt,
    ip: caller.ip,
    userAgent: caller.userAgent?.slice(0, 512) ?? null,
    userId: user.id,
  });
  const old = caller.session;
  if (old) {
    await repo.revokeSession(tx, old.id, now);
    if (old.userId === null || old.userId === user.id) await transferSessionData(tx, old.id, session.id);
  }
  return { token, expiresAt, user };
}

/** Ends the caller's session on the server (logout). */
export async function logout(deps: IdentityDeps, caller: Caller): Promise<void> {
  const now = deps.clock();
  if (!caller.session) return;
  await repo.revokeSession(deps.db, caller.session.id, now);
  await logEvent(deps.db, caller, 'logout', 'success', { userId: caller.session.userId, now });
}

export async function listSessions(deps: IdentityDeps, caller: Caller) {
  const user = await requireUser(deps, caller);
  const rows = await repo.listLiveUserSessions(deps.db, user.id, deps.clock(), deps.policy.idleMs);
  return rows.map((s) => ({
    id: s.id,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    ip: s.ip,
    user_agent: s.userAgent,
    current: s.id === caller.session?.id,
  }));
}

/** Ends one of the user's own sessions; another user's session id is simply "not found". */
export async function endSession(deps: IdentityDeps, caller: Caller, sessionId: string): Promise<{ current: boolean }> {
  const user = await requireUser(deps, caller);
  const ended = await repo.revokeUserSession(deps.db, user.id, sessionId, deps.clock());
  if (!ended) throw new AppError('NOT_FOUND', 404, MESSAGES.auth.sessionNotFound);
  return { current: sessionId === caller.session?.id };
}

/**
 * POST /authorization_v2/authorization: phone and password. Wrong phone and wrong password give
 * the same answer in the same time. After 10 failures for one phone in 15 minutes, password
 * sign-in for that phone pauses (sign-in by SMS code still works, so nobody can lock the owner out).
 */
export async function signInWithPassword(
  deps: IdentityDeps,
  caller: Caller,
  input: { phone: string; password: string },
): Promise<IssuedSession> {
  const now = deps.clock();
  const failures = await repo.countFailedSignIns(
    deps.db,
    phoneHash(input.phone),
    new Date(now.getTime() - SIGN_IN_LOCK_WINDOW_MS),
  );
  if (failures >= SIGN_IN_MAX_FAILURES) {
    await logEvent(deps.db, caller, 'sign_in_password', 'blocked', { phone: input.phone, now });
    throw new AppError('TOO_MANY_REQUESTS', 429, MESSAGES.auth.signInLocked, undefined, {
      'retry-after': String(SIGN_IN_LOCK_WINDOW_MS / 1000),
    });
  }
  const user = await repo.findActiveUserByPhone(deps.db, input.phone);
  const ok =
    user?.passwordHash && user.isVerified
      ? await verifySecret(input.password, user.passwordHash)
      : await burnPasswordCheck(input.password);
  if (!ok || !user) {
    await logEvent(deps.db, caller, 'sign_in_password', 'failure', { userId: user?.id, phone: input.phone, now });
    throw new AppError('INVALID_CREDENTIALS', 400, MESSAGES.auth.wrongCredentials, {
      password: MESSAGES.auth.wrongCredentials,
    });
  }
  return deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    const issued = await startUserSession(tx, deps, caller, user, now);
    await logEvent(tx, caller, 'sign_in_password', 'success', { userId: user.id, phone: input.phone, now });
    return issued;
  });
}

/** POST /authorization_v2/disposable_authorization: sign-in by a one-time SMS code. */
export async function signInWithCode(
  deps: IdentityDeps,
  caller: Caller,
  input: { phone: string; code: string },
): Promise<IssuedSession> {
  const row = await checkCode(deps, caller, { ...input, purpose: 'sign_in' });
  const now = deps.clock();
  const issued = await deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    if (!(await repo.consumeCode(tx, row.id, now))) throw invalid('code', MESSAGES.auth.codeInvalid);
    const user = await repo.findActiveUserByPhone(tx, input.phone);
    if (!user || !user.isVerified) throw invalid('code', MESSAGES.auth.codeInvalid);
    const result = await startUserSession(tx, deps, caller, user, now);
    await logEvent(tx, caller, 'sign_in_code', 'success', { userId: user.id, phone: input.phone, now });
    return result;
  });
  return issued;
}
