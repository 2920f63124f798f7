'use client';

// Deep and type-only imports keep zod and the schemas out of the browser bundle.
import { API_PATHS } from '@freight/contracts/paths';
import type {
  CreatedWebhook,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
} from '@freight/contracts/webhooks';
import type { WebhookEvent } from '@freight/domain/webhooks';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError, apiFetch } from '@/lib/api/client';

const q = encodeURIComponent;

/**
 * Browser calls of the webhooks of a profile. State-changing calls go same-origin with the
 * session cookie; the browser's Sec-Fetch-Site/Origin satisfy the API's CSRF rule (decision 004).
 */
export const webhooksApi = {
  create: (body: { account_uuid: string; url: string; events: WebhookEvent[] }) =>
    apiFetch<CreatedWebhook>(API_PATHS.webhooks, { method: 'POST', json: body }),
  update: (id: string, body: { events?: WebhookEvent[]; is_active?: boolean }) =>
    apiFetch<WebhookEndpoint>(`${API_PATHS.webhookEndpoint}?id=${q(id)}`, { method: 'PATCH', json: body }),
  remove: (id: string) => apiFetch<{ ok: true }>(`${API_PATHS.webhookEndpoint}?id=${q(id)}`, { method: 'DELETE' }),
  ping: (id: string) => apiFetch<WebhookDelivery>(API_PATHS.webhookPing, { method: 'POST', json: { id } }),
  deliveries: (endpointId: string, page: number) =>
    apiFetch<WebhookDeliveryPage>(`${API_PATHS.webhookDeliveries}?endpoint_id=${q(endpointId)}&page=${page}`),
  retry: (id: string) => apiFetch<WebhookDelivery>(API_PATHS.webhookRetry, { method: 'POST', json: { id } }),
};

/** The Russian message of a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON_TEXTS.internalError;
}
