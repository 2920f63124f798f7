import { TEAM_TEXTS } from './texts/team';

/**
 * Roles of a member of a client profile (issue 15). The owner is whoever had the profile
 * approved (a legal profile) or the person itself (a personal profile); the others are
 * invited by the owner or an administrator. What each role may do is {@link ROLE_PERMISSIONS};
 * docs/team-roles.md prints the same table.
 */
export const PROFILE_ROLES = ['owner', 'admin', 'shipping_manager', 'accountant'] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

/** Roles an invitation may give (there is one owner). */
export const INVITABLE_ROLES = ['admin', 'shipping_manager', 'accountant'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const PROFILE_PERMISSIONS = [
  /** See the profile's cargos, their cards, statuses and tracking. */
  'cargo.view',
  /** Place orders for the profile. */
  'cargo.create',
  /** Act on a cargo: cancel, change participants, rate, mark favourite, import and export. */
  'cargo.manage',
  /** Download shipping documents: экспедиторская расписка, labels. */
  'documents.shipping',
  /** Download financial documents: счёт, акт. */
  'documents.finance',
  /** Contracts, settlements, reconciliation. */
  'settlements.view',
  /** Analytics of the profile's shipments. */
  'analytics.view',
  /** Take the carrier's offers for the profile (GET /user/take_offer): their discount applies to its orders. */
  'offers.accept',
  /** Invite and remove members, change their roles. */
  'team.manage',
  /** Create, name, scope and revoke the profile's API keys; register its webhooks (docs/integrations.md). */
  'integrations.manage',
] as const;
export type ProfilePermission = (typeof PROFILE_PERMISSIONS)[number];

/** What each role may do. The server checks every call against this table. */
export const ROLE_PERMISSIONS: Readonly<Record<ProfileRole, readonly ProfilePermission[]>> = {
  owner: PROFILE_PERMISSIONS,
  admin: PROFILE_PERMISSIONS,
  shipping_manager: ['cargo.view', 'cargo.create', 'cargo.manage', 'documents.shipping', 'analytics.view'],
  accountant: ['cargo.view', 'documents.shipping', 'documents.finance', 'settlements.view', 'analytics.view'],
};

export function isProfileRole(value: unknown): value is ProfileRole {
  return typeof value === 'string' && (PROFILE_ROLES as readonly string[]).includes(value);
}

export function isInvitableRole(value: unknown): value is InvitableRole {
  return typeof value === 'string' && (INVITABLE_ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do `permission`. */
export function roleCan(role: ProfileRole, permission: ProfilePermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The Russian name of a role: «Администратор», «Менеджер по отправкам»… */
export function roleLabel(role: ProfileRole): string {
  return TEAM_TEXTS.roles[role];
}

/** An invitation lives this long (7 days). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** At most this many members and pending invitations per profile. */
export const TEAM_MAX_MEMBERS = 50;
