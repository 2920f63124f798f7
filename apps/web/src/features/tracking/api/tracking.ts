import 'server-only';
import { API_PATHS, TrackingResponseSchema, type TrackingResponse } from '@freight/contracts';
import { apiGet, ApiStatusError } from '@/lib/api/server';

export type TrackingLookup =
  { kind: 'found'; cargo: TrackingResponse } | { kind: 'not_found' } | { kind: 'rate_limited' };

/**
 * Public tracking of one cargo, on behalf of the visitor (the owner gets everything, anyone else
 * masked names and phones). 404 and 429 are answers the page explains; the API being down
 * throws ApiUnavailableError to the error boundary.
 */
export async function lookupCargo(trackNumber: string): Promise<TrackingLookup> {
  try {
    const cargo = await apiGet(`${API_PATHS.tracking}/${encodeURIComponent(trackNumber)}`, TrackingResponseSchema);
    return { kind: 'found', cargo };
  } catch (error) {
    if (error instanceof ApiStatusError && error.status === 404) return { kind: 'not_found' };
    if (error instanceof ApiStatusError && error.status === 429) return { kind: 'rate_limited' };
    throw error;
  }
}
