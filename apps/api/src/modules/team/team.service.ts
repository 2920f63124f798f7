import type {
  ChangeMemberRoleRequestSchema,
  ClientProfile,
  CreateInvitationRequestSchema,
  InvitationInfo,
  Team,
  TeamInvitation,
  TeamMember,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import {
  INVITATION_TTL_MS,
  MESSAGES,
  TEAM_MAX_MEMBERS,
  getDisplayName,
  isInvitableRole,
  isProfileRole,
  maskEmail,
  maskPhone,
  roleLabel,
  type InvitableRole,
} from '@freight/domain';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { asDb, requireUser, tooMany, type Caller, type IdentityDeps } from '../auth/auth-core';
import { generateToken, hashToken } from '../auth/session.service';
import { enqueueCappedEmail, type SmsOutcome } from '../messaging/sms-policy';
import { findMembership, setActiveProfile } from '../profiles/profiles.repository';
import { requireMembership, requirePermission, toClientProfile, type Membership } from '../profiles/profiles.service';
import * as repo from './team.repository';

/*
 * Team members of a company profile (issue 15). The owner and administrators (permission
 * `team.manage`) see the team, invite colleagues by phone or e-mail, change roles and remove
 * members; anyone may leave. The invited person opens the link signed in and joins when the
 * invitation's contact is their own phone or confirmed e-mail. Someone else's profile is 404,
 * a role without the permission 403, a personal profile (no team) 409.
 */

const T = MESSAGES.team;
const HOUR_MS = 3_600_000;

/** Invitations one profile may send per hour (every row counts, whatever became of it). */
export const TEAM_INVITATIONS_PER_HOUR = 20;
/** Invitation e-mails per address per hour, across all profiles (an address anyone may type). */
export const TEAM_INVITATION_EMAILS_PER_RECIPIENT_HOUR = 3;
/** Where the link in an invitation leads (the web page that shows and accepts it). */
export const INVITATION_PAGE = '/personal-account/invitation';

/** What the team calls need: the identity's dependencies (database, outbox, SMS policy, clock, site origin). */
export type TeamDeps = IdentityDeps;

type CreateInvitationInput = z.output<typeof CreateInvitationRequestSchema>;
type ChangeRoleInput = z.output<typeof ChangeMemberRoleRequestSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const personalNoTeam = () =>
  new AppError('PERSONAL_PROFILE_NO_TEAM', 409, T.personalProfileNoTeam, { account_uuid: T.personalProfileNoTeam });
const memberNotFound = () => new AppError('NOT_FOUND', 404, T.memberNotFound, { user_id: T.memberNotFound });
const invitationNotFound = () => new AppError('NOT_FOUND', 404, T.invitationNotFound);
const invitationUsed = () => new AppError('INVITATION_USED', 409, T.invitationUsed);
const invitationExpired = () => new AppError('INVITATION_EXPIRED', 410, T.invitationExpired);

/** The caller's membership in a company profile, or 404 (not theirs) / 409 (personal). */
async function requireCompanyMembership(db: Database, userId: number, accountUuid: string): Promise<Membership> {
  const membership = await requireMembership(db, userId, accountUuid);
  if (membership.kind !== 'legal') throw personalNoTeam();
  return membership;
}

/** The caller's membership in a company profile whose team they may manage (404, 409, 403). */
async function requireTeamManager(db: Database, userId: number, accountUuid: string): Promise<Membership> {
  return requirePermission(await requireCompanyMembership(db, userId, accountUuid), 'team.manage');
}

function toMember(row: repo.MemberRow, callerId: number): TeamMember {
  const role = isProfileRole(row.role) ? row.role : 'accountant';
  return {
    user_id: row.userId,
    name: getDisplayName({ id: row.userId, name: row.name }),
    phone: row.phone,
    email: row.email,
    role,
    role_label: roleLabel(role),
    since: row.createdAt.toISOString(),
    is_you: row.userId === callerId,
  };
}

function invitationRole(row: { role: string }): InvitableRole {
  if (!isInvitableRole(row.role)) throw new Error(`unknown invitation role ${row.role}`);
  return row.role;
}

function inviterName(row: { inviterId: number | null; inviterName: string | null }): string | null {
  return row.inviterId === null ? null : getDisplayName({ id: row.inviterId, name: row.inviterName });
}

function toInvitation(row: repo.InvitationWithInviter): TeamInvitation {
  const role = invitationRole(row);
  return {
    id: row.id,
    channel: row.channel === 'phone' ? 'phone' : 'email',
    contact: row.contact,
    role,
    role_label: roleLabel(role),
    invited_by: inviterName(row),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** GET /user/team: the members and pending invitations of a company profile (team managers only). */
export async function getTeam(deps: TeamDeps, caller: Caller, accountUuid: string): Promise<Team> {
  const user = await requireUser(deps, caller);
  const membership = await requireTeamManager(deps.db, user.id, accountUuid);
  const [members, invitations] = await Promise.all([
    repo.listMembers(deps.db, membership.profileId),
    repo.listPendingInvitations(deps.db, membership.profileId, deps.clock()),
  ]);
  return {
    account_uuid: membership.accountUuid,
    name: membership.name,
    your_role: membership.role,
    members: members.map((m) => toMember(m, user.id)),
    invitations: invitations.map(toInvitation),
    max_members: TEAM_MAX_MEMBERS,
  };
}

/** The answer to an invitation SMS the policy refused: 400 for the number, 429 for a spent budget. */
function smsRefusal(outcome: Exclude<SmsOutcome, { sent: true }>): AppError {
  if (outcome.reason === 'not_mobile') {
    return new AppError('VALIDATION_FAILED', 400, T.contactInvalid, { contact: T.contactInvalid });
  }
  return tooMany(MESSAGES.auth.smsBudget[outcome.budget], 'contact', outcome.retryAfterSeconds);
}

/**
 * POST /user/team/invitations. Refused: a contact already in the team (409), a full team —
 * members and pending invitations together at TEAM_MAX_MEMBERS (409), more than
 * TEAM_INVITATIONS_PER_HOUR invitations of the profile in the last hour (429), and what the SMS
 * policy (decision 010) or the per-address e-mail cap refuses (429). The link carries a random
 * 256-bit token of which only the SHA-256 is kept; it lives INVITATION_TTL_MS (7 days). A new
 * invitation to the same contact replaces the pending one. The message and the row are written
 * in one transaction.
 */
export async function inviteMember(
  deps: TeamDeps,
  caller: Caller,
  input: CreateInvitationInput,
): Promise<TeamInvitation> {
  const user = await requireUser(deps, caller);
  const membership = await requireTeamManager(deps.db, user.id, input.account_uuid);
  const { channel, contact } = input.contact;
  const token = generateToken();
  const page = `${deps.publicOrigin}${INVITATION_PAGE}?token=`;
  const link = `${page}${token}`;
  const redactedLink = `${page}…`;
  const role = input.role;
  const now = deps.clock();

  const result = await deps.db.transaction(async (t): Promise<{ error: AppError } | { invitation: TeamInvitation }> => {
    const tx = asDb(t);
    await repo.lockProfile(tx, membership.profileId);
    if (await repo.hasMemberWithContact(tx, membership.profileId, input.contact)) {
      return { error: new AppError('CONFLICT', 409, T.alreadyMember, { contact: T.alreadyMember }) };
    }
    const recent = await repo.countInvitationsSince(tx, membership.profileId, new Date(now.getTime() - HOUR_MS));
    if (recent >= TEAM_INVITATIONS_PER_HOUR) return { error: tooMany(T.invitationsPerHour, 'contact', HOUR_MS / 1000) };
    const members = await repo.countMembers(tx, membership.profileId);
    const pending = await repo.countPendingInvitations(tx, membership.profileId, now, contact);
    if (members + pending >= TEAM_MAX_MEMBERS) return { error: new AppError('TEAM_FULL', 409, T.teamFull) };

    // The message first: a refusal by the SMS policy must commit its alert and nothing else.
    if (channel === 'phone') {
      const sms = await deps.sms.send(tx, {
        to: contact,
        body: T.invitationSms(membership.name, link),
        bodyRedacted: T.invitationSms(membership.name, redactedLink),
        kind: 'team_invitation',
        ip: caller.ip,
      });
      if (!sms.sent) return { error: smsRefusal(sms) };
    } else {
      const label = roleLabel(role);
      const queued = await enqueueCappedEmail(
        tx,
        deps.outbox,
        {
          to: contact,
          subject: T.invitationEmailSubject(membership.name),
          body: T.invitationEmailBody(membership.name, label, link),
          bodyRedacted: T.invitationEmailBody(membership.name, label, redactedLink),
          kind: 'team_invitation',
        },
        { perRecipientHour: TEAM_INVITATION_EMAILS_PER_RECIPIENT_HOUR, now },
      );
      if (!queued) return { error: tooMany(T.invitationEmailLimit, 'contact', HOUR_MS / 1000) };
    }

    await repo.revokePendingTo(tx, membership.profileId, contact, now);
    const row = await repo.insertInvitation(tx, {
      profileId: membership.profileId,
      role,
      channel,
      contact,
      tokenHash: hashToken(token),
      invitedByUserId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    });
    return { invitation: toInvitation({ ...row, inviterId: user.id, inviterName: user.name }) };
  });
  if ('error' in result) throw result.error;
  deps.outbox.wake();
  return result.invitation;
}

/** DELETE /user/team/invitations?id: a team manager revokes a pending invitation (idempotent). */
export async function revokeInvitation(deps: TeamDeps, caller: Caller, id: string): Promise<void> {
  const user = await requireUser(deps, caller);
  const invitation = UUID.test(id) ? await repo.findInvitationById(deps.db, id) : null;
  const membership = invitation ? await findMembership(deps.db, user.id, invitation.profileId) : null;
  if (!invitation || !membership) throw invitationNotFound();
  requirePermission(membership, 'team.manage');
  if (invitation.acceptedAt !== null) throw invitationUsed();
  await repo.revokeInvitation(deps.db, invitation.id, deps.clock());
}

/** PUT /user/team/member: a team manager gives a member another role (never the owner's, never «owner»). */
export async function changeMemberRole(deps: TeamDeps, caller: Caller, input: ChangeRoleInput): Promise<TeamMember> {
  const user = await requireUser(deps, caller);
  const membership = await requireTeamManager(deps.db, user.id, input.account_uuid);
  const target = await repo.findMember(deps.db, membership.profileId, input.user_id);
  if (!target) throw memberNotFound();
  if (target.role === 'owner') {
    throw new AppError('OWNER_ROLE_FIXED', 409, T.ownerRoleCannotChange, { user_id: T.ownerRoleCannotChange });
  }
  if (!(await repo.updateMemberRole(deps.db, membership.profileId, input.user_id, input.role))) throw memberNotFound();
  return toMember({ ...target, role: input.role }, user.id);
}

/**
 * DELETE /user/team/member: a team manager removes a member, or a member leaves (removes
 * themself). The owner stays (409). Whoever acted for this profile acts for their personal
 * profile from now on.
 */
export async function removeMember(
  deps: TeamDeps,
  caller: Caller,
  input: { account_uuid: string; user_id: number },
): Promise<void> {
  const user = await requireUser(deps, caller);
  const membership = await requireCompanyMembership(deps.db, user.id, input.account_uuid);
  if (input.user_id !== user.id) requirePermission(membership, 'team.manage');
  await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const target = await repo.findMember(tx, membership.profileId, input.user_id);
    if (!target) throw memberNotFound();
    if (target.role === 'owner') {
      throw new AppError('OWNER_NOT_REMOVABLE', 409, T.ownerCannotBeRemoved, { user_id: T.ownerCannotBeRemoved });
    }
    if (!(await repo.deleteMember(tx, membership.profileId, input.user_id))) throw memberNotFound();
    await repo.resetActiveProfile(tx, input.user_id, membership.profileId);
  });
}

/** Whether the invitation's contact is the user's own: their phone, or their confirmed e-mail. */
export function contactBelongsTo(
  user: { phone: string | null; email: string | null },
  invitation: { channel: string; contact: string },
): boolean {
  if (invitation.channel === 'phone') return user.phone !== null && user.phone === invitation.contact;
  return user.email !== null && user.email.toLowerCase() === invitation.contact;
}

type FoundInvitation = NonNullable<Awaited<ReturnType<typeof repo.findInvitationByTokenHash>>>;

/** The invitation of a link token while it can still be accepted: else 404 (unknown, revoked), 409 (used), 410 (expired). */
async function requireLiveInvitation(db: Database, token: string, now: Date): Promise<FoundInvitation> {
  const row = TOKEN.test(token) ? await repo.findInvitationByTokenHash(db, hashToken(token)) : null;
  if (!row || row.revokedAt !== null) throw invitationNotFound();
  if (row.acceptedAt !== null) throw invitationUsed();
  if (row.expiresAt.getTime() <= now.getTime()) throw invitationExpired();
  return row;
}

/** GET /user/team/invitation?token: what the invitation is, for the signed-in person who opened the link. */
export async function getInvitation(deps: TeamDeps, caller: Caller, token: string): Promise<InvitationInfo> {
  const user = await requireUser(deps, caller);
  const row = await requireLiveInvitation(deps.db, token, deps.clock());
  const role = invitationRole(row);
  return {
    company_name: row.companyName,
    role,
    role_label: roleLabel(role),
    invited_by: inviterName(row),
    expires_at: row.expiresAt.toISOString(),
    channel: row.channel === 'phone' ? 'phone' : 'email',
    contact_masked: row.channel === 'phone' ? maskPhone(row.contact) : maskEmail(row.contact),
    for_you: contactBelongsTo(user, row),
  };
}

/**
 * POST /user/team/accept: the signed-in user joins the company with the invitation's role and
 * acts for it from now on. Only for the invitation's own contact (403 otherwise); single use —
 * of two concurrent acceptances one wins, the other gets 409.
 */
export async function acceptInvitation(deps: TeamDeps, caller: Caller, token: string): Promise<ClientProfile> {
  const user = await requireUser(deps, caller);
  const now = deps.clock();
  const profileId = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const row = await requireLiveInvitation(tx, token, now);
    if (!contactBelongsTo(user, row)) {
      throw new AppError('INVITATION_WRONG_CONTACT', 403, T.invitationWrongContact);
    }
    await repo.lockProfile(tx, row.profileId);
    if (await repo.findMember(tx, row.profileId, user.id)) throw new AppError('CONFLICT', 409, T.alreadyInTeam);
    if ((await repo.countMembers(tx, row.profileId)) >= TEAM_MAX_MEMBERS) {
      throw new AppError('TEAM_FULL', 409, T.teamFull);
    }
    if (!(await repo.consumeInvitation(tx, row.id, user.id, now))) throw invitationUsed();
    await repo.insertMember(tx, {
      profileId: row.profileId,
      userId: user.id,
      role: invitationRole(row),
      invitedByUserId: row.invitedByUserId,
      createdAt: now,
    });
    await setActiveProfile(tx, user.id, row.profileId);
    return row.profileId;
  });
  const membership = await findMembership(deps.db, user.id, profileId);
  if (!membership) throw invitationNotFound();
  return toClientProfile(membership, user, profileId);
}
