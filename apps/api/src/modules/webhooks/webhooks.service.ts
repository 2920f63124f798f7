import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import { randomBytes, randomUUID } from 'node:crypto';
import type {
  CreatedWebhook,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookList,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import {
  WEBHOOK_MAX_ENDPOINTS,
  getDisplayName,
  isWebhookEvent,
  webhookDeliveryStatusLabel,
  webhookEventLabel,
  type WebhookDeliveryEvent,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { requireVerifiedUser } from '../auth/auth-core';
import type { SessionRow } from '../auth/session.repository';
import { findMembership } from '../profiles/profiles.repository';
import { requireMembership, requirePermission } from '../profiles/profiles.service';
import { assertWebhookTarget } from './url-guard';
import { eventPayload, queueAttempt, type WebhookDeps } from './webhooks.delivery';
import * as repo from './webhooks.repository';

/*
 * The account's side of webhooks (issue 18, docs/integrations.md «Вебхуки»): members with
 * `integrations.manage` list, add, change and delete the addresses of a profile, send a test
 * event, read the deliveries and «Повторить» one. A record of a profile the caller is not a member
 * of is 404, as one that does not exist; a member without the permission gets 403.
 */

const W = WEBHOOKS_TEXTS;

/** Deliveries per page of the list. */
export const DELIVERIES_PAGE_SIZE = 20;
/** Attempts shown with each delivery (the latest ones). */
export const ATTEMPTS_SHOWN = 10;

const endpointNotFound = () => new AppError('NOT_FOUND', 404, W.endpointNotFound, { id: W.endpointNotFound });
const deliveryNotFound = () => new AppError('NOT_FOUND', 404, W.deliveryNotFound, { id: W.deliveryNotFound });

/** A new signing secret: `whsec_` and 32 random bytes in base64url (256 bits). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function toEndpoint(row: repo.EndpointListRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events.filter(isWebhookEvent),
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    created_by:
      row.createdByUserId === null ? null : getDisplayName({ id: row.createdByUserId, name: row.creatorName }),
    disabled_at: row.disabledAt?.toISOString() ?? null,
  };
}

/** The caller's membership in the profile of `accountUuid`, allowed to manage integrations (401, 404, 403). */
async function requireManager(deps: WebhookDeps, session: SessionRow | null, accountUuid: string) {
  const user = await requireVerifiedUser(deps.db, session);
  const membership = requirePermission(await requireMembership(deps.db, user.id, accountUuid), 'integrations.manage');
  return { user, membership };
}

/** An endpoint of a profile the caller manages integrations of (401, 404 for anyone else's, 403). */
async function requireOwnEndpoint(deps: WebhookDeps, session: SessionRow | null, id: string) {
  const user = await requireVerifiedUser(deps.db, session);
  const row = await repo.findEndpoint(deps.db, id);
  const membership = row ? await findMembership(deps.db, user.id, row.profileId) : null;
  if (!row || !membership) throw endpointNotFound();
  requirePermission(membership, 'integrations.manage');
  return row;
}

/** GET /user/webhooks?account_uuid */
export async function listEndpoints(
  deps: WebhookDeps,
  session: SessionRow | null,
  accountUuid: string,
): Promise<WebhookList> {
  const { membership } = await requireManager(deps, session, accountUuid);
  const rows = await repo.listEndpoints(deps.db, membership.profileId);
  return {
    account_uuid: membership.accountUuid,
    endpoints: rows.map(toEndpoint),
    max_endpoints: WEBHOOK_MAX_ENDPOINTS,
  };
}

/**
 * POST /user/webhooks: checks where the address leads (https, a public address — 400 otherwise),
 * stores it with a new secret (encrypted) and answers the secret this once. 409 beyond
 * WEBHOOK_MAX_ENDPOINTS addresses per profile (counted under a lock on the profile).
 */
export async function createEndpoint(
  deps: WebhookDeps,
  session: SessionRow | null,
  input: { account_uuid: string; url: string; events: WebhookEvent[] },
): Promise<CreatedWebhook> {
  const { user, membership } = await requireManager(deps, session, input.account_uuid);
  await assertWebhookTarget(input.url, deps.policy, deps.resolve);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const secretEncrypted = await deps.box.seal(secret, id);
  const row = await deps.db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Database;
    await repo.lockProfile(tx, membership.profileId);
    if ((await repo.countEndpoints(tx, membership.profileId)) >= WEBHOOK_MAX_ENDPOINTS) {
      throw new AppError('WEBHOOKS_LIMIT', 409, W.tooManyEndpoints);
    }
    return repo.insertEndpoint(tx, {
      id,
      profileId: membership.profileId,
      url: input.url,
      events: input.events,
      secretEncrypted,
      createdByUserId: user.id,
      createdAt: deps.clock(),
    });
  });
  return { endpoint: toEndpoint({ ...row, creatorName: user.name }), secret };
}

/**
 * PATCH /user/webhooks/endpoint?id: new events and/or on/off. Switching off stops the pending
 * deliveries at their next attempt; new events apply to events that happen from now on.
 */
export async function updateEndpoint(
  deps: WebhookDeps,
  session: SessionRow | null,
  id: string,
  change: { events?: WebhookEvent[] | undefined; is_active?: boolean | undefined },
): Promise<WebhookEndpoint> {
  const row = await requireOwnEndpoint(deps, session, id);
  const next: { events?: WebhookEvent[]; isActive?: boolean; disabledAt?: Date | null } = {};
  if (change.events) next.events = change.events;
  if (change.is_active !== undefined && change.is_active !== row.isActive) {
    next.isActive = change.is_active;
    next.disabledAt = change.is_active ? null : deps.clock();
  }
  if (Object.keys(next).length > 0) await repo.updateEndpoint(deps.db, row.id, next);
  return toEndpoint((await repo.findEndpoint(deps.db, row.id))!);
}

/** DELETE /user/webhooks/endpoint?id: the address, its deliveries and their attempts go. */
export async function deleteEndpoint(deps: WebhookDeps, session: SessionRow | null, id: string): Promise<void> {
  const row = await requireOwnEndpoint(deps, session, id);
  await repo.deleteEndpoint(deps.db, row.id);
}

/** POST /user/webhooks/ping: a test event to one active address (409 when it is switched off). */
export async function pingEndpoint(
  deps: WebhookDeps,
  session: SessionRow | null,
  id: string,
): Promise<WebhookDelivery> {
  const row = await requireOwnEndpoint(deps, session, id);
  if (!row.isActive) throw new AppError('WEBHOOK_DISABLED', 409, W.endpointDisabled);
  const now = deps.clock();
  const eventId = randomUUID();
  const [deliveryId] = await repo.insertDeliveries(deps.db, [
    {
      endpointId: row.id,
      event: 'ping',
      eventId,
      payload: eventPayload(eventId, 'ping', now, { message: W.pingMessage, endpoint_id: row.id }),
      createdAt: now,
    },
  ]);
  await queueAttempt(deps, deliveryId!, false);
  const delivery = (await repo.findDelivery(deps.db, deliveryId!))!;
  return toDelivery(delivery, [], row.isActive);
}

function toDelivery(
  row: repo.DeliveryRow,
  attempts: readonly repo.AttemptRow[],
  endpointActive: boolean,
): WebhookDelivery {
  const status = row.status as WebhookDeliveryStatus;
  const event = row.event as WebhookDeliveryEvent;
  return {
    id: row.id,
    event,
    event_label: webhookEventLabel(event),
    event_id: row.eventId,
    status,
    status_label: webhookDeliveryStatusLabel(status),
    attempt_count: row.attemptCount,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    next_attempt_at: status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    last_status_code: row.lastStatusCode,
    last_response: row.lastResponse,
    last_error: row.lastError,
    duration_ms: row.durationMs,
    can_retry: status !== 'succeeded' && endpointActive,
    attempts: attempts.map((a) => ({
      number: a.number,
      manual: a.manual,
      at: a.startedAt.toISOString(),
      status_code: a.statusCode,
      response: a.response,
      error: a.error,
      duration_ms: a.durationMs,
    })),
  };
}

/** GET /user/webhooks/deliveries?endpoint_id&page: newest first, each with its latest attempts. */
export async function listDeliveries(
  deps: WebhookDeps,
  session: SessionRow | null,
  endpointId: string,
  page: number,
): Promise<WebhookDeliveryPage> {
  const endpoint = await requireOwnEndpoint(deps, session, endpointId);
  const { rows, total } = await repo.listDeliveries(deps.db, endpoint.id, page, DELIVERIES_PAGE_SIZE);
  const attempts = await repo.listAttempts(
    deps.db,
    rows.map((row) => row.id),
    ATTEMPTS_SHOWN,
  );
  const byDelivery = new Map<string, repo.AttemptRow[]>();
  for (const attempt of attempts) {
    byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
  }
  return {
    endpoint_id: endpoint.id,
    deliveries: rows.map((row) => toDelivery(row, byDelivery.get(row.id) ?? [], endpoint.isActive)),
    page,
    page_size: DELIVERIES_PAGE_SIZE,
    total,
  };
}

/**
 * POST /user/webhooks/deliveries/retry: «Повторить» — a failed or pending delivery is tried again
 * now, as a new job. If that attempt fails too, the schedule goes on while the first attempt is
 * under 24 h old; after that the delivery is failed again. Delivered: 409; address off: 409.
 */
export async function retryDelivery(
  deps: WebhookDeps,
  session: SessionRow | null,
  id: string,
): Promise<WebhookDelivery> {
  const user = await requireVerifiedUser(deps.db, session);
  const delivery = await repo.findDelivery(deps.db, id);
  const membership = delivery ? await findMembership(deps.db, user.id, delivery.profileId) : null;
  if (!delivery || !membership) throw deliveryNotFound();
  requirePermission(membership, 'integrations.manage');
  if (delivery.status === 'succeeded') throw new AppError('WEBHOOK_DELIVERED', 409, W.alreadyDelivered);
  if (!delivery.endpointActive) throw new AppError('WEBHOOK_DISABLED', 409, W.endpointDisabled);
  await repo.makeDueNow(deps.db, delivery.id, deps.clock());
  await queueAttempt(deps, delivery.id, true);
  const fresh = (await repo.findDelivery(deps.db, delivery.id))!;
  return toDelivery(fresh, await repo.listAttempts(deps.db, [fresh.id], ATTEMPTS_SHOWN), fresh.endpointActive);
}
