'use client';

// Deep and type-only imports keep zod and the schemas out of the browser bundle.
import { API_PATHS } from '@freight/contracts/paths';
import type { ClientProfile } from '@freight/contracts/identity';
import type { TeamInvitation, TeamMember } from '@freight/contracts/team';
import type { InvitableRole } from '@freight/domain/team';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError, apiFetch } from '@/lib/api/client';

const q = encodeURIComponent;

/**
 * Browser calls of the team of a company profile. State-changing calls go same-origin with the
 * session cookie; the browser's Sec-Fetch-Site/Origin satisfy the API's CSRF rule (decision 004).
 */
export const teamApi = {
  invite: (body: { account_uuid: string; contact: string; role: InvitableRole }) =>
    apiFetch<TeamInvitation>(API_PATHS.teamInvitations, { method: 'POST', json: body }),
  revoke: (id: string) => apiFetch<{ ok: true }>(`${API_PATHS.teamInvitations}?id=${q(id)}`, { method: 'DELETE' }),
  changeRole: (body: { account_uuid: string; user_id: number; role: InvitableRole }) =>
    apiFetch<TeamMember>(API_PATHS.teamMember, { method: 'PUT', json: body }),
  /** Removes a member; with one's own id, leaves the team. */
  remove: (accountUuid: string, userId: number) =>
    apiFetch<{ ok: true }>(`${API_PATHS.teamMember}?account_uuid=${q(accountUuid)}&user_id=${userId}`, {
      method: 'DELETE',
    }),
  accept: (token: string) => apiFetch<ClientProfile>(API_PATHS.teamAccept, { method: 'POST', json: { token } }),
};

/** The Russian message of a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON_TEXTS.internalError;
}
