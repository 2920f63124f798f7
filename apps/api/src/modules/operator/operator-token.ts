import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The operator token: what the review command (`npm run access:review`) shows the running API
 * to act as the carrier's operator until the back-office has people and roles (issue 17).
 * OPERATOR_TOKEN when set (a deployment shares it with its operators' tooling); otherwise the
 * API makes a random one at every start and writes it to `<DATA_DIR>/operator-token` (mode
 * 0600), where a command on the same machine, run by the same account, finds it.
 */
export const OPERATOR_TOKEN_FILE = 'operator-token';

export async function prepareOperatorToken(dataDir: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const token = randomBytes(32).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, OPERATOR_TOKEN_FILE);
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return token;
}

/** OPERATOR_TOKEN, else the file the running API wrote, else null (no API has run here). */
export async function readOperatorToken(dataDir: string, configured: string | undefined): Promise<string | null> {
  if (configured) return configured;
  try {
    return (await readFile(path.join(dataDir, OPERATOR_TOKEN_FILE), 'utf8')).trim() || null;
  } catch {
    return null;
  }
}

/** Constant-time comparison of a presented token with the expected one. */
export function tokenMatches(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
