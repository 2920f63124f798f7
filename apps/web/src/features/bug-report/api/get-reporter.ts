'use client';

import { SHELL_PATHS } from '@freight/contracts/shell-paths';
import type { BugReportUser } from '@freight/domain/bug-report';

/**
 * Who is about to send a report: the signed-in user from GET user/get_user_info when it answers
 * with a verified user, else null (an anonymous visitor, or a user who is not verified yet, fills
 * in a contact and consent). Plain fetch on purpose: a 401 here only means "anonymous" and must
 * not trigger a new anonymous token. Never throws.
 */
export async function getReporter(signal?: AbortSignal): Promise<BugReportUser | null> {
  try {
    const response = await fetch(SHELL_PATHS.userInfo, {
      credentials: 'include',
      cache: 'no-store',
      headers: { accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) return null;
    const data = (await response.json()) as Record<string, unknown>;
    const body = (typeof data.user === 'object' && data.user !== null ? data.user : data) as Record<string, unknown>;
    if (body.is_verified !== true) return null;
    return {
      is_verified: true,
      phone: typeof body.phone === 'string' ? body.phone : null,
      email: typeof body.email === 'string' ? body.email : null,
    };
  } catch {
    return null;
  }
}
