import { ensurePersonalProfile, type Database } from '@freight/db';
import { MESSAGES, ROLE_PERMISSIONS, roleCan, roleLabel, type ProfilePermission } from '@freight/domain';
import type { ClientProfile } from '@freight/contracts';
import { AppError } from '../../errors/app-error';
import * as repo from './profiles.repository';
import type { Membership } from './profiles.repository';

export type { Membership };

/** 403 with the team's wording. */
export function forbidden(): AppError {
  return new AppError('FORBIDDEN', 403, MESSAGES.team.forbidden);
}

/** 404 «Профиль не найден» — for a profile that does not exist and for one of someone else alike. */
export function profileNotFound(field = 'account_uuid'): AppError {
  return new AppError('NOT_FOUND', 404, MESSAGES.team.profileNotFound, { [field]: MESSAGES.team.profileNotFound });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's membership in `accountUuid`, or 404 (a malformed id is a profile that does not exist). */
export async function requireMembership(db: Database, userId: number, accountUuid: string, field?: string) {
  const membership = UUID.test(accountUuid) ? await repo.findMembershipByUuid(db, userId, accountUuid) : null;
  if (!membership) throw profileNotFound(field);
  return membership;
}

/** 403 unless the member's role allows `permission`. */
export function requirePermission(membership: Membership, permission: ProfilePermission): Membership {
  if (!roleCan(membership.role, permission)) throw forbidden();
  return membership;
}

/**
 * The profile the user acts for now: the active one when still a member of it, else the
 * personal profile (created when missing, e.g. for a user older than profiles).
 */
export async function activeMembership(db: Database, user: { id: number; name: string | null }): Promise<Membership> {
  const active = await repo.findActiveMembership(db, user.id);
  if (active) return active;
  const personalId = await ensurePersonalProfile(db, user.id, user.name);
  await repo.setActiveProfile(db, user.id, personalId);
  return (await repo.findMembership(db, user.id, personalId))!;
}

/** {@link activeMembership} of a user known by id (401 when the user is gone). */
export async function activeMembershipOf(db: Database, userId: number): Promise<Membership> {
  const active = await repo.findActiveMembership(db, userId);
  if (active) return active;
  const user = await repo.findUserName(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  return activeMembership(db, user);
}

/**
 * The name a profile goes by: a company's own name; a personal profile is named after its user
 * (their current name, «Частное лицо» without one).
 */
export function profileDisplayName(kind: string, name: string, user: { name: string | null }): string {
  return kind === 'individual' ? user.name?.trim() || MESSAGES.team.personalProfileName : name;
}

/** A membership as the API shows it. The personal profile carries the user's current name. */
export function toClientProfile(m: Membership, user: { name: string | null }, activeId: number): ClientProfile {
  return {
    account_uuid: m.accountUuid,
    kind: m.kind,
    name: profileDisplayName(m.kind, m.name, user),
    inn: m.inn,
    kpp: m.kpp,
    address: m.address,
    role: m.role,
    role_label: roleLabel(m.role),
    permissions: [...ROLE_PERMISSIONS[m.role]],
    is_active: m.profileId === activeId,
  };
}

/** The user's profiles and the active one, as GET /user/profile shows them. */
export async function profilesOf(db: Database, user: { id: number; name: string | null }) {
  const active = await activeMembership(db, user);
  const memberships = await repo.listMemberships(db, user.id);
  return {
    profiles: memberships.map((m) => toClientProfile(m, user, active.profileId)),
    active_profile: toClientProfile(active, user, active.profileId),
    full_access: await repo.hasFullAccess(db, user.id),
  };
}

/** POST /user/change_profile: the user acts for another of their profiles from now on. */
export async function changeActiveProfile(db: Database, user: { id: number }, accountUuid: string): Promise<void> {
  const membership = await requireMembership(db, user.id, accountUuid);
  await repo.setActiveProfile(db, user.id, membership.profileId);
}

/**
 * The profile a new cargo of `userId` belongs to: the company of the payer, else of the
 * customer, when the user may place orders for it; else the active profile when the user may
 * place orders there; else the personal profile.
 */
export async function profileForNewCargo(
  db: Database,
  userId: number,
  parties: readonly ({ inn: string | null; kpp: string | null } | null)[],
): Promise<number> {
  const memberships = (await repo.listMemberships(db, userId)).filter((m) => roleCan(m.role, 'cargo.create'));
  for (const party of parties) {
    if (!party?.inn) continue;
    const match = memberships.find(
      (m) => m.kind === 'legal' && m.inn === party.inn && (m.kpp ?? '') === (party.kpp ?? m.kpp ?? ''),
    );
    if (match) return match.profileId;
  }
  const active = await activeMembershipOf(db, userId);
  if (roleCan(active.role, 'cargo.create')) return active.profileId;
  const personal = memberships.find((m) => m.kind === 'individual');
  return personal?.profileId ?? (await ensurePersonalProfile(db, userId, null));
}
