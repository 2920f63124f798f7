import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_RETRY_WINDOW_MS,
  nextWebhookAttemptAt,
  webhookEventLabel,
  webhookEventsOfStatusChange,
  webhookRetryDelayMs,
} from './webhooks';

const MIN = 60_000;

describe('webhook retries', () => {
  it.each([
    [1, 1 * MIN],
    [2, 2 * MIN],
    [3, 4 * MIN],
    [6, 32 * MIN],
    [7, 60 * MIN],
    [20, 60 * MIN],
    [500, 60 * MIN],
  ])('after %i failed attempts the next waits %i ms', (failed, wait) => {
    expect(webhookRetryDelayMs(failed)).toBe(wait);
  });

  it('scales with the base (tests, WEBHOOK_RETRY_BASE_SECONDS)', () => {
    expect([1, 2, 3, 9].map((n) => webhookRetryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 60_000]);
  });

  it('stops 24 h after the first attempt', () => {
    const first = new Date('2026-05-15T00:00:00Z');
    const inside = new Date(first.getTime() + WEBHOOK_RETRY_WINDOW_MS - 61 * MIN);
    expect(nextWebhookAttemptAt(first, 20, inside)).toEqual(new Date(inside.getTime() + 60 * MIN));
    const late = new Date(first.getTime() + WEBHOOK_RETRY_WINDOW_MS - 59 * MIN);
    expect(nextWebhookAttemptAt(first, 20, late)).toBeNull();
  });

  it('a day of failures is about 29 attempts', () => {
    const first = new Date('2026-05-15T00:00:00Z');
    let now = first;
    let attempts = 1;
    for (;;) {
      const next = nextWebhookAttemptAt(first, attempts, now);
      if (!next) break;
      now = next;
      attempts += 1;
    }
    expect(attempts).toBe(29);
  });
});

describe('webhook events', () => {
  it.each([
    ['accepted', ['cargo.status_changed']],
    ['out_for_delivery', ['cargo.status_changed']],
    ['released', ['cargo.status_changed', 'cargo.delivered']],
    ['cancelled', ['cargo.status_changed']],
  ] as const)('a change to %s raises %j', (status, events) => {
    expect(webhookEventsOfStatusChange(status)).toEqual(events);
  });

  it('have Russian names', () => {
    expect(webhookEventLabel('invoice.issued')).toBe('Выставлен счёт');
    expect(webhookEventLabel('cargo.delivered')).toBe('Груз выдан');
  });
});
