import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { accessRequests, clientProfiles, profileMembers, users, type Database } from '@freight/db';
import { isProfileRole, type ProfileRole } from '@freight/domain';

/** A profile the user may act for, with the user's role in it. */
export interface Membership {
  profileId: number;
  accountUuid: string;
  kind: 'individual' | 'legal';
  name: string;
  inn: string | null;
  kpp: string | null;
  address: string | null;
  role: ProfileRole;
}

const membershipColumns = {
  profileId: clientProfiles.id,
  accountUuid: clientProfiles.accountUuid,
  kind: clientProfiles.kind,
  name: clientProfiles.name,
  inn: clientProfiles.inn,
  kpp: clientProfiles.kpp,
  address: clientProfiles.address,
  role: profileMembers.role,
};

function toMembership(row: {
  profileId: number;
  accountUuid: string;
  kind: string;
  name: string;
  inn: string | null;
  kpp: string | null;
  address: string | null;
  role: string;
}): Membership {
  if (!isProfileRole(row.role)) throw new Error(`unknown role ${row.role}`);
  return { ...row, kind: row.kind === 'legal' ? 'legal' : 'individual', role: row.role };
}

/** Every profile the user is a member of: the personal one first, then companies by name. */
export async function listMemberships(db: Database, userId: number): Promise<Membership[]> {
  const rows = await db
    .select(membershipColumns)
    .from(profileMembers)
    .innerJoin(clientProfiles, eq(clientProfiles.id, profileMembers.profileId))
    .where(eq(profileMembers.userId, userId))
    .orderBy(sql`${clientProfiles.kind} = 'legal'`, asc(clientProfiles.name), asc(clientProfiles.id));
  return rows.map(toMembership);
}

/** The user's membership in the profile with this account_uuid, or null (not a member, or no such profile). */
export async function findMembershipByUuid(
  db: Database,
  userId: number,
  accountUuid: string,
): Promise<Membership | null> {
  const [row] = await db
    .select(membershipColumns)
    .from(profileMembers)
    .innerJoin(clientProfiles, eq(clientProfiles.id, profileMembers.profileId))
    .where(and(eq(profileMembers.userId, userId), eq(clientProfiles.accountUuid, accountUuid)));
  return row ? toMembership(row) : null;
}

/** The user's membership in the profile with this id, or null. */
export async function findMembership(db: Database, userId: number, profileId: number): Promise<Membership | null> {
  const [row] = await db
    .select(membershipColumns)
    .from(profileMembers)
    .innerJoin(clientProfiles, eq(clientProfiles.id, profileMembers.profileId))
    .where(and(eq(profileMembers.userId, userId), eq(profileMembers.profileId, profileId)));
  return row ? toMembership(row) : null;
}

export async function findUserName(db: Database, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

/** The user's membership in their active profile in one query, or null (none set, or no longer a member). */
export async function findActiveMembership(db: Database, userId: number): Promise<Membership | null> {
  const [row] = await db
    .select(membershipColumns)
    .from(users)
    .innerJoin(
      profileMembers,
      and(eq(profileMembers.userId, users.id), eq(profileMembers.profileId, users.activeProfileId)),
    )
    .innerJoin(clientProfiles, eq(clientProfiles.id, profileMembers.profileId))
    .where(eq(users.id, userId));
  return row ? toMembership(row) : null;
}

export async function setActiveProfile(db: Database, userId: number, profileId: number): Promise<void> {
  await db.update(users).set({ activeProfileId: profileId }).where(eq(users.id, userId));
}

/** Whether the user has an approved full-access request. */
export async function hasFullAccess(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(accessRequests)
    .where(and(eq(accessRequests.userId, userId), eq(accessRequests.status, 'approved')))
    .limit(1);
  return row !== undefined;
}

/** The SQL «profile id is one `userId` is a member of» (cargo visibility). */
export function memberProfileIds(userId: number) {
  return sql`(select ${profileMembers.profileId} from ${profileMembers} where ${profileMembers.userId} = ${userId})`;
}

/**
 * The SQL of the profile `userId` acts for, evaluated once in the statement that uses it: the
 * active profile while the user is still its member, else their personal profile (what
 * `activeMembership` settles on).
 */
export function activeProfileOf(userId: number) {
  return sql<number>`coalesce(
    (select ${profileMembers.profileId} from ${users} join ${profileMembers}
       on ${profileMembers.userId} = ${users.id} and ${profileMembers.profileId} = ${users.activeProfileId}
     where ${users.id} = ${userId}),
    (select ${clientProfiles.id} from ${clientProfiles} where ${clientProfiles.personalUserId} = ${userId}))`;
}
