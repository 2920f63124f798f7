import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@freight/db';
import {
  WEBHOOK_TIMEOUT_MS,
  cargoStatusLabel,
  nextWebhookAttemptAt,
  webhookEventsOfStatusChange,
  type WebhookDeliveryEvent,
  type WebhookEvent,
} from '@freight/domain';
import type { CargoStatusChanged, InvoiceIssued } from '../jobs/cargo-events';
import type { JobQueue } from '../jobs/job-queue';
import { postWebhook } from './post-webhook';
import type { SecretBox } from './secret-box';
import { deliveryHeaders } from './signature';
import type { Resolver, TargetPolicy } from './url-guard';
import * as repo from './webhooks.repository';

/*
 * Webhook deliveries (issue 18). Two steps on the job queue:
 *
 *  1. fan-out — a status change or an invoice (jobs sent by the back-office's status-change
 *     transaction) becomes one delivery row per active endpoint of the cargo's owner profile that
 *     wants the event, and a `webhooks.deliver` job per row, in one transaction;
 *  2. deliver — one attempt: signed POST, answer recorded; a failure schedules the next attempt
 *     on our own back-off (1, 2, 4 … min, capped at an hour, for 24 h after the first attempt)
 *     as a new job due then. pg-boss's own retries only cover a crash of the handler itself.
 */

export const WEBHOOK_QUEUES = {
  /** From the back-office status change (emitCargoStatusChanged): {@link CargoStatusJob}. */
  cargoStatus: 'webhooks.cargo_status',
  /** From a status change that booked the cargo's charges (emitInvoiceIssued): {@link InvoiceIssuedJob}. */
  invoiceIssued: 'webhooks.invoice_issued',
  /** One attempt of one delivery: {@link DeliverJob}. */
  deliver: 'webhooks.deliver',
} as const;

/**
 * The jobs of the back-office's status change (modules/jobs/cargo-events.ts). Of an invoice only
 * `cargoId` and `at` are read: the УПД's number, dates and total come from the ledger itself.
 */
export type CargoStatusJob = CargoStatusChanged;
export type InvoiceIssuedJob = Pick<InvoiceIssued, 'cargoId' | 'at'> & Partial<InvoiceIssued>;

export interface DeliverJob {
  deliveryId: string;
  /** «Повторить» from the account (the attempt is marked so). */
  manual?: boolean;
}

export type WebhookJobQueue = Pick<JobQueue, 'send' | 'sendMany' | 'wake' | 'work'>;

export interface WebhookDeps {
  db: Database;
  jobs: WebhookJobQueue;
  box: SecretBox;
  policy: TargetPolicy;
  /** The first retry's delay; each next one doubles (WEBHOOK_RETRY_BASE_SECONDS). */
  retryBaseMs: number;
  clock: () => Date;
  log?: FastifyBaseLogger;
  /** DNS for the registration check (tests may pin it); the system resolver by default. */
  resolve?: Resolver;
}

const E = WEBHOOKS_TEXTS.attemptError;

/** An attempt holds its delivery this long (the 10 s deadline and the writing around it). */
const ATTEMPT_LEASE_MS = WEBHOOK_TIMEOUT_MS + 20_000;

/**
 * A uuid that is the same every time for the same event (SHA-256 of `key`, shaped as a version-8
 * uuid): a fan-out run twice, or the same event to two endpoints, carries one id the receiver
 * can de-duplicate by.
 */
export function eventUuid(key: string): string {
  const hash = createHash('sha256').update(`magistral-webhook:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The JSON body of a delivery. */
export function eventPayload(
  eventId: string,
  event: WebhookDeliveryEvent,
  createdAt: Date,
  data: Record<string, unknown>,
): Record<string, unknown> {
  return { id: eventId, event, created_at: createdAt.toISOString(), data };
}

interface PendingEvent {
  event: WebhookEvent;
  eventId: string;
  data: Record<string, unknown>;
}

/** Creates the deliveries of `events` for the profile's subscribed endpoints and queues them. */
async function fanOut(deps: WebhookDeps, profileId: number, events: readonly PendingEvent[]): Promise<number> {
  const now = deps.clock();
  const rows: repo.NewDelivery[] = [];
  for (const pending of events) {
    const endpoints = await repo.listSubscribedEndpoints(deps.db, profileId, pending.event);
    for (const endpoint of endpoints) {
      rows.push({
        endpointId: endpoint.id,
        event: pending.event,
        eventId: pending.eventId,
        payload: eventPayload(pending.eventId, pending.event, now, pending.data),
        createdAt: now,
      });
    }
  }
  if (rows.length === 0) return 0;
  const created = await deps.db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Database;
    const ids = await repo.insertDeliveries(tx, rows);
    await deps.jobs.sendMany(
      WEBHOOK_QUEUES.deliver,
      ids.map((deliveryId): DeliverJob => ({ deliveryId })),
      { tx },
    );
    return ids.length;
  });
  if (created > 0) deps.jobs.wake(WEBHOOK_QUEUES.deliver);
  return created;
}

/**
 * `webhooks.cargo_status`: `cargo.status_changed` for every change, and `cargo.delivered` too
 * when the cargo was released. The data is what the cargo card shows the profile: track number,
 * statuses with their Russian names, time and office.
 */
export async function onCargoStatus(deps: WebhookDeps, job: CargoStatusJob): Promise<number> {
  const cargo = await repo.findCargoOwner(deps.db, job.cargoId);
  if (!cargo?.ownerProfileId) return 0;
  const office = job.officeId === null ? null : await repo.findOffice(deps.db, job.officeId);
  const data = {
    track_number: cargo.trackNumber,
    status: job.to,
    status_label: cargoStatusLabel(job.to),
    previous_status: job.from,
    previous_status_label: cargoStatusLabel(job.from),
    at: new Date(job.at).toISOString(),
    office,
  };
  const events = webhookEventsOfStatusChange(job.to).map((event) => ({
    event,
    eventId: eventUuid(`${event}:${job.historyId}`),
    data,
  }));
  return fanOut(deps, cargo.ownerProfileId, events);
}

/** `webhooks.invoice_issued`: `invoice.issued` with the УПД's number, date, due date and total. */
export async function onInvoiceIssued(deps: WebhookDeps, job: InvoiceIssuedJob): Promise<number> {
  const cargo = await repo.findCargoOwner(deps.db, job.cargoId);
  if (!cargo?.ownerProfileId) return 0;
  const invoice = await repo.findCargoInvoice(deps.db, job.cargoId);
  if (!invoice) return 0;
  return fanOut(deps, cargo.ownerProfileId, [
    {
      event: 'invoice.issued',
      // One УПД per cargo: its number names the event.
      eventId: eventUuid(`invoice.issued:${job.cargoId}:${invoice.documentNumber}`),
      data: {
        track_number: cargo.trackNumber,
        document_number: invoice.documentNumber,
        document_date: invoice.documentDate,
        due_on: invoice.dueOn,
        amount_kopecks: invoice.amountKopecks,
        contract_number: invoice.contractNumber,
        at: new Date(job.at).toISOString(),
      },
    },
  ]);
}

/**
 * `webhooks.deliver`: one attempt of a pending, due delivery. A delivery that is not pending or
 * not due (another job took it, or «Повторить» moved it) is left alone; one of a switched-off
 * endpoint stops. The outcome and the next step are written in one transaction with the job of
 * the next attempt.
 */
export async function deliverOnce(deps: WebhookDeps, job: DeliverJob): Promise<void> {
  const delivery = await repo.findDelivery(deps.db, job.deliveryId);
  if (!delivery || delivery.status !== 'pending') return;
  if (!delivery.endpointActive) {
    await repo.stopDelivery(deps.db, delivery.id, E.endpointDisabled);
    return;
  }
  const startedAt = deps.clock();
  const claim = await repo.claimDelivery(
    deps.db,
    delivery.id,
    startedAt,
    new Date(startedAt.getTime() + ATTEMPT_LEASE_MS),
  );
  if (!claim) return;

  let outcome: Awaited<ReturnType<typeof postWebhook>>;
  let secret: string | null = null;
  try {
    secret = await deps.box.open(delivery.secretEncrypted, delivery.endpointId);
  } catch {
    deps.log?.error({ deliveryId: delivery.id }, 'webhook secret cannot be decrypted (WEBHOOK_SECRET_KEY changed?)');
  }
  if (secret === null) {
    outcome = { ok: false, statusCode: null, response: null, error: E.secretUnreadable, durationMs: 0 };
  } else {
    const body = JSON.stringify(delivery.payload);
    const headers = deliveryHeaders({
      secret,
      event: delivery.event,
      eventId: delivery.eventId,
      body,
      now: startedAt,
    });
    outcome = await postWebhook(delivery.url, headers, body, { policy: deps.policy });
  }

  const finishedAt = deps.clock();
  const next =
    outcome.ok || secret === null
      ? null
      : nextWebhookAttemptAt(claim.firstAttemptAt, claim.attemptCount, finishedAt, deps.retryBaseMs);
  const status = outcome.ok ? 'succeeded' : next ? 'pending' : 'failed';
  await deps.db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Database;
    await repo.recordAttempt(
      tx,
      delivery.id,
      {
        number: claim.attemptCount,
        manual: job.manual === true,
        startedAt,
        statusCode: outcome.statusCode,
        response: outcome.response,
        error: outcome.error,
        durationMs: outcome.durationMs,
      },
      { status, nextAttemptAt: next, deliveredAt: outcome.ok ? finishedAt : null },
    );
    if (next) {
      await deps.jobs.send(WEBHOOK_QUEUES.deliver, { deliveryId: delivery.id } satisfies DeliverJob, {
        tx,
        startAfter: next,
      });
    }
  });
}

/** Queues a delivery's attempt now (the test event, «Повторить»). */
export async function queueAttempt(deps: WebhookDeps, deliveryId: string, manual: boolean): Promise<void> {
  await deps.jobs.send(WEBHOOK_QUEUES.deliver, { deliveryId, ...(manual ? { manual } : {}) } satisfies DeliverJob);
}

/** A pending delivery overdue by this much has lost its job. */
const STALLED_AFTER_MS = 5 * 60_000;

/**
 * Sends a new attempt job for pending deliveries overdue by five minutes — those whose job was
 * lost with a process that died mid-attempt — and for finished ones that no longer need
 * keeping, deletes those older than `keepDays`. Run it from a periodic timer (server.ts, hourly).
 */
export async function maintainDeliveries(
  deps: WebhookDeps,
  keepDays = 30,
): Promise<{ requeued: number; purged: number }> {
  const now = deps.clock().getTime();
  const stalled = await repo.listStalledDeliveries(deps.db, new Date(now - STALLED_AFTER_MS), 500);
  for (const deliveryId of stalled) await queueAttempt(deps, deliveryId, false);
  const purged = await repo.purgeDeliveries(deps.db, new Date(now - keepDays * 86_400_000));
  return { requeued: stalled.length, purged };
}

/**
 * The webhook workers on the job queue. Call before the app is ready (JobQueue.work declares the
 * queues, so the back-office's `send` to them is accepted).
 */
export function registerWebhookWorkers(jobs: WebhookJobQueue, deps: WebhookDeps): void {
  jobs.work<CargoStatusJob>(WEBHOOK_QUEUES.cargoStatus, async (job) => {
    await onCargoStatus(deps, job.data);
  });
  jobs.work<InvoiceIssuedJob>(WEBHOOK_QUEUES.invoiceIssued, async (job) => {
    await onInvoiceIssued(deps, job.data);
  });
  // The attempt schedule is ours (deliverOnce); pg-boss retries only a handler that threw (the database).
  jobs.work<DeliverJob>(WEBHOOK_QUEUES.deliver, (job) => deliverOnce(deps, job.data), {
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
  });
}
