import { and, asc, count, desc, eq, inArray, max } from 'drizzle-orm';
import { accessRequestFiles, accessRequests, clientProfiles, users, type Database } from '@freight/db';

export type AccessRequestRow = typeof accessRequests.$inferSelect;
export type AccessRequestFileRow = typeof accessRequestFiles.$inferSelect;
export type NewAccessRequestFile = typeof accessRequestFiles.$inferInsert;

/** The request fields a create or an edit writes (the other type's columns null). */
export type AccessRequestFields = Pick<
  typeof accessRequests.$inferInsert,
  'type' | 'name' | 'inn' | 'kpp' | 'documentSeries' | 'documentNumber'
>;

/**
 * Locks the user's row until the transaction ends, so that two creates of one user run one after
 * the other and the open-request limit holds exactly.
 */
export async function lockUser(db: Database, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Requests of the user still waiting for a decision (pending or needs_changes). */
export async function countOpenRequests(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accessRequests)
    .where(and(eq(accessRequests.userId, userId), inArray(accessRequests.status, ['pending', 'needs_changes'])));
  return row?.n ?? 0;
}

export async function insertRequest(
  db: Database,
  values: AccessRequestFields & { id: string; userId: number; createdAt: Date },
): Promise<void> {
  await db.insert(accessRequests).values({ ...values, status: 'pending', updatedAt: values.createdAt });
}

export async function insertFiles(db: Database, values: NewAccessRequestFile[]): Promise<void> {
  if (values.length > 0) await db.insert(accessRequestFiles).values(values);
}

/** The user's request by id, or null (unknown, or someone else's). `lock`: FOR UPDATE until the transaction ends. */
export async function findUserRequest(
  db: Database,
  userId: number,
  requestId: string,
  options: { lock?: boolean } = {},
): Promise<AccessRequestRow | null> {
  const query = db
    .select()
    .from(accessRequests)
    .where(and(eq(accessRequests.id, requestId), eq(accessRequests.userId, userId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Any request by id (the operator's side), optionally locked. */
export async function findRequest(
  db: Database,
  requestId: string,
  options: { lock?: boolean } = {},
): Promise<AccessRequestRow | null> {
  const query = db.select().from(accessRequests).where(eq(accessRequests.id, requestId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The user's requests, newest first. */
export async function listUserRequests(db: Database, userId: number): Promise<AccessRequestRow[]> {
  return db
    .select()
    .from(accessRequests)
    .where(eq(accessRequests.userId, userId))
    .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id));
}

/** Files of these requests, each request's in order. */
export async function listFiles(db: Database, requestIds: string[]): Promise<AccessRequestFileRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(accessRequestFiles)
    .where(inArray(accessRequestFiles.requestId, requestIds))
    .orderBy(asc(accessRequestFiles.requestId), asc(accessRequestFiles.position));
}

/** How many files the request has and the next free position. */
export async function fileSlots(db: Database, requestId: string): Promise<{ count: number; nextPosition: number }> {
  const [row] = await db
    .select({ n: count(), last: max(accessRequestFiles.position) })
    .from(accessRequestFiles)
    .where(eq(accessRequestFiles.requestId, requestId));
  return { count: row?.n ?? 0, nextPosition: row?.last === null || row?.last === undefined ? 0 : row.last + 1 };
}

/** Removes every file row of the request; returns their storage keys (the objects go after the commit). */
export async function deleteFiles(db: Database, requestId: string): Promise<string[]> {
  const rows = await db
    .delete(accessRequestFiles)
    .where(eq(accessRequestFiles.requestId, requestId))
    .returning({ key: accessRequestFiles.storageKey });
  return rows.map((row) => row.key);
}

export async function updateRequest(
  db: Database,
  requestId: string,
  values: Partial<
    Pick<
      typeof accessRequests.$inferInsert,
      | 'type'
      | 'name'
      | 'inn'
      | 'kpp'
      | 'documentSeries'
      | 'documentNumber'
      | 'status'
      | 'reviewerComment'
      | 'profileId'
      | 'decidedAt'
      | 'updatedAt'
    >
  >,
): Promise<void> {
  await db.update(accessRequests).set(values).where(eq(accessRequests.id, requestId));
}

/** Deletes the request (its file rows go with it); returns the storage keys of its files. */
export async function deleteRequest(db: Database, requestId: string): Promise<string[]> {
  const keys = await deleteFiles(db, requestId);
  await db.delete(accessRequests).where(eq(accessRequests.id, requestId));
  return keys;
}

/** A file of the user's request, or null (unknown file, another request's, someone else's). */
export async function findUserFile(
  db: Database,
  userId: number,
  requestId: string,
  fileId: string,
): Promise<AccessRequestFileRow | null> {
  const [row] = await db
    .select({ file: accessRequestFiles })
    .from(accessRequestFiles)
    .innerJoin(accessRequests, eq(accessRequests.id, accessRequestFiles.requestId))
    .where(
      and(
        eq(accessRequestFiles.id, fileId),
        eq(accessRequestFiles.requestId, requestId),
        eq(accessRequests.userId, userId),
      ),
    );
  return row?.file ?? null;
}

/** The applicant's contact and name, for the decision's notification. */
export async function findApplicant(
  db: Database,
  userId: number,
): Promise<{ email: string | null; name: string | null; deleted: boolean } | null> {
  const [row] = await db
    .select({ email: users.email, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { email: row.email, name: row.name, deleted: row.deletedAt !== null } : null;
}

export async function findProfileUuid(db: Database, profileId: number): Promise<string | null> {
  const [row] = await db
    .select({ uuid: clientProfiles.accountUuid })
    .from(clientProfiles)
    .where(eq(clientProfiles.id, profileId));
  return row?.uuid ?? null;
}

/** Undecided requests of everyone, oldest first, with the applicant's phone and name (the review list). */
export async function listOpenRequests(db: Database, limit = 200) {
  return db
    .select({ request: accessRequests, phone: users.phone, userName: users.name })
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .where(inArray(accessRequests.status, ['pending', 'needs_changes']))
    .orderBy(asc(accessRequests.createdAt), asc(accessRequests.id))
    .limit(limit);
}
