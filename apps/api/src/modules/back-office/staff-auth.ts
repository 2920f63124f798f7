import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Database } from '@freight/db';
import {
  MESSAGES,
  STAFF_PENDING_SESSION_MS,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SIGN_IN_LOCK_MS,
  STAFF_SIGN_IN_MAX_FAILURES,
  STAFF_TOTP_ISSUER,
} from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { burnPasswordCheck, verifySecret } from '../auth/password';
import { generateToken, hashToken } from '../auth/session.service';
import * as repo from './staff.repository';

/** TOTP of RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
const TOTP_PERIOD_S = 30;
/** One step either side is accepted (clock drift of the phone). */
const TOTP_WINDOW = 1;
/** Failures from one address before it is locked (many logins from one place). */
const MAX_FAILURES_PER_IP = STAFF_SIGN_IN_MAX_FAILURES * 4;

export interface StaffAuthDeps {
  db: Database;
  clock: () => Date;
}

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

function totpOf(secret: string, login: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: STAFF_TOTP_ISSUER,
    label: login,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A fresh base32 TOTP seed (160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

const locked = () => new AppError('TOO_MANY_REQUESTS', 429, MESSAGES.backOffice.errors.locked);

async function assertNotLocked(deps: StaffAuthDeps, login: string, client: Client): Promise<void> {
  const since = new Date(deps.clock().getTime() - STAFF_SIGN_IN_LOCK_MS);
  const failures = await repo.countSignInFailures(deps.db, login, client.ip, since);
  if (failures.byLogin >= STAFF_SIGN_IN_MAX_FAILURES || failures.byIp >= MAX_FAILURES_PER_IP) throw locked();
}

/**
 * Step 1: login and password. Success starts a `password`-stage session (5 minutes) that can
 * only enter the TOTP code (or, before enrolment, fetch the QR). Unknown login and wrong password
 * answer the same and take the same time.
 */
export async function signInWithPassword(
  deps: StaffAuthDeps,
  client: Client,
  input: { login: string; password: string },
): Promise<{ token: string; expiresAt: Date; stage: 'totp' | 'enroll' }> {
  const login = input.login.trim();
  await assertNotLocked(deps, login, client);
  const staff = await repo.findStaffByLogin(deps.db, login);
  const ok =
    staff && staff.disabledAt === null
      ? await verifySecret(input.password, staff.passwordHash)
      : await burnPasswordCheck(input.password);
  const now = deps.clock();
  if (!ok || !staff) {
    await repo.recordSignInFailure(deps.db, { login, ip: client.ip, step: 'password', at: now });
    throw new AppError('UNAUTHORIZED', 401, MESSAGES.backOffice.errors.badCredentials);
  }
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + STAFF_PENDING_SESSION_MS);
  await repo.insertStaffSession(deps.db, {
    tokenHash: hashToken(token),
    staffId: staff.id,
    stage: 'password',
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt, stage: staff.totpEnrolledAt ? 'totp' : 'enroll' };
}

/** The enrolment QR (SVG) and URI of a staff member who has not confirmed an authenticator app yet. */
export async function enrolment(
  deps: StaffAuthDeps,
  staffId: number,
): Promise<{ otpauth_uri: string; qr_svg: string; secret: string }> {
  const staff = await repo.findStaffById(deps.db, staffId);
  if (!staff || staff.totpEnrolledAt) throw new AppError('CONFLICT', 409, MESSAGES.backOffice.errors.enrolmentClosed);
  const uri = totpOf(staff.totpSecret, staff.login).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { otpauth_uri: uri, qr_svg: svg, secret: staff.totpSecret };
}

/**
 * Step 2: the TOTP code. Accepted once per time step (a code seen once is dead), within one step
 * of drift; failures count towards the same lock as wrong passwords. Success replaces the pending
 * session with a full one (a new token: the pending token can never act).
 */
export async function verifyTotp(
  deps: StaffAuthDeps,
  client: Client,
  pending: { sessionId: string; staffId: number; login: string },
  code: string,
): Promise<{ token: string; expiresAt: Date }> {
  await assertNotLocked(deps, pending.login, client);
  const staff = await repo.findStaffById(deps.db, pending.staffId);
  const now = deps.clock();
  if (!staff) throw new AppError('UNAUTHORIZED', 401, MESSAGES.backOffice.errors.signInRequired);
  const delta = /^\d{6}$/.test(code)
    ? totpOf(staff.totpSecret, staff.login).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW })
    : null;
  const step = delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
  if (step === null || !(await repo.claimTotpStep(deps.db, staff.id, step, now))) {
    await repo.recordSignInFailure(deps.db, { login: pending.login, ip: client.ip, step: 'totp', at: now });
    throw new AppError('VALIDATION_FAILED', 400, MESSAGES.backOffice.errors.totpInvalid, {
      code: MESSAGES.backOffice.errors.totpInvalid,
    });
  }
  await repo.revokeStaffSession(deps.db, pending.sessionId, now);
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS);
  await repo.insertStaffSession(deps.db, {
    tokenHash: hashToken(token),
    staffId: staff.id,
    stage: 'full',
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}
