import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@freight/db';
import {
  deleteDeadSessions,
  findLiveSessionByTokenHash,
  insertSession,
  touchSession,
  type SessionRow,
} from './session.repository';

/** last_seen_at is written at most this often per session, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** SHA-256 of a session token, hex. Only this is stored; the token itself lives in the cookie. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token: 256 bits from the CSPRNG, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function createAnonymousSession(
  db: Database,
  policy: SessionPolicy,
  client: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<{ token: string; session: SessionRow }> {
  const token = generateToken();
  const session = await insertSession(db, {
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + policy.absoluteMs),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  return { token, session };
}

/** The live session behind a cookie value, or null. Malformed tokens never reach the database. */
export async function resolveSession(
  db: Database,
  policy: SessionPolicy,
  token: string | undefined,
  now = new Date(),
): Promise<SessionRow | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const session = await findLiveSessionByTokenHash(db, hashToken(token), now, policy.idleMs);
  if (session && now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, session.id, now);
  }
  return session;
}

export function purgeDeadSessions(db: Database, policy: SessionPolicy, now = new Date()): Promise<number> {
  return deleteDeadSessions(db, now, policy.idleMs);
}
