'use client';

// Deep imports keep zod and the schemas out of the browser bundle.
import { API_PATHS } from '@freight/contracts/paths';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError, apiFetch } from '@/lib/api/client';

/**
 * Accepts an offer. The spec makes it a GET (/user/take_offer?offer_id); the API accepts it
 * only from our own pages, which a same-origin fetch proves by the browser's Sec-Fetch-Site
 * header, and taking an offer twice is harmless. Resolves with the acceptance time: the one in
 * the answer when it carries one (the offer), else now.
 */
export async function takeOffer(offerId: number): Promise<string> {
  const answer = await apiFetch<unknown>(`${API_PATHS.takeOffer}?offer_id=${offerId}`, {
    credentials: 'same-origin',
    cache: 'no-store',
  });
  const acceptedAt =
    typeof answer === 'object' && answer !== null ? (answer as { accepted_at?: unknown }).accepted_at : undefined;
  return typeof acceptedAt === 'string' ? acceptedAt : new Date().toISOString();
}

/** The Russian message of a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON_TEXTS.internalError;
}
