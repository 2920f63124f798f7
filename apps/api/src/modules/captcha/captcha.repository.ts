import { gte, lt, sql } from 'drizzle-orm';
import { captchaSolutions, verificationCodes, type Database } from '@freight/db';

/** Codes sent and codes proven (the right code entered) in a window. */
export interface CodeConversion {
  sent: number;
  verified: number;
}

/**
 * Conversion of SMS codes since `since`: every row of `verification_codes` is a code request
 * (sent or — for an unknown phone — silently not sent, counted alike so the answer cannot tell
 * registered phones apart); `confirmed_at` is set once the right code was entered. One scan
 * gives the global figure and the caller's address.
 */
export async function codeConversionSince(
  db: Database,
  since: Date,
  ip: string | null,
): Promise<{ global: CodeConversion; ip: CodeConversion | null }> {
  const byIp = ip === null ? sql`false` : sql`${verificationCodes.ip} = ${ip}::inet`;
  const [row] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      verified: sql<number>`count(*) filter (where ${verificationCodes.confirmedAt} is not null)::int`,
      ipSent: sql<number>`count(*) filter (where ${byIp})::int`,
      ipVerified: sql<number>`count(*) filter (where ${byIp} and ${verificationCodes.confirmedAt} is not null)::int`,
    })
    .from(verificationCodes)
    .where(gte(verificationCodes.createdAt, since));
  const global = { sent: Number(row?.sent ?? 0), verified: Number(row?.verified ?? 0) };
  return {
    global,
    ip: ip === null ? null : { sent: Number(row?.ipSent ?? 0), verified: Number(row?.ipVerified ?? 0) },
  };
}

/**
 * Records a solved challenge; false when it was recorded before (a replay). Rows live until the
 * challenge expires — a replay after that fails the expiry check — and expired ones are removed
 * here, so the table stays as small as the number of challenges solved in one lifetime.
 */
export async function recordSolution(
  db: Database,
  challengeHash: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
  const rows = await db
    .insert(captchaSolutions)
    .values({ challengeHash, expiresAt })
    .onConflictDoNothing({ target: captchaSolutions.challengeHash })
    .returning({ challengeHash: captchaSolutions.challengeHash });
  return rows.length === 1;
}
