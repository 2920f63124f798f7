import { randomBytes } from 'node:crypto';
import {
  CODE_MAX_ATTEMPTS,
  CODE_SENDS_PER_IP_HOUR,
  CODE_SENDS_PER_PHONE_DAY,
  CODE_SENDS_PER_PHONE_HOUR,
  CODE_TTL_MS,
  EMAIL_CONFIRM_TTL_MS,
  EMAILS_PER_ADDRESS_HOUR,
  MESSAGES,
  PASSWORD_RESET_TTL_MS,
  PD_CONSENT,
  PHONE_CONFIRMATION_TTL_MS,
  acceptsSms,
  SIGN_IN_LOCK_WINDOW_MS,
  SIGN_IN_MAX_FAILURES,
  fillTemplate,
  getDisplayName,
  maskEmail,
  resendCooldownSeconds,
  resendTooSoonMessage,
  type CodePurpose,
} from '@freight/domain';
import type { UserInfo } from '@freight/contracts';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { recordConsent } from '../consents/consent.service';
import type { Outbox } from '../messaging/outbox.service';
import type { SmsOutcome, SmsPolicy } from '../messaging/sms-policy';
import { CODE_COST, burnPasswordCheck, generateCode, hashSecret, verifySecret } from './password';
import { generateToken, hashToken, type SessionPolicy } from './session.service';
import { insertSession, type SessionRow } from './session.repository';
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

type Tx = Database;
const asDb = (tx: unknown) => tx as Database;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function invalid(field: string, message: string, status = 400, code = 'VALIDATION_FAILED'): AppError {
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

function requireSession(caller: Caller): SessionRow {
  if (!caller.session) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  return caller.session;
}

/** The signed-in, verified user behind the caller's session, or 401. */
export async function requireUser(deps: IdentityDeps, caller: Caller): Promise<repo.UserRow> {
  const userId = caller.session?.userId;
  if (!userId) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  const user = await repo.findActiveUserById(deps.db, userId);
  if (!user || !user.isVerified) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  return user;
}

async function logEvent(
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
async function verifyCurrentPassword(
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

// ---- sessions ---------------------------------------------------------------------------------------

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
async function startUserSession(
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

// ---- one-time SMS codes ----------------------------------------------------------------------------

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

function tooMany(message: string, field: string, retryAfterSeconds: number): AppError {
  return new AppError(
    'TOO_MANY_REQUESTS',
    429,
    message,
    { [field]: message },
    { 'retry-after': String(Math.ceil(retryAfterSeconds)) },
  );
}

/**
 * Checks a code for phone + purpose asked for by this very session (ASVS 6.6.2). One attempt is
 * reserved atomically before the comparison, so at most 5 guesses per code ever run. The caller
 * still has to consume (or confirm) the code it gets back.
 */
async function checkCode(
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

// ---- sign-up and sign-in --------------------------------------------------------------------------

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

// ---- passwords ----------------------------------------------------------------------------------------

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

// ---- phone and e-mail changes --------------------------------------------------------------------------

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

interface EmailSecrets {
  token: string;
  code: string;
  codeHash: string;
}

async function newEmailSecrets(): Promise<EmailSecrets> {
  const code = generateCode();
  return { token: randomBytes(32).toString('base64url'), code, codeHash: await hashSecret(code, CODE_COST) };
}

type EmailPurpose = 'confirm' | 'change' | 'reset';

/**
 * Writes an e-mail token and queues the mail. When the address already belongs to another
 * account, a notice goes there instead of a link, and the caller's answer does not change.
 */
async function queueEmailLink(
  deps: IdentityDeps,
  tx: Tx,
  user: repo.UserRow,
  email: string,
  purpose: EmailPurpose,
  secrets: EmailSecrets,
  now: Date,
): Promise<void> {
  if (purpose !== 'reset') {
    const owner = await repo.findActiveUserByEmail(tx, email);
    if (owner && owner.id !== user.id) {
      await deps.outbox.enqueue(
        {
          channel: 'email',
          to: email,
          subject: MESSAGES.auth.mailChangeSubject,
          body: MESSAGES.auth.mailTakenBody,
          bodyRedacted: MESSAGES.auth.mailTakenBody,
          kind: 'email:taken',
        },
        tx,
      );
      return;
    }
  }
  await repo.insertEmailToken(tx, {
    userId: user.id,
    email,
    purpose,
    tokenHash: hashToken(secrets.token),
    codeHash: purpose === 'confirm' ? secrets.codeHash : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (purpose === 'reset' ? PASSWORD_RESET_TTL_MS : EMAIL_CONFIRM_TTL_MS)),
  });
  const page = purpose === 'reset' ? '/auth/reset-password' : '/auth/email-confirmation';
  const kindParam = purpose === 'change' ? '&type=change' : '';
  const link = `${deps.publicOrigin}${page}?token=${secrets.token}${kindParam}`;
  const [subject, template] =
    purpose === 'confirm'
      ? [MESSAGES.auth.mailConfirmSubject, MESSAGES.auth.mailConfirmBody]
      : purpose === 'change'
        ? [MESSAGES.auth.mailChangeSubject, MESSAGES.auth.mailChangeBody]
        : [MESSAGES.auth.mailResetSubject, MESSAGES.auth.mailResetBody];
  await deps.outbox.enqueue(
    {
      channel: 'email',
      to: email,
      subject,
      body: fillTemplate(template, { link, code: secrets.code }),
      bodyRedacted: fillTemplate(template, { link: `${deps.publicOrigin}${page}?token=…`, code: '••••••' }),
      kind: `email:${purpose}`,
    },
    tx,
  );
}

/**
 * Sends (or re-sends) a confirmation link to an address of the signed-in user:
 * POST /authorization_v2/resend_email (purpose `confirm`; without an address, the pending one)
 * and PUT /user/email/change_email (purpose `change`). At most 3 mails per address per hour.
 */
export async function sendEmailLink(
  deps: IdentityDeps,
  caller: Caller,
  input: { email?: string | undefined; purpose: 'confirm' | 'change' },
): Promise<{ maskedEmail: string }> {
  const user = await requireUser(deps, caller);
  const now = deps.clock();
  let email = input.email;
  if (!email) {
    const pending = await repo.findPendingEmailToken(deps.db, user.id, now);
    if (!pending) throw invalid('email', MESSAGES.auth.emailNothingPending);
    email = pending.email;
  }
  if (user.email && user.email.toLowerCase() === email.toLowerCase())
    throw invalid('email', MESSAGES.auth.emailSameAsCurrent);
  const recent = await repo.countEmailTokensSince(deps.db, email, new Date(now.getTime() - HOUR));
  if (recent >= EMAILS_PER_ADDRESS_HOUR) {
    throw tooMany(MESSAGES.common.tooManyRequests, 'email', HOUR / 1000);
  }
  const secrets = await newEmailSecrets();
  const target = email;
  await deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    await repo.retireEmailTokens(tx, user.id, ['confirm', 'change'], now);
    await queueEmailLink(deps, tx, user, target, input.purpose, secrets, now);
    await logEvent(tx, caller, `email_link:${input.purpose}`, 'success', { userId: user.id, now });
  });
  deps.outbox.wake();
  return { maskedEmail: maskEmail(target) };
}

async function applyEmailToken(
  deps: IdentityDeps,
  caller: Caller,
  row: repo.EmailTokenRow,
  now: Date,
): Promise<repo.UserRow> {
  return deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    if (!(await repo.consumeEmailToken(tx, row.id, now))) throw invalid('token', MESSAGES.auth.emailLinkInvalid);
    const user = await repo.findActiveUserById(tx, row.userId);
    if (!user) throw invalid('token', MESSAGES.auth.emailLinkInvalid);
    const owner = await repo.findActiveUserByEmail(tx, row.email);
    if (owner && owner.id !== user.id)
      throw new AppError('CONFLICT', 409, MESSAGES.auth.emailTaken, { email: MESSAGES.auth.emailTaken });
    await repo.retireEmailTokens(tx, user.id, ['confirm', 'change'], now);
    const updated = await repo.updateUser(tx, user.id, { email: row.email });
    await logEvent(tx, caller, `email_confirm:${row.purpose}`, 'success', { userId: user.id, now });
    return updated;
  });
}

/**
 * Confirms an address by the link's token (anyone holding the link: it may be opened in another
 * browser) or by the code from the same mail (only the signed-in owner, at most 5 tries).
 */
export async function confirmEmail(
  deps: IdentityDeps,
  caller: Caller,
  input: { token?: string | undefined; code?: string | undefined; purposes?: EmailPurpose[] },
): Promise<repo.UserRow> {
  const now = deps.clock();
  const purposes = input.purposes ?? ['confirm', 'change'];
  if (input.token) {
    const row = await repo.findEmailTokenByHash(deps.db, hashToken(input.token));
    if (
      !row ||
      !purposes.includes(row.purpose as EmailPurpose) ||
      row.consumedAt ||
      row.expiresAt.getTime() <= now.getTime()
    ) {
      throw invalid('token', MESSAGES.auth.emailLinkInvalid);
    }
    return applyEmailToken(deps, caller, row, now);
  }
  const user = await requireUser(deps, caller);
  const row = await repo.findPendingEmailToken(deps.db, user.id, now);
  if (!row || !row.codeHash) throw invalid('code', MESSAGES.auth.codeInvalid);
  const attempts = await repo.reserveEmailCodeAttempt(deps.db, row.id, CODE_MAX_ATTEMPTS);
  if (attempts === null) throw invalid('code', MESSAGES.auth.codeAttemptsExceeded);
  if (!(await verifySecret(input.code ?? '', row.codeHash))) {
    throw invalid(
      'code',
      attempts >= CODE_MAX_ATTEMPTS ? MESSAGES.auth.codeAttemptsExceeded : MESSAGES.auth.codeInvalid,
    );
  }
  return applyEmailToken(deps, caller, row, now);
}

// ---- profile and account ----------------------------------------------------------------------------------

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
