import { WEBHOOKS_TEXTS } from './texts/webhooks';
import type { CargoStatus } from './cargo-status';

/*
 * Webhooks (issue 18): a client profile registers an https address and the events it wants; each
 * event is POSTed there as signed JSON and retried with exponential back-off for a day. The HTTP
 * side (signing, the address guard, delivery) lives in apps/api/src/modules/webhooks; these are
 * the rules the API, the web and the docs share.
 */

/** Events a client may subscribe to, in display order. */
export const WEBHOOK_EVENTS = ['cargo.status_changed', 'cargo.delivered', 'invoice.issued'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Every event a delivery may carry: the subscribable ones and «ping», the test event sent on request. */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, 'ping'] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** The Russian name of an event: `invoice.issued` → «Выставлен счёт». */
export function webhookEventLabel(event: WebhookDeliveryEvent): string {
  return WEBHOOKS_TEXTS.events[event].label;
}

/**
 * The status that means the cargo reached its recipient (`cargo.delivered`): «Выдан». A cargo
 * handed out at the door passes `out_for_delivery` first; either way the last step is `released`.
 */
export const WEBHOOK_DELIVERED_STATUS: CargoStatus = 'released';

/** The events a status change raises: always `cargo.status_changed`, and `cargo.delivered` on release. */
export function webhookEventsOfStatusChange(to: CargoStatus): WebhookEvent[] {
  return to === WEBHOOK_DELIVERED_STATUS ? ['cargo.status_changed', 'cargo.delivered'] : ['cargo.status_changed'];
}

/** The longest address accepted, in characters (after trimming). */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** Addresses one profile may register. */
export const WEBHOOK_MAX_ENDPOINTS = 10;

/** Delivery statuses: waiting for an attempt (or between attempts), answered 2xx, given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export function webhookDeliveryStatusLabel(status: WebhookDeliveryStatus): string {
  return WEBHOOKS_TEXTS.deliveryStatus[status];
}

/** HTTP headers of a delivery. Node lower-cases them on the receiving side. */
export const WEBHOOK_HEADERS = {
  /** Unix time in seconds when the attempt was signed. */
  timestamp: 'X-Magistral-Timestamp',
  /** `v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>`. */
  signature: 'X-Magistral-Signature',
  /** The event name, e.g. `cargo.status_changed`. */
  event: 'X-Magistral-Event',
  /** The event id (uuid): the same on every attempt and every retry, for the receiver to drop repeats. */
  delivery: 'X-Magistral-Delivery',
} as const;

/** A receiver should refuse a timestamp further than this from its own clock (replays), seconds. */
export const WEBHOOK_SIGNATURE_TOLERANCE_S = 300;

/** The receiver must answer within this time, or the attempt failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How much of the receiver's answer is kept for the account's delivery list, bytes. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;

/** The first retry comes this long after the first failed attempt; each next one waits twice as long. */
export const WEBHOOK_RETRY_BASE_MS = 60_000;

/** No wait between attempts is longer than this many times the base (1 h at the default base). */
export const WEBHOOK_RETRY_MAX_FACTOR = 60;

/** Retries stop this long after the first attempt: the delivery is then «Не доставлено». */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;

/**
 * The wait before the next attempt after `failedAttempts` failed ones (≥ 1): base × 2^(n−1),
 * capped at {@link WEBHOOK_RETRY_MAX_FACTOR} × base — 1, 2, 4, 8, 16, 32 min, then hourly at the
 * default base of one minute.
 */
export function webhookRetryDelayMs(failedAttempts: number, baseMs: number = WEBHOOK_RETRY_BASE_MS): number {
  const exponent = Math.max(0, Math.min(failedAttempts - 1, 30));
  return Math.min(baseMs * 2 ** exponent, baseMs * WEBHOOK_RETRY_MAX_FACTOR);
}

/**
 * When to try again after the attempt that ended at `now` failed, or null when that would be past
 * the retry window (24 h after `firstAttemptAt`): the delivery has then failed for good.
 */
export function nextWebhookAttemptAt(
  firstAttemptAt: Date,
  failedAttempts: number,
  now: Date,
  baseMs: number = WEBHOOK_RETRY_BASE_MS,
): Date | null {
  const next = new Date(now.getTime() + webhookRetryDelayMs(failedAttempts, baseMs));
  return next.getTime() - firstAttemptAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : next;
}
