import 'server-only';
import { API_PATHS, InvitationInfoSchema, TeamSchema, type InvitationInfo, type Team } from '@freight/contracts';
import { MESSAGES } from '@freight/domain/messages';
import { apiGet, ApiStatusError } from '@/lib/api/server';

const T = MESSAGES.team;

/**
 * The team of a company profile, read on the visitor's behalf. A refusal (403 for a member
 * without team.manage, 404, 409 for a personal profile) is `{ kind: 'refused' }`; the API being
 * down throws to the error boundary.
 */
export async function loadTeam(
  accountUuid: string,
): Promise<{ kind: 'ok'; team: Team } | { kind: 'refused'; status: number }> {
  try {
    return {
      kind: 'ok',
      team: await apiGet(`${API_PATHS.team}?account_uuid=${encodeURIComponent(accountUuid)}`, TeamSchema),
    };
  } catch (error) {
    if (error instanceof ApiStatusError) return { kind: 'refused', status: error.status };
    throw error;
  }
}

/** What the API's refusal of an invitation means, in the words of MESSAGES.team. */
function invitationRefusal(status: number): string {
  if (status === 410) return T.invitationExpired;
  if (status === 409) return T.invitationUsed;
  return T.invitationNotFound;
}

/**
 * The invitation of a link token for the signed-in visitor: `{ kind: 'ok' }`, or the Russian
 * reason it cannot be accepted (unknown or revoked, used, expired).
 */
export async function loadInvitation(
  token: string,
): Promise<{ kind: 'ok'; invitation: InvitationInfo } | { kind: 'refused'; status: number; message: string }> {
  try {
    return {
      kind: 'ok',
      invitation: await apiGet(`${API_PATHS.teamInvitation}?token=${encodeURIComponent(token)}`, InvitationInfoSchema),
    };
  } catch (error) {
    if (error instanceof ApiStatusError) {
      return { kind: 'refused', status: error.status, message: invitationRefusal(error.status) };
    }
    throw error;
  }
}
