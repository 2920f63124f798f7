import { and, asc, count, desc, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  clientProfiles,
  ensurePersonalProfile,
  profileInvitations,
  profileMembers,
  users,
  type Database,
} from '@freight/db';

/** A member of a profile's team with what the team's administrators see of them. */
export interface MemberRow {
  userId: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  role: string;
  createdAt: Date;
}

export type InvitationRow = typeof profileInvitations.$inferSelect;

/** An invitation with its inviter's name (for the list and for the recipient's view). */
export interface InvitationWithInviter extends InvitationRow {
  inviterId: number | null;
  inviterName: string | null;
}

/** Order of roles in the list: the owner first, then administrators, managers, accountants. */
const roleOrder = sql`case ${profileMembers.role} when 'owner' then 0 when 'admin' then 1 when 'shipping_manager' then 2 else 3 end`;

/** The team of a profile (deleted accounts left out). */
export async function listMembers(db: Database, profileId: number): Promise<MemberRow[]> {
  return db
    .select({
      userId: profileMembers.userId,
      name: users.name,
      phone: users.phone,
      email: users.email,
      role: profileMembers.role,
      createdAt: profileMembers.createdAt,
    })
    .from(profileMembers)
    .innerJoin(users, eq(users.id, profileMembers.userId))
    .where(and(eq(profileMembers.profileId, profileId), isNull(users.deletedAt)))
    .orderBy(roleOrder, asc(profileMembers.createdAt), asc(profileMembers.userId));
}

/** One member of the team, or null. */
export async function findMember(db: Database, profileId: number, userId: number): Promise<MemberRow | null> {
  const [row] = await db
    .select({
      userId: profileMembers.userId,
      name: users.name,
      phone: users.phone,
      email: users.email,
      role: profileMembers.role,
      createdAt: profileMembers.createdAt,
    })
    .from(profileMembers)
    .innerJoin(users, eq(users.id, profileMembers.userId))
    .where(and(eq(profileMembers.profileId, profileId), eq(profileMembers.userId, userId)));
  return row ?? null;
}

/** Whether a live account with this phone (`+7…`) or e-mail is already in the team. */
export async function hasMemberWithContact(
  db: Database,
  profileId: number,
  contact: { channel: 'phone' | 'email'; contact: string },
): Promise<boolean> {
  const match =
    contact.channel === 'phone' ? eq(users.phone, contact.contact) : sql`lower(${users.email}) = ${contact.contact}`;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(profileMembers)
    .innerJoin(users, eq(users.id, profileMembers.userId))
    .where(and(eq(profileMembers.profileId, profileId), isNull(users.deletedAt), match))
    .limit(1);
  return row !== undefined;
}

export async function countMembers(db: Database, profileId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profileMembers).where(eq(profileMembers.profileId, profileId));
  return row?.n ?? 0;
}

const pending = (now: Date) =>
  and(
    isNull(profileInvitations.acceptedAt),
    isNull(profileInvitations.revokedAt),
    gt(profileInvitations.expiresAt, now),
  );

/** Pending invitations of the profile, but for those to `exceptContact` (about to be replaced). */
export async function countPendingInvitations(
  db: Database,
  profileId: number,
  now: Date,
  exceptContact?: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profileInvitations)
    .where(
      and(
        eq(profileInvitations.profileId, profileId),
        pending(now),
        exceptContact === undefined ? undefined : ne(profileInvitations.contact, exceptContact),
      ),
    );
  return row?.n ?? 0;
}

/** Invitations of the profile created since `since`, whatever became of them (the hourly limit). */
export async function countInvitationsSince(db: Database, profileId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profileInvitations)
    .where(and(eq(profileInvitations.profileId, profileId), gte(profileInvitations.createdAt, since)));
  return row?.n ?? 0;
}

const inviter = alias(users, 'inviter');
const withInviter = {
  invitation: profileInvitations,
  inviterId: inviter.id,
  inviterName: inviter.name,
};

function flatten(row: { invitation: InvitationRow; inviterId: number | null; inviterName: string | null }) {
  return { ...row.invitation, inviterId: row.inviterId, inviterName: row.inviterName };
}

/** The profile's pending invitations, newest first. */
export async function listPendingInvitations(
  db: Database,
  profileId: number,
  now: Date,
): Promise<InvitationWithInviter[]> {
  const rows = await db
    .select(withInviter)
    .from(profileInvitations)
    .leftJoin(inviter, eq(inviter.id, profileInvitations.invitedByUserId))
    .where(and(eq(profileInvitations.profileId, profileId), pending(now)))
    .orderBy(desc(profileInvitations.createdAt), desc(profileInvitations.id));
  return rows.map(flatten);
}

/**
 * Locks the profile's row until the transaction ends: invitations and acceptances of one
 * profile run one at a time, so the team's size limit is never overrun by concurrent calls.
 */
export async function lockProfile(db: Database, profileId: number): Promise<void> {
  await db.select({ id: clientProfiles.id }).from(clientProfiles).where(eq(clientProfiles.id, profileId)).for('update');
}

/** Revokes the pending invitations of the profile to the same contact (a new one replaces them). */
export async function revokePendingTo(db: Database, profileId: number, contact: string, now: Date): Promise<void> {
  await db
    .update(profileInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(profileInvitations.profileId, profileId),
        eq(profileInvitations.contact, contact),
        isNull(profileInvitations.acceptedAt),
        isNull(profileInvitations.revokedAt),
      ),
    );
}

export async function insertInvitation(
  db: Database,
  values: typeof profileInvitations.$inferInsert,
): Promise<InvitationRow> {
  const [row] = await db.insert(profileInvitations).values(values).returning();
  return row!;
}

export async function findInvitationById(db: Database, id: string): Promise<InvitationRow | null> {
  const [row] = await db.select().from(profileInvitations).where(eq(profileInvitations.id, id));
  return row ?? null;
}

/** Revokes one invitation unless it was accepted or revoked already. True when it was pending. */
export async function revokeInvitation(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(profileInvitations)
    .set({ revokedAt: now })
    .where(
      and(eq(profileInvitations.id, id), isNull(profileInvitations.acceptedAt), isNull(profileInvitations.revokedAt)),
    )
    .returning({ id: profileInvitations.id });
  return rows.length > 0;
}

/** An invitation by the SHA-256 of its link token, with the company's name and kind and the inviter. */
export async function findInvitationByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      ...withInviter,
      companyName: clientProfiles.name,
      accountUuid: clientProfiles.accountUuid,
      kind: clientProfiles.kind,
    })
    .from(profileInvitations)
    .innerJoin(clientProfiles, eq(clientProfiles.id, profileInvitations.profileId))
    .leftJoin(inviter, eq(inviter.id, profileInvitations.invitedByUserId))
    .where(eq(profileInvitations.tokenHash, tokenHash));
  return row ? { ...flatten(row), companyName: row.companyName, accountUuid: row.accountUuid, kind: row.kind } : null;
}

/**
 * Marks the invitation used by `userId`, atomically: only one of two concurrent acceptances
 * finds it still pending and unexpired. True when this call took it.
 */
export async function consumeInvitation(db: Database, id: string, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(profileInvitations)
    .set({ acceptedAt: now, acceptedByUserId: userId })
    .where(and(eq(profileInvitations.id, id), pending(now)))
    .returning({ id: profileInvitations.id });
  return rows.length > 0;
}

/** Adds the user to the team; false when they are a member already. */
export async function insertMember(
  db: Database,
  values: { profileId: number; userId: number; role: string; invitedByUserId: number | null; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(profileMembers)
    .values(values)
    .onConflictDoNothing({ target: [profileMembers.profileId, profileMembers.userId] })
    .returning({ userId: profileMembers.userId });
  return rows.length > 0;
}

/** Sets a member's role; false when they are not (or no longer) in the team, or are its owner. */
export async function updateMemberRole(
  db: Database,
  profileId: number,
  userId: number,
  role: string,
): Promise<boolean> {
  const rows = await db
    .update(profileMembers)
    .set({ role })
    .where(
      and(
        eq(profileMembers.profileId, profileId),
        eq(profileMembers.userId, userId),
        sql`${profileMembers.role} <> 'owner'`,
      ),
    )
    .returning({ userId: profileMembers.userId });
  return rows.length > 0;
}

/** Removes a member other than the owner; false when there was no such member. */
export async function deleteMember(db: Database, profileId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(profileMembers)
    .where(
      and(
        eq(profileMembers.profileId, profileId),
        eq(profileMembers.userId, userId),
        sql`${profileMembers.role} <> 'owner'`,
      ),
    )
    .returning({ userId: profileMembers.userId });
  return rows.length > 0;
}

/**
 * A user who acted for `profileId` and is no longer its member acts for their personal profile
 * from now on (created when missing).
 */
export async function resetActiveProfile(db: Database, userId: number, profileId: number): Promise<void> {
  const [user] = await db
    .select({ name: users.name, activeProfileId: users.activeProfileId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.activeProfileId !== profileId) return;
  const personalId = await ensurePersonalProfile(db, userId, user.name);
  await db
    .update(users)
    .set({ activeProfileId: personalId })
    .where(and(eq(users.id, userId), eq(users.activeProfileId, profileId)));
}
