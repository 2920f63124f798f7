/** One-time SMS codes: sending them under every limit, checking them, confirming a phone for sign-up. */
import {
  CODE_MAX_ATTEMPTS,
  CODE_SENDS_PER_IP_HOUR,
  CODE_SENDS_PER_PHONE_DAY,
  CODE_SENDS_PER_PHONE_HOUR,
  CODE_TTL_MS,
  MESSAGES,
  PHONE_CONFIRMATION_TTL_MS,
  acceptsSms,
  fillTemplate,
  resendCooldownSeconds,
  resendTooSoonMessage,
  type CodePurpose,
} from '@freight/domain';
import { AppError } from '../../errors/app-error';
import type { SmsOutcome } from '../messaging/sms-policy';
import { CODE_COST, generateCode, hashSecret, verifySecret } from './password';
import * as repo from './identity.repository';
import {
  type Caller,
  DAY,
  HOUR,
  type IdentityDeps,
  asDb,
  invalid,
  logEvent,
  requireSession,
  requireUser,
  tooMany,
  verifyCurrentPassword,
} from './auth-core';

const SMS_TEMPLATES: Record<CodePurpose, string> = {
  registration: MESSAGES.auth.smsCodeRegistration,
  sign_in: MESSAGES.auth.smsCode,
  reset_password: MESSAGES.auth.smsCodeReset,
  change_phone: MESSAGES.auth.smsCodeChangePhone,
};

/**
 * Sends a one-time code (POST /user/phone/verification_code). The answer is the same whether
 * or not the phone is registered: sign-up to a registered phone sends a notice instead of a
 * code, sign-in or reset for an unknown phone sends nothing; both still count toward every
 * limit. Limits, all counted in the database: resend pause 60 s doubling, 3 per phone per hour,
 * 6 per phone per day, 10 per IP per hour; then the SMS policy (decision 010): Russian mobile
 * numbers only (422 before anything else) and the hourly SMS budgets (429 with Retry-After).
 */
export async function requestPhoneCode(
  deps: IdentityDeps,
  caller: Caller,
  input: { phone: string; purpose: CodePurpose; password?: string | undefined },
): Promise<{ resendAfter: number; expiresIn: number }> {
  const session = requireSession(caller);
  const now = deps.clock();
  const { phone, purpose } = input;
  if (!acceptsSms(phone)) throw notMobile();

  let currentUser: repo.UserRow | null = null;
  if (purpose === 'change_phone') {
    currentUser = await requireUser(deps, caller);
    if (!input.password) throw invalid('password', MESSAGES.auth.currentPasswordRequired);
    await verifyCurrentPassword(deps, caller, currentUser, input.password, 'reauthenticate', 'password');
    if (currentUser.phone === phone) throw invalid('phone', MESSAGES.auth.phoneSameAsCurrent);
  }

  const code = generateCode();
  const codeHash = await hashSecret(code, CODE_COST);

  const result = await deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    await repo.lockPhone(tx, phone);
    if (caller.ip) {
      const byIp = await repo.countCodesSince(tx, { ip: caller.ip }, new Date(now.getTime() - HOUR));
      if (byIp.count >= CODE_SENDS_PER_IP_HOUR)
        return {
          error: new AppError('TOO_MANY_REQUESTS', 429, MESSAGES.auth.ipHourLimit, undefined, {
            'retry-after': '3600',
          }),
        };
    }
    const day = await repo.countCodesSince(tx, { phone }, new Date(now.getTime() - DAY));
    if (day.count >= CODE_SENDS_PER_PHONE_DAY)
      return { error: tooMany(MESSAGES.auth.phoneDayLimit, 'phone', DAY / 1000) };
    const hour = await repo.countCodesSince(tx, { phone }, new Date(now.getTime() - HOUR));
    if (hour.count >= CODE_SENDS_PER_PHONE_HOUR)
      return { error: tooMany(MESSAGES.auth.phoneHourLimit, 'phone', HOUR / 1000) };
    if (hour.last) {
      const wait = resendCooldownSeconds(hour.count) - (now.getTime() - hour.last.getTime()) / 1000;
      if (wait > 0) return { error: tooMany(resendTooSoonMessage(wait), 'code', Math.ceil(wait)) };
    }

    const owner = purpose === 'change_phone' ? null : await repo.findActiveUserByPhone(tx, phone);
    let smsBody: string | null = null;
    let smsRedacted = '';
    let storedHash: string | null = codeHash;
    if (purpose === 'registration' && owner) {
      smsBody = MESSAGES.auth.smsAlreadyRegistered;
      smsRedacted = smsBody;
      storedHash = null;
    } else if ((purpose === 'sign_in' || purpose === 'reset_password') && (!owner || !owner.isVerified)) {
      storedHash = null;
    } else {
      smsBody = fillTemplate(SMS_TEMPLATES[purpose], { code });
      smsRedacted = fillTemplate(SMS_TEMPLATES[purpose], { code: '••••••' });
    }

    // Charged to the SMS budgets even when nothing is sent, so budgets tell no one who is registered.
    const sms = await deps.sms.send(tx, {
      to: phone,
      body: smsBody ?? '',
      bodyRedacted: smsRedacted,
      kind: `code:${purpose}`,
      ip: caller.ip,
      deliver: smsBody !== null,
    });
    if (!sms.sent) return { error: smsRefusal(sms) };

    await repo.retireOpenCodes(tx, phone, purpose, session.id, now);
    await repo.insertCode(tx, {
      phone,
      purpose,
      codeHash: storedHash,
      sessionId: session.id,
      userId: currentUser?.id ?? owner?.id ?? null,
      ip: caller.ip,
      delivered: smsBody !== null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    await logEvent(tx, caller, `code_request:${purpose}`, 'success', {
      userId: currentUser?.id ?? owner?.id,
      phone,
      now,
    });
    return { resendAfter: resendCooldownSeconds(hour.count + 1), expiresIn: CODE_TTL_MS / 1000 };
  });
  if ('error' in result) {
    await logEvent(deps.db, caller, `code_request:${purpose}`, 'blocked', { phone, now });
    throw result.error;
  }
  deps.outbox.wake();
  return result;
}

function notMobile(): AppError {
  return new AppError('PHONE_NOT_MOBILE', 422, MESSAGES.auth.codeMobileOnly, { phone: MESSAGES.auth.codeMobileOnly });
}

/** The answer to a code request the SMS policy refused: 422 for the number, 429 for a spent budget. */
function smsRefusal(outcome: Exclude<SmsOutcome, { sent: true }>): AppError {
  if (outcome.reason === 'not_mobile') return notMobile();
  return tooMany(MESSAGES.auth.smsBudget[outcome.budget], 'phone', outcome.retryAfterSeconds);
}

/**
 * Checks a code for phone + purpose asked for by this very session (ASVS 6.6.2). One attempt is
 * reserved atomically before the comparison, so at most 5 guesses per code ever run. The caller
 * still has to consume (or confirm) the code it gets back.
 */
export async function checkCode(
  deps: IdentityDeps,
  caller: Caller,
  input: { phone: string; purpose: CodePurpose; code: string },
): Promise<repo.CodeRow> {
  const session = requireSession(caller);
  const now = deps.clock();
  const row = await repo.findOpenCode(deps.db, input.phone, input.purpose, session.id);
  if (!row) throw invalid('code', MESSAGES.auth.codeInvalid);
  if (row.expiresAt.getTime() <= now.getTime()) throw invalid('code', MESSAGES.auth.codeExpired);
  const attempts = await repo.reserveCodeAttempt(deps.db, row.id, CODE_MAX_ATTEMPTS);
  if (attempts === null) throw invalid('code', MESSAGES.auth.codeAttemptsExceeded);
  const ok = row.codeHash !== null && (await verifySecret(input.code, row.codeHash));
  if (!ok) {
    await logEvent(deps.db, caller, `code_check:${input.purpose}`, 'failure', { phone: input.phone, now });
    throw invalid(
      'code',
      attempts >= CODE_MAX_ATTEMPTS ? MESSAGES.auth.codeAttemptsExceeded : MESSAGES.auth.codeInvalid,
    );
  }
  return row;
}

/** POST /authorization_v2/phone_confirmation: the sign-up code is right; the session may now register. */
export async function confirmPhone(deps: IdentityDeps, caller: Caller, input: { phone: string; code: string }) {
  const row = await checkCode(deps, caller, { ...input, purpose: 'registration' });
  const now = deps.clock();
  if (!(await repo.markCodeConfirmed(deps.db, row.id, now))) throw invalid('code', MESSAGES.auth.codeInvalid);
  return { expiresIn: PHONE_CONFIRMATION_TTL_MS / 1000 };
}
