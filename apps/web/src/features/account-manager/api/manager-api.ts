'use client';

// Deep and type-only imports keep zod and the schemas out of the browser bundle.
import { API_PATHS } from '@freight/contracts/paths';
import type { ManagerRating } from '@freight/contracts/commercial';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError, apiFetch } from '@/lib/api/client';

/** The body of POST /user/duty_manager_rating/ as sent (ManagerRatingRequestSchema's input). */
export interface ManagerRatingBody {
  account_uuid: string;
  manager_id: number;
  rating: number;
  comment?: string;
}

/**
 * Browser calls of the manager screen. The POST goes same-origin with the session cookie; the
 * browser's Sec-Fetch-Site/Origin satisfy the API's CSRF rule (decision 004).
 */
export const managerApi = {
  /** POST /user/duty_manager_rating/: once per calendar month (409 otherwise, with the API's message). */
  rate: (body: ManagerRatingBody) => apiFetch<ManagerRating>(API_PATHS.managerRating, { method: 'POST', json: body }),
};

/** The Russian message of a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON_TEXTS.internalError;
}
