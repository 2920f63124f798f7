import * as OTPAuth from 'otpauth';
import type { TestContext } from './helpers';
import { TEST_ORIGIN, cookiePair } from './helpers';

const originOf = (ctx: TestContext) => ctx.config.allowedOrigins[0] ?? TEST_ORIGIN;
import { staffUsers } from '@freight/db';
import type { StaffRole } from '@freight/domain';
import { hashSecret } from '../modules/auth/password';
import { newTotpSecret } from '../modules/back-office/staff-auth';

export interface TestStaff {
  id: number;
  login: string;
  password: string;
  role: StaffRole;
  totpSecret: string;
  /** `cookie` header of a full (password + TOTP) back-office session. */
  cookie: string;
  /** Headers of a state-changing call: the cookie and our Origin (CSRF). */
  headers: { cookie: string; origin: string };
}

let counter = 0;

/** The current TOTP code of a secret (what the authenticator app would show), optionally `offsetSteps` away. */
export function totpCode(secret: string, at = Date.now(), offsetSteps = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at + offsetSteps * 30_000,
  });
}

/** Inserts a staff member (enrolled in TOTP unless `enrolled: false`). */
export async function insertStaff(
  ctx: TestContext,
  role: StaffRole,
  options: { enrolled?: boolean; name?: string } = {},
): Promise<Omit<TestStaff, 'cookie' | 'headers'>> {
  counter += 1;
  const login = `${role}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const password = `Staff-pass-${counter}`;
  const totpSecret = newTotpSecret();
  const [row] = await ctx.database.db
    .insert(staffUsers)
    .values({
      login,
      name: options.name ?? `Сотрудник ${counter}`,
      role,
      passwordHash: await hashSecret(password, { log2N: 10, r: 8, p: 1 }),
      totpSecret,
      totpEnrolledAt: options.enrolled === false ? null : new Date(),
    })
    .returning({ id: staffUsers.id });
  return { id: row!.id, login, password, role, totpSecret };
}

/** Signs a staff member in through the real two steps and returns the full session's cookie. */
export async function signInStaff(ctx: TestContext, staff: Omit<TestStaff, 'cookie' | 'headers'>): Promise<TestStaff> {
  const name = ctx.config.staffCookie;
  const first = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/back-office/auth/sign_in',
    headers: { origin: originOf(ctx) },
    payload: { login: staff.login, password: staff.password },
  });
  if (first.statusCode !== 200) throw new Error(`staff sign_in: ${first.statusCode} ${first.body}`);
  const pending = cookiePair(first.headers['set-cookie'], name)!;
  const second = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/back-office/auth/totp',
    headers: { origin: originOf(ctx), cookie: pending },
    payload: { code: totpCode(staff.totpSecret) },
  });
  if (second.statusCode !== 200) throw new Error(`staff totp: ${second.statusCode} ${second.body}`);
  const cookie = cookiePair(second.headers['set-cookie'], name)!;
  return { ...staff, cookie, headers: { cookie, origin: originOf(ctx) } };
}

/** A signed-in staff member of `role`. */
export async function staffSession(ctx: TestContext, role: StaffRole): Promise<TestStaff> {
  return signInStaff(ctx, await insertStaff(ctx, role));
}
