import 'server-only';
import { API_PATHS, ManagerListSchema, type ManagerList } from '@freight/contracts';
import { apiGet, ApiStatusError } from '@/lib/api/server';

/**
 * The personal managers of the user's profiles (GET /user/managers), read on the visitor's behalf.
 * A refusal is `{ kind: 'refused' }` (the page says so); the API being down throws to the error
 * boundary.
 */
export async function loadManagers(): Promise<{ kind: 'ok'; list: ManagerList } | { kind: 'refused'; status: number }> {
  try {
    return { kind: 'ok', list: await apiGet(API_PATHS.managers, ManagerListSchema) };
  } catch (error) {
    if (error instanceof ApiStatusError) return { kind: 'refused', status: error.status };
    throw error;
  }
}
