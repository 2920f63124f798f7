/** Sign-up: the client account behind a confirmed phone, with the personal-data consent. */
import { MESSAGES, PD_CONSENT, PHONE_CONFIRMATION_TTL_MS } from '@freight/domain';
import { ensurePersonalProfile } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { recordConsent } from '../consents/consent.service';
import { hashSecret } from './password';
import * as repo from './identity.repository';
import {
  type Caller,
  type IdentityDeps,
  type IssuedSession,
  asDb,
  invalid,
  logEvent,
  requireSession,
} from './auth-core';
import { newEmailSecrets, queueEmailLink } from './auth-email';
import { startUserSession } from './auth-sessions';

/**
 * POST /authorization_v2/registration: needs a phone this session confirmed in the last 30
 * minutes. Creates the verified client, records the consent to personal-data processing as its
 * own document, optionally sends an e-mail confirmation, and signs in with a new session.
 */
export async function register(
  deps: IdentityDeps,
  caller: Caller,
  input: { name: string; password: string; email?: string | undefined },
): Promise<IssuedSession> {
  const session = requireSession(caller);
  const now = deps.clock();
  const confirmed = await repo.findConfirmedRegistration(
    deps.db,
    session.id,
    new Date(now.getTime() - PHONE_CONFIRMATION_TTL_MS),
  );
  if (!confirmed) throw invalid('phone', MESSAGES.auth.phoneNotConfirmed);
  const passwordHash = await hashSecret(input.password);
  const emailToken = input.email ? await newEmailSecrets() : null;

  const issued = await deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    if (!(await repo.consumeCode(tx, confirmed.id, now))) throw invalid('phone', MESSAGES.auth.phoneNotConfirmed);
    if (await repo.findActiveUserByPhone(tx, confirmed.phone)) {
      throw new AppError('CONFLICT', 409, MESSAGES.auth.phoneTaken, { phone: MESSAGES.auth.phoneTaken });
    }
    const user = await repo.insertUser(tx, { name: input.name, phone: confirmed.phone, passwordHash, now });
    await ensurePersonalProfile(tx, user.id, user.name);
    await recordConsent(tx, {
      document: PD_CONSENT,
      channel: 'registration',
      sessionId: session.id,
      userId: user.id,
      ip: caller.ip,
      userAgent: caller.userAgent,
    });
    if (input.email && emailToken) await queueEmailLink(deps, tx, user, input.email, 'confirm', emailToken, now);
    const result = await startUserSession(tx, deps, caller, user, now);
    await logEvent(tx, caller, 'registration', 'success', { userId: user.id, phone: user.phone, now });
    return result;
  });
  deps.outbox.wake();
  return issued;
}
