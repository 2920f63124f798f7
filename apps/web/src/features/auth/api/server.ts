import 'server-only';
import { cache } from 'react';
import { API_PATHS, ProfileSchema, SessionListSchema, type Profile, type SessionInfo } from '@freight/contracts';
import { ApiUnavailableError, apiGet } from '@/lib/api/server';

/**
 * The signed-in user's profile, or null for an anonymous visitor (401). API outages still throw.
 * Once per request: the account's layout and its page both ask.
 */
export const loadProfile = cache(async (): Promise<Profile | null> => {
  try {
    return await apiGet(API_PATHS.profile, ProfileSchema);
  } catch (error) {
    if (error instanceof ApiUnavailableError) throw error;
    return null;
  }
});

export async function loadSessions(): Promise<SessionInfo[]> {
  return apiGet(API_PATHS.sessions, SessionListSchema);
}
