import 'server-only';
import { API_PATHS, WebhookListSchema, type WebhookList } from '@freight/contracts';
import { apiGet, ApiStatusError } from '@/lib/api/server';

/**
 * The webhook addresses of a profile, read on the visitor's behalf. A refusal (403 for a member
 * without integrations.manage, 404) is `{ kind: 'refused' }`; the API being down throws to the
 * error boundary.
 */
export async function loadWebhooks(
  accountUuid: string,
): Promise<{ kind: 'ok'; list: WebhookList } | { kind: 'refused'; status: number }> {
  try {
    return {
      kind: 'ok',
      list: await apiGet(`${API_PATHS.webhooks}?account_uuid=${encodeURIComponent(accountUuid)}`, WebhookListSchema),
    };
  } catch (error) {
    if (error instanceof ApiStatusError) return { kind: 'refused', status: error.status };
    throw error;
  }
}
