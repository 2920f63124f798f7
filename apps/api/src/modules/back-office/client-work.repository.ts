import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  accessRequestFiles,
  accessRequests,
  cargos,
  clientProfiles,
  profileMembers,
  staffAuditLog,
  staffUsers,
  users,
  type Database,
} from '@freight/db';
import { likeEscape } from '../locations/locations.repository';

export type AccessRequestRow = typeof accessRequests.$inferSelect;
export type ClientProfileRow = typeof clientProfiles.$inferSelect;
export type StaffRow = typeof staffUsers.$inferSelect;

/** The audit action of a back-office decision on a full-access request. */
export const ACCESS_DECIDE_ACTION = 'access.decide';

/**
 * What a search text may be, worked out by the service: the text itself (names, e-mails), a
 * complete phone in storage form, and the bare digits of a number-like text (a part of a phone,
 * an ИНН, a passport number).
 */
export interface SearchTerms {
  text: string;
  phone: string | null;
  digits: string | null;
}

const contains = (value: string) => `%${likeEscape(value)}%`;

/*
 * Correlated subqueries are written with aliases and the outer table named in full: drizzle
 * leaves a column of a single-table select unqualified, which inside a subquery would bind to
 * the subquery's own table.
 */

/** A user's cargos (outer `users` row, or a given id): ordered by them, or owned by a profile they are a member of. */
function userCargoCondition(userId: SQL | number) {
  return sql`(cargos.owner_user_id = ${userId} or cargos.owner_profile_id in (select pm.profile_id from profile_members pm where pm.user_id = ${userId}))`;
}

const OUTER_USER = sql.raw('users.id');

const requestFilesCount = sql<number>`(select count(*)::int from access_request_files f where f.request_id = access_requests.id)`;

// ---------------------------------------------------------------- access requests

function queueWhere(statuses: readonly string[] | null, terms: SearchTerms | null): SQL | undefined {
  const where: SQL[] = [];
  if (statuses) where.push(inArray(accessRequests.status, [...statuses]));
  if (terms) {
    const any: SQL[] = [ilike(accessRequests.name, contains(terms.text))];
    if (terms.phone) any.push(eq(users.phone, terms.phone));
    if (terms.digits) {
      any.push(eq(accessRequests.inn, terms.digits));
      any.push(eq(accessRequests.documentNumber, terms.digits));
      any.push(ilike(users.phone, contains(terms.digits)));
    }
    where.push(or(...any)!);
  }
  return where.length > 0 ? and(...where) : undefined;
}

/** A page of the request queue with each applicant's phone and the number of files. */
export async function listAccessQueue(
  db: Database,
  options: {
    statuses: readonly string[] | null;
    terms: SearchTerms | null;
    newestFirst: boolean;
    limit: number;
    offset: number;
  },
) {
  const where = queueWhere(options.statuses, options.terms);
  const filesCount = requestFilesCount;
  const order = options.newestFirst
    ? [desc(accessRequests.createdAt), desc(accessRequests.id)]
    : [asc(accessRequests.createdAt), asc(accessRequests.id)];
  const rows = await db
    .select({ request: accessRequests, phone: users.phone, filesCount })
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db
    .select({ n: count() })
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A request with its applicant, or null. */
export async function findRequestWithApplicant(db: Database, requestId: string) {
  const [row] = await db
    .select({
      request: accessRequests,
      user: { id: users.id, name: users.name, phone: users.phone, email: users.email, deletedAt: users.deletedAt },
      profile: { accountUuid: clientProfiles.accountUuid, name: clientProfiles.name },
    })
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .leftJoin(clientProfiles, eq(clientProfiles.id, accessRequests.profileId))
    .where(eq(accessRequests.id, requestId));
  return row ?? null;
}

/** One file of one request, or null. */
export async function findRequestFile(db: Database, requestId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(accessRequestFiles)
    .where(and(eq(accessRequestFiles.id, fileId), eq(accessRequestFiles.requestId, requestId)));
  return row ?? null;
}

/** The back-office decisions on a request, oldest first (the audit log keeps them). */
export async function listDecisions(db: Database, requestId: string) {
  return db
    .select({ at: staffAuditLog.at, staffName: staffAuditLog.staffName, after: staffAuditLog.after })
    .from(staffAuditLog)
    .where(
      and(
        eq(staffAuditLog.entityType, 'access_request'),
        eq(staffAuditLog.entityId, requestId),
        eq(staffAuditLog.action, ACCESS_DECIDE_ACTION),
      ),
    )
    .orderBy(asc(staffAuditLog.at), asc(staffAuditLog.id));
}

/** Every request of a user, newest first, with the number of files. */
export async function listUserRequests(db: Database, userId: number) {
  const filesCount = requestFilesCount;
  return db
    .select({ request: accessRequests, phone: users.phone, filesCount })
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .where(eq(accessRequests.userId, userId))
    .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id));
}

// ---------------------------------------------------------------- clients

function clientWhere(terms: SearchTerms | null): SQL | undefined {
  if (!terms) return undefined;
  const pattern = contains(terms.text);
  const inn = terms.digits ? sql` or cp.inn = ${terms.digits}` : sql``;
  const memberOfMatching = sql`users.id in (select pm.user_id from profile_members pm join client_profiles cp on cp.id = pm.profile_id where cp.name ilike ${pattern}${inn})`;
  const any: SQL[] = [ilike(users.name, pattern), ilike(users.email, pattern), memberOfMatching];
  if (terms.phone) any.push(eq(users.phone, terms.phone));
  if (terms.digits) any.push(ilike(users.phone, contains(terms.digits)));
  return or(...any);
}

const clientColumns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  cargoCount: sql<number>`(select count(*)::int from cargos where ${userCargoCondition(OUTER_USER)})`,
  fullAccess: sql<boolean>`exists (select 1 from access_requests ar where ar.user_id = users.id and ar.status = 'approved')`,
};

export type ClientRow = NonNullable<Awaited<ReturnType<typeof findClient>>>;

/** A page of users matching the search (every user when there is none), newest first. */
export async function searchClients(
  db: Database,
  options: { terms: SearchTerms | null; limit: number; offset: number },
) {
  const where = clientWhere(options.terms);
  const rows = await db
    .select(clientColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findClient(db: Database, userId: number) {
  const [row] = await db.select(clientColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The profiles of these users, each with the user's role in it, personal profile first. */
export async function listMemberships(db: Database, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: profileMembers.userId, role: profileMembers.role, profile: clientProfiles })
    .from(profileMembers)
    .innerJoin(clientProfiles, eq(clientProfiles.id, profileMembers.profileId))
    .where(inArray(profileMembers.userId, userIds))
    .orderBy(asc(profileMembers.userId), desc(clientProfiles.kind), asc(clientProfiles.id));
}

/** Members of these profiles, owners first. */
export async function listMembers(db: Database, profileIds: number[]) {
  if (profileIds.length === 0) return [];
  return db
    .select({
      profileId: profileMembers.profileId,
      role: profileMembers.role,
      userId: users.id,
      name: users.name,
      phone: users.phone,
    })
    .from(profileMembers)
    .innerJoin(users, eq(users.id, profileMembers.userId))
    .where(inArray(profileMembers.profileId, profileIds))
    .orderBy(asc(profileMembers.profileId), asc(profileMembers.createdAt), asc(users.id));
}

/** The user's cargos counted by status. */
export async function countCargosByStatus(db: Database, userId: number) {
  return db
    .select({ status: cargos.status, n: count() })
    .from(cargos)
    .where(userCargoCondition(userId))
    .groupBy(cargos.status);
}

/** The user's latest cargos. */
export async function latestCargos(db: Database, userId: number, limit: number) {
  return db
    .select({
      trackNumber: cargos.trackNumber,
      status: cargos.status,
      createdAt: cargos.createdAt,
      from: cargos.cityDepartureName,
      to: cargos.cityDeliveryName,
      priceKopecks: cargos.priceKopecks,
    })
    .from(cargos)
    .where(userCargoCondition(userId))
    .orderBy(desc(cargos.createdAt), desc(cargos.id))
    .limit(limit);
}

// ---------------------------------------------------------------- managers

/** Enabled client managers, by name. */
export async function listManagers(db: Database): Promise<StaffRow[]> {
  return db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'client_manager'), isNull(staffUsers.disabledAt)))
    .orderBy(asc(staffUsers.name), asc(staffUsers.id));
}

export async function findStaff(db: Database, staffId: number): Promise<StaffRow | null> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, staffId));
  return row ?? null;
}

export async function findStaffByIds(db: Database, ids: number[]): Promise<StaffRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(staffUsers).where(inArray(staffUsers.id, ids));
}

/** A profile by its public id, optionally locked until the transaction ends. */
export async function findProfileByUuid(
  db: Database,
  accountUuid: string,
  options: { lock?: boolean } = {},
): Promise<ClientProfileRow | null> {
  const query = db.select().from(clientProfiles).where(eq(clientProfiles.accountUuid, accountUuid));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setProfileManager(db: Database, profileId: number, staffId: number | null, now: Date) {
  await db
    .update(clientProfiles)
    .set({ managerStaffId: staffId, updatedAt: now })
    .where(eq(clientProfiles.id, profileId));
}
