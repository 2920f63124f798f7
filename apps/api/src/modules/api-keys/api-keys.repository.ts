import { and, count, desc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeys, clientProfiles, profileMembers, users, type Database } from '@freight/db';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key row with the display name of the member who created it. */
export type ApiKeyListRow = ApiKeyRow & { creatorName: string | null };

export async function insertApiKey(
  db: Database,
  values: Pick<
    typeof apiKeys.$inferInsert,
    'publicId' | 'secretHash' | 'profileId' | 'createdByUserId' | 'name' | 'scopes' | 'createdAt'
  >,
): Promise<ApiKeyRow | null> {
  // A public id already taken (8 base62 characters: one chance in 10^14) inserts nothing: the caller draws again.
  const [row] = await db.insert(apiKeys).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The profile's keys: live ones first, then newest first. */
export async function listApiKeys(db: Database, profileId: number): Promise<ApiKeyListRow[]> {
  return db
    .select({ ...getTableColumns(apiKeys), creatorName: users.name })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.profileId, profileId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findApiKeyByUuid(db: Database, uuid: string): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.uuid, uuid)).limit(1);
  return row ?? null;
}

export async function countLiveApiKeys(db: Database, profileId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.profileId, profileId), isNull(apiKeys.revokedAt)));
  return Number(row?.n ?? 0);
}

/** Serialises key creation of one profile (the live-key cap) on the profile's row. */
export async function lockProfile(db: Database, profileId: number): Promise<void> {
  await db.select({ id: clientProfiles.id }).from(clientProfiles).where(eq(clientProfiles.id, profileId)).for('update');
}

/** Revokes a live key (a revoked one keeps its first revocation time). */
export async function revokeApiKey(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}

/**
 * What a call with a key needs, in one query: the live key by its public id, with the role its
 * creator still has in the key's profile. Null when there is no such key, it is revoked, or its
 * creator is gone from the profile or deleted: all of them are the same 401.
 */
export async function findKeyForCall(db: Database, publicId: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      secretHash: apiKeys.secretHash,
      profileId: apiKeys.profileId,
      userId: profileMembers.userId,
      role: profileMembers.role,
      scopes: apiKeys.scopes,
      rateLimitPerMinute: apiKeys.rateLimitPerMinute,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(
      profileMembers,
      and(eq(profileMembers.profileId, apiKeys.profileId), eq(profileMembers.userId, apiKeys.createdByUserId)),
    )
    .innerJoin(users, and(eq(users.id, profileMembers.userId), isNull(users.deletedAt)))
    .where(and(eq(apiKeys.publicId, publicId), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** `last_used_at` := now, unless another call of the key wrote it within the last `intervalMs`. */
export async function touchApiKey(db: Database, id: number, now: Date, intervalMs: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - intervalMs))),
      ),
    );
}
