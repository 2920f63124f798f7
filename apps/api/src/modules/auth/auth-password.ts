/** Passwords: reset by SMS code or e-mail link, change with the current one. */
import { EMAILS_PER_ADDRESS_HOUR, MESSAGES } from '@freight/domain';
import { hashSecret } from './password';
import { hashToken } from './session.service';
import * as repo from './identity.repository';
import { checkCode } from './auth-codes';
import {
  type Caller,
  HOUR,
  type IdentityDeps,
  type IssuedSession,
  asDb,
  invalid,
  logEvent,
  requireUser,
  verifyCurrentPassword,
} from './auth-core';
import { newEmailSecrets, queueEmailLink } from './auth-email';
import { startUserSession } from './auth-sessions';

/** POST /authorization_v2/reset_password_phone: code, new password; every session ends, a new one starts. */
export async function resetPasswordByPhone(
  deps: IdentityDeps,
  caller: Caller,
  input: { phone: string; code: string; newPassword: string },
): Promise<IssuedSession> {
  const row = await checkCode(deps, caller, { phone: input.phone, code: input.code, purpose: 'reset_password' });
  const now = deps.clock();
  const passwordHash = await hashSecret(input.newPassword);
  return deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    if (!(await repo.consumeCode(tx, row.id, now))) throw invalid('code', MESSAGES.auth.codeInvalid);
    const user = await repo.findActiveUserByPhone(tx, input.phone);
    if (!user) throw invalid('code', MESSAGES.auth.codeInvalid);
    const updated = await repo.updateUser(tx, user.id, { passwordHash });
    await repo.revokeUserSessions(tx, user.id, now);
    const issued = await startUserSession(tx, deps, caller, updated, now);
    await logEvent(tx, caller, 'password_reset_phone', 'success', { userId: user.id, phone: input.phone, now });
    return issued;
  });
}

/**
 * POST /authorization_v2/forgot_password: a reset link to the confirmed e-mail of an account.
 * The same answer for any address; at most 3 mails per address per hour (silently).
 */
export async function forgotPassword(deps: IdentityDeps, caller: Caller, input: { email: string }): Promise<void> {
  const now = deps.clock();
  const user = await repo.findActiveUserByEmail(deps.db, input.email);
  const secrets = await newEmailSecrets();
  if (!user) {
    await logEvent(deps.db, caller, 'password_forgot', 'failure', { now });
    return;
  }
  const recent = await repo.countEmailTokensSince(deps.db, input.email, new Date(now.getTime() - HOUR));
  if (recent >= EMAILS_PER_ADDRESS_HOUR) {
    await logEvent(deps.db, caller, 'password_forgot', 'blocked', { userId: user.id, now });
    return;
  }
  await deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    await repo.retireEmailTokens(tx, user.id, ['reset'], now);
    await queueEmailLink(deps, tx, user, input.email, 'reset', secrets, now);
    await logEvent(tx, caller, 'password_forgot', 'success', { userId: user.id, now });
  });
  deps.outbox.wake();
}

/** POST /authorization_v2/reset_password_email: the link's token and a new password. */
export async function resetPasswordByEmail(
  deps: IdentityDeps,
  caller: Caller,
  input: { token: string; newPassword: string },
): Promise<IssuedSession> {
  const now = deps.clock();
  const row = await repo.findEmailTokenByHash(deps.db, hashToken(input.token));
  if (!row || row.purpose !== 'reset' || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) {
    throw invalid('token', MESSAGES.auth.emailLinkInvalid);
  }
  const passwordHash = await hashSecret(input.newPassword);
  return deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    if (!(await repo.consumeEmailToken(tx, row.id, now))) throw invalid('token', MESSAGES.auth.emailLinkInvalid);
    const user = await repo.findActiveUserById(tx, row.userId);
    if (!user || user.email?.toLowerCase() !== row.email.toLowerCase())
      throw invalid('token', MESSAGES.auth.emailLinkInvalid);
    const updated = await repo.updateUser(tx, user.id, { passwordHash });
    await repo.revokeUserSessions(tx, user.id, now);
    const issued = await startUserSession(tx, deps, caller, updated, now);
    await logEvent(tx, caller, 'password_reset_email', 'success', { userId: user.id, now });
    return issued;
  });
}

/** PUT /authorization_v2/change_password: needs the current password; every other session ends. */
export async function changePassword(
  deps: IdentityDeps,
  caller: Caller,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await requireUser(deps, caller);
  const now = deps.clock();
  await verifyCurrentPassword(deps, caller, user, input.currentPassword, 'password_change', 'current_password');
  const passwordHash = await hashSecret(input.newPassword);
  await deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    await repo.updateUser(tx, user.id, { passwordHash });
    await repo.revokeUserSessions(tx, user.id, now, caller.session?.id);
    await logEvent(tx, caller, 'password_change', 'success', { userId: user.id, now });
  });
}
