import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The unsubscribe link of a status e-mail carries a token that names whose e-mails it turns off
 * and an HMAC-SHA256 of that name under the server's key (NOTIFY_UNSUBSCRIBE_KEY, or one derived
 * from CAPTCHA_HMAC_KEY). Nothing is stored per message; a token cannot be made for another user
 * or address without the key, and rotating the key voids every link sent.
 *
 *   u<userId>.<mac>          the account's own settings (an owner's e-mail)
 *   e<base64url(email)>.<mac>  an address someone named sender or recipient in an order
 */

export type UnsubscribeSubject = { kind: 'user'; userId: number } | { kind: 'email'; email: string };

const CONTEXT = 'notify-unsubscribe:v1:';

/** The key of the links: NOTIFY_UNSUBSCRIBE_KEY when set, else one derived from another server secret. */
export function unsubscribeKey(configured: string | undefined, fallbackSecret: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  return createHmac('sha256', fallbackSecret).update('notify-unsubscribe-key').digest();
}

function payloadOf(subject: UnsubscribeSubject): string {
  return subject.kind === 'user'
    ? `u${subject.userId}`
    : `e${Buffer.from(subject.email.trim().toLowerCase(), 'utf8').toString('base64url')}`;
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key)
    .update(CONTEXT + payload)
    .digest();
}

/** The token of `subject` (URL-safe). */
export function signUnsubscribe(key: Buffer, subject: UnsubscribeSubject): string {
  const payload = payloadOf(subject);
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The subject of a genuine token, or null (malformed, forged, signed with another key). */
export function verifyUnsubscribe(key: Buffer, token: string): UnsubscribeSubject | null {
  const match = /^([ue])([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, kind, value, given] = match as unknown as [string, 'u' | 'e', string, string];
  const payload = `${kind}${value}`;
  const expected = mac(key, payload);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (kind === 'u') {
    if (!/^[1-9]\d{0,9}$/.test(value)) return null;
    const userId = Number(value);
    return userId <= 2_147_483_647 ? { kind: 'user', userId } : null;
  }
  const email = Buffer.from(value, 'base64url').toString('utf8');
  return email.includes('@') ? { kind: 'email', email } : null;
}
