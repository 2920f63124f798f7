import 'server-only';
import {
  API_PATHS,
  AccessRequestListSchema,
  AccessRequestSchema,
  type AccessRequest,
  type AccessRequestList,
} from '@freight/contracts';
import { apiGet, ApiStatusError } from '@/lib/api/server';

/**
 * The signed-in user's requests, newest first (GET user_requests), or null when the API refused
 * (the session ended meanwhile): the page says so instead of failing. The API being down throws.
 */
export async function loadAccessRequests(): Promise<AccessRequestList | null> {
  try {
    return await apiGet(API_PATHS.userAccessRequests, AccessRequestListSchema);
  } catch (error) {
    if (error instanceof ApiStatusError) return null;
    throw error;
  }
}

/**
 * One of the user's requests with its files, or null: the API answers 404 alike for an unknown
 * id and someone else's. The API being down throws.
 */
export async function loadAccessRequest(id: string): Promise<AccessRequest | null> {
  try {
    return await apiGet(`${API_PATHS.accessRequest}?request_id=${encodeURIComponent(id)}`, AccessRequestSchema);
  } catch (error) {
    if (error instanceof ApiStatusError) return null;
    throw error;
  }
}
