import 'server-only';
import { API_PATHS } from '@freight/contracts/paths';
import { UserInfoSchema, type UserInfo } from '@freight/contracts/identity';
import { cache } from 'react';
import { apiGet, ApiStatusError } from './server';

/**
 * Who is signed in, as the API says (GET user/get_user_info):
 * `signed-in` with the user; `anonymous` when it answers 4xx (no session, 401);
 * `unknown` when it cannot be reached, answers 5xx or is slower than 3 s.
 */
export type CurrentUser = { status: 'signed-in'; user: UserInfo } | { status: 'anonymous' } | { status: 'unknown' };

async function fetchCurrentUser(): Promise<CurrentUser> {
  try {
    return { status: 'signed-in', user: await apiGet(API_PATHS.userInfo, UserInfoSchema, { timeoutMs: 3_000 }) };
  } catch (error) {
    return error instanceof ApiStatusError ? { status: 'anonymous' } : { status: 'unknown' };
  }
}

/**
 * The one way server components learn who is signed in. React's `cache()` makes it one API call
 * per request however many components ask (the shell's header and the page, e.g. /order), and
 * never shares an answer between two requests or two visitors.
 */
export const getCurrentUser = cache(fetchCurrentUser);
