import 'server-only';
import { API_PATHS, ApiKeyListSchema, type ApiKeyList } from '@freight/contracts';
import { apiGet, ApiStatusError } from '@/lib/api/server';

/**
 * The API keys of a profile, read on the visitor's behalf. A refusal (403 without
 * integrations.manage, 404) is `{ kind: 'refused' }`; the API being down throws to the error boundary.
 */
export async function loadApiKeys(
  accountUuid: string,
): Promise<{ kind: 'ok'; list: ApiKeyList } | { kind: 'refused'; status: number }> {
  try {
    return {
      kind: 'ok',
      list: await apiGet(`${API_PATHS.apiKeys}?account_uuid=${encodeURIComponent(accountUuid)}`, ApiKeyListSchema),
    };
  } catch (error) {
    if (error instanceof ApiStatusError) return { kind: 'refused', status: error.status };
    throw error;
  }
}
