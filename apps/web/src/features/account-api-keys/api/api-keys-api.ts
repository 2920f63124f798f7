'use client';

// Deep and type-only imports keep zod and the schemas out of the browser bundle.
import type { CreatedApiKey } from '@freight/contracts/api-keys';
import { API_PATHS } from '@freight/contracts/paths';
import type { ApiKeyScope } from '@freight/domain/api-keys';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError, apiFetch } from '@/lib/api/client';

/**
 * Browser calls of a profile's API keys. They go same-origin with the session cookie; the
 * browser's Sec-Fetch-Site/Origin satisfy the API's CSRF rule (decision 004).
 */
export const apiKeysApi = {
  create: (body: { account_uuid: string; name: string; scopes: ApiKeyScope[] }) =>
    apiFetch<CreatedApiKey>(API_PATHS.apiKeys, { method: 'POST', json: body }),
  revoke: (id: string) =>
    apiFetch<{ ok: true }>(`${API_PATHS.apiKeys}?id=${encodeURIComponent(id)}`, { method: 'DELETE' }),
};

/** The Russian message of a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON_TEXTS.internalError;
}
