import { randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { CODE_LENGTH } from '@freight/domain';

function scrypt(secret: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(secret.normalize('NFKC'), salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * scrypt cost for passwords: N = 2^15, r = 8, p = 3 — 32 MiB per hash, one of the OWASP
 * Password Storage Cheat Sheet's equivalents of its minimum (N = 2^17, r = 8, p = 1).
 */
const OWASP_PASSWORD_COST = { log2N: 15, r: 8, p: 3 } as const;
/** One-time codes live 5 minutes and allow 5 guesses; a cheaper hash keeps sign-up fast. */
const OWASP_CODE_COST = { log2N: 14, r: 8, p: 1 } as const;
/**
 * Under the test runner only: the same scrypt at N = 2^10 (about 2 ms instead of 250). API suites
 * sign up and sign in thousands of times; at the real cost hashing was over half of their time.
 * Hashes carry their parameters, so verification is the same code either way.
 */
const TEST_COST = { log2N: 10, r: 8, p: 1 } as const;

export type ScryptCost = { log2N: number; r: number; p: number };

/**
 * The costs in force for an environment. Only Vitest (which sets `VITEST`) gets the cheap one:
 * NODE_ENV is not enough, a deployment may set it wrongly, and the e2e server (a production build)
 * hashes at the real cost.
 */
export function hashCosts(env: Record<string, string | undefined>): { password: ScryptCost; code: ScryptCost } {
  return env.VITEST
    ? { password: TEST_COST, code: TEST_COST }
    : { password: OWASP_PASSWORD_COST, code: OWASP_CODE_COST };
}

const costs = hashCosts(process.env);
export const PASSWORD_COST: ScryptCost = costs.password;
export const CODE_COST: ScryptCost = costs.code;

const KEY_LENGTH = 32;

/**
 * Hashes a secret with scrypt (memory-hard) and a fresh 16-byte salt. The result carries its own
 * parameters, `scrypt$<log2N>$<r>$<p>$<salt>$<hash>` (base64url), so costs can grow later.
 */
export async function hashSecret(secret: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost.log2N;
  const key = await scrypt(secret, salt, KEY_LENGTH, { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r });
  return ['scrypt', cost.log2N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check of a secret against {@link hashSecret}'s output; false for a malformed hash. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!Number.isInteger(log2N) || log2N < 10 || log2N > 20 || !r || !p) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const N = 2 ** log2N;
  const key = await scrypt(secret, salt, expected.length, { N, r, p, maxmem: 256 * N * r });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | null = null;
/**
 * Spends the same time as checking a real password, for callers with no account to check
 * against: sign-in answers for unknown phones take as long as for known ones (ASVS 6.3.8).
 */
export async function burnPasswordCheck(secret: string): Promise<false> {
  dummyHash ??= hashSecret('not-a-real-password');
  await verifySecret(secret, await dummyHash);
  return false;
}

/** A one-time code: 6 digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}
