import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from './client';
import { clientProfiles, profileMembers, users } from './schema/index';

/**
 * The two ways a profile comes to be (issue 15), shared by the API and the demo seed:
 * every user has a personal profile from the moment the row exists, and a legal profile is
 * created — or attached, when the company is already known — by an approved full-access
 * request.
 */

/**
 * The user's personal profile (created with them as owner when missing); it becomes the active
 * profile when the user has none. Idempotent. Returns the profile id.
 */
export async function ensurePersonalProfile(db: Database, userId: number, name: string | null): Promise<number> {
  await db
    .insert(clientProfiles)
    .values({ kind: 'individual', name: name?.trim() || 'Частное лицо', personalUserId: userId })
    .onConflictDoNothing({ target: clientProfiles.personalUserId });
  const [profile] = await db
    .select({ id: clientProfiles.id })
    .from(clientProfiles)
    .where(eq(clientProfiles.personalUserId, userId));
  if (!profile) throw new Error(`personal profile of user ${userId} missing`);
  await db
    .insert(profileMembers)
    .values({ profileId: profile.id, userId, role: 'owner' })
    .onConflictDoNothing({ target: [profileMembers.profileId, profileMembers.userId] });
  await db
    .update(users)
    .set({ activeProfileId: profile.id })
    .where(and(eq(users.id, userId), isNull(users.activeProfileId)));
  return profile.id;
}

export interface LegalProfileData {
  name: string;
  inn: string;
  kpp: string | null;
  address?: string | null;
}

/**
 * The legal profile of ИНН + КПП, created when unknown; `userId` joins it — as owner when the
 * profile has no owner yet, else as administrator (a second director proving the same company).
 * An existing membership is kept as it is. Returns the profile id and the user's role.
 */
export async function attachLegalProfile(
  db: Database,
  data: LegalProfileData,
  userId: number,
): Promise<{ profileId: number; role: string; created: boolean }> {
  const inserted = await db
    .insert(clientProfiles)
    .values({ kind: 'legal', name: data.name, inn: data.inn, kpp: data.kpp, address: data.address ?? null })
    .onConflictDoNothing()
    .returning({ id: clientProfiles.id });
  const profileId =
    inserted[0]?.id ??
    (
      await db
        .select({ id: clientProfiles.id })
        .from(clientProfiles)
        .where(
          and(
            eq(clientProfiles.kind, 'legal'),
            eq(clientProfiles.inn, data.inn),
            sql`coalesce(${clientProfiles.kpp}, '') = ${data.kpp ?? ''}`,
          ),
        )
    )[0]?.id;
  if (profileId === undefined) throw new Error(`legal profile ${data.inn} missing`);
  const [owner] = await db
    .select({ userId: profileMembers.userId })
    .from(profileMembers)
    .where(and(eq(profileMembers.profileId, profileId), eq(profileMembers.role, 'owner')));
  await db
    .insert(profileMembers)
    .values({ profileId, userId, role: owner ? 'admin' : 'owner' })
    .onConflictDoNothing({ target: [profileMembers.profileId, profileMembers.userId] });
  const [member] = await db
    .select({ role: profileMembers.role })
    .from(profileMembers)
    .where(and(eq(profileMembers.profileId, profileId), eq(profileMembers.userId, userId)));
  return { profileId, role: member!.role, created: inserted.length > 0 };
}
