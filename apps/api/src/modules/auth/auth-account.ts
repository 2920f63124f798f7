/** The signed-in user's own account: profile, name, phone change, deletion. */
import { MESSAGES } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import * as repo from './identity.repository';
import { checkCode } from './auth-codes';
import {
  type Caller,
  type IdentityDeps,
  asDb,
  invalid,
  logEvent,
  requireUser,
  toUserInfo,
  verifyCurrentPassword,
} from './auth-core';

/** POST /user/phone/verification/change_phone: the code sent to the new number (after re-authentication). */
export async function changePhone(
  deps: IdentityDeps,
  caller: Caller,
  input: { phone: string; code: string },
): Promise<repo.UserRow> {
  const user = await requireUser(deps, caller);
  const row = await checkCode(deps, caller, { ...input, purpose: 'change_phone' });
  if (row.userId !== user.id) throw invalid('code', MESSAGES.auth.codeInvalid);
  const now = deps.clock();
  return deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    if (!(await repo.consumeCode(tx, row.id, now))) throw invalid('code', MESSAGES.auth.codeInvalid);
    const owner = await repo.findActiveUserByPhone(tx, input.phone);
    if (owner && owner.id !== user.id)
      throw new AppError('CONFLICT', 409, MESSAGES.auth.phoneTaken, { phone: MESSAGES.auth.phoneTaken });
    const updated = await repo.updateUser(tx, user.id, { phone: input.phone });
    await logEvent(tx, caller, 'phone_change', 'success', { userId: user.id, phone: input.phone, now });
    return updated;
  });
}

export async function getProfile(deps: IdentityDeps, caller: Caller) {
  const user = await requireUser(deps, caller);
  const pending = await repo.findPendingEmailToken(deps.db, user.id, deps.clock());
  return { ...toUserInfo(user), pending_email: pending?.email ?? null, created_at: user.createdAt.toISOString() };
}

export async function changeName(deps: IdentityDeps, caller: Caller, name: string): Promise<repo.UserRow> {
  const user = await requireUser(deps, caller);
  return repo.updateUser(deps.db, user.id, { name });
}

/**
 * DELETE /user/account: the current password and the word УДАЛИТЬ. Personal data is erased
 * (152-FZ), the user row stays for orders and accounting, every session ends.
 */
export async function deleteAccount(deps: IdentityDeps, caller: Caller, input: { password: string }): Promise<void> {
  const user = await requireUser(deps, caller);
  const now = deps.clock();
  await verifyCurrentPassword(deps, caller, user, input.password, 'account_delete', 'password');
  await deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    await logEvent(tx, { ...caller, session: null }, 'account_delete', 'success', { userId: user.id, now });
    await repo.erasePersonalData(tx, user, now);
  });
}
