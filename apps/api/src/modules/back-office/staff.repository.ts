import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { staffAuditLog, staffSessions, staffSignInFailures, staffUsers, type Database } from '@freight/db';

export type StaffRow = typeof staffUsers.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export async function findStaffByLogin(db: Database, login: string): Promise<StaffRow | null> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(sql`lower(${staffUsers.login}) = lower(${login})`);
  return row ?? null;
}

export async function findStaffById(db: Database, id: number): Promise<StaffRow | null> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row ?? null;
}

export async function insertStaffSession(
  db: Database,
  values: {
    tokenHash: string;
    staffId: number;
    stage: 'password' | 'full';
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<StaffSessionRow> {
  const [row] = await db.insert(staffSessions).values(values).returning();
  return row!;
}

/** The live session of a token hash with its staff member (idle rule applied by the caller). */
export async function findLiveStaffSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ session: StaffSessionRow; staff: StaffRow } | null> {
  const [row] = await db
    .select({ session: staffSessions, staff: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        isNull(staffUsers.disabledAt),
      ),
    );
  return row ?? null;
}

export async function touchStaffSession(db: Database, id: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
}

export async function revokeStaffSession(db: Database, id: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, id));
}

export async function revokeAllStaffSessions(db: Database, staffId: number, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

export async function recordSignInFailure(
  db: Database,
  values: { login: string; ip: string | null; step: 'password' | 'totp'; at: Date },
): Promise<void> {
  await db.insert(staffSignInFailures).values({ ...values, login: values.login.toLowerCase() });
}

/** Failures for this login and for this address since `since`. */
export async function countSignInFailures(
  db: Database,
  login: string,
  ip: string | null,
  since: Date,
): Promise<{ byLogin: number; byIp: number }> {
  const [byLogin] = await db
    .select({ n: count() })
    .from(staffSignInFailures)
    .where(and(eq(staffSignInFailures.login, login.toLowerCase()), gt(staffSignInFailures.at, since)));
  const [byIp] = ip
    ? await db
        .select({ n: count() })
        .from(staffSignInFailures)
        .where(and(eq(staffSignInFailures.ip, ip), gt(staffSignInFailures.at, since)))
    : [{ n: 0 }];
  return { byLogin: byLogin?.n ?? 0, byIp: byIp?.n ?? 0 };
}

/** Accepts TOTP time step `step` for the staff member only if it is newer than the last one (no replay). */
export async function claimTotpStep(db: Database, staffId: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({
      totpLastStep: step,
      totpEnrolledAt: sql`coalesce(${staffUsers.totpEnrolledAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), sql`${staffUsers.totpLastStep} < ${step}`)),
    )
    .returning({ id: staffUsers.id });
  return rows.length === 1;
}

export interface AuditEntry {
  staffId: number;
  staffName: string;
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  ip: string | null;
  at: Date;
}

export async function insertAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(staffAuditLog).values({
    ...entry,
    before: entry.before === undefined ? null : (entry.before as object),
    after: entry.after === undefined ? null : (entry.after as object),
  });
}
