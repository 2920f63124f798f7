import type { RequestCreateResponse } from '@freight/contracts/orders';

/**
 * The answer of request_create, kept in sessionStorage for the confirmation page under
 * `magistral.orderCreated` (the price lines and where the notification went are only in it).
 */
export const CREATED_STORAGE_KEY = 'magistral.orderCreated';

export function stashCreated(created: RequestCreateResponse): void {
  try {
    window.sessionStorage.setItem(CREATED_STORAGE_KEY, JSON.stringify(created));
  } catch {
    // the confirmation page falls back to get_current_cargo
  }
}

/** The stashed answer for `trackNumber`, or null. */
export function readCreated(trackNumber: string): RequestCreateResponse | null {
  try {
    const raw = window.sessionStorage.getItem(CREATED_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as RequestCreateResponse;
    return parsed && parsed.track_number === trackNumber ? parsed : null;
  } catch {
    return null;
  }
}
