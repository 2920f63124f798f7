import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_HEADERS, WEBHOOK_SIGNATURE_TOLERANCE_S } from '@freight/domain';

/*
 * The signature of a webhook delivery (issue 18; docs/integrations.md «Вебхуки» prints the same
 * verification for receivers). The signed text is `<timestamp>.<raw body>`: binding the time to
 * the body lets a receiver refuse old deliveries replayed by someone who saw one.
 */

/** The scheme of the signature header: `v1=<hex>`. A later scheme would be sent beside it. */
export const SIGNATURE_SCHEME = 'v1';

/** Hex HMAC-SHA256 of `timestamp + "." + body` under `secret`. */
export function computeSignature(secret: string, timestamp: number | string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** The X-Magistral-Signature value: `v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>`. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `${SIGNATURE_SCHEME}=${computeSignature(secret, timestamp, body)}`;
}

/** The headers of one attempt (timestamp in unix seconds, taken at signing). */
export function deliveryHeaders(input: {
  secret: string;
  event: string;
  eventId: string;
  body: string;
  now: Date;
}): Record<string, string> {
  const timestamp = Math.floor(input.now.getTime() / 1000);
  return {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'Magistral-Webhooks/1.0',
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: signatureHeader(input.secret, timestamp, input.body),
    [WEBHOOK_HEADERS.event]: input.event,
    [WEBHOOK_HEADERS.delivery]: input.eventId,
  };
}

/**
 * What a receiver does with a delivery: true when `header` holds a `v1=` signature of
 * `timestamp.body` under `secret` (compared in constant time) and `timestamp` (unix seconds) is
 * within `toleranceSeconds` of `nowMs`. `body` must be the raw bytes received, not re-serialised
 * JSON. Several comma-separated signatures are accepted if any one matches.
 */
export function verifyWebhookSignature(
  secret: string,
  timestamp: string | undefined,
  body: string | Buffer,
  header: string | undefined,
  toleranceSeconds: number = WEBHOOK_SIGNATURE_TOLERANCE_S,
  nowMs: number = Date.now(),
): boolean {
  if (!timestamp || !header || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(computeSignature(secret, timestamp, body), 'hex');
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${SIGNATURE_SCHEME}=`))
    .some((part) => {
      const hex = part.slice(SIGNATURE_SCHEME.length + 1);
      if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
      return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
    });
}
