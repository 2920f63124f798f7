import { and, desc, eq, gt, gte, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  authEvents,
  consents,
  emailTokens,
  feedbackMessages,
  outbox,
  sessions,
  users,
  verificationCodes,
  type Database,
} from '@freight/db';
import { anonymizeUserOrders, moveOrderSessionRows } from '../orders/orders.repository';

export type UserRow = typeof users.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;

// ---- users --------------------------------------------------------------------------------

export async function findActiveUserByPhone(db: Database, phone: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findActiveUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findActiveUserById(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function insertUser(
  db: Database,
  values: { name: string; phone: string; passwordHash: string; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      phone: values.phone,
      passwordHash: values.passwordHash,
      isVerified: true,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function updateUser(
  db: Database,
  id: number,
  values: Partial<Pick<UserRow, 'name' | 'phone' | 'email' | 'passwordHash'>>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error('user update returned no row');
  return row;
}

// ---- verification codes ---------------------------------------------------------------------

export async function countCodesSince(
  db: Database,
  by: { phone: string } | { ip: string },
  since: Date,
): Promise<{ count: number; last: Date | null }> {
  const where =
    'phone' in by
      ? and(eq(verificationCodes.phone, by.phone), gte(verificationCodes.createdAt, since))
      : and(sql`${verificationCodes.ip} = ${by.ip}::inet`, gte(verificationCodes.createdAt, since));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<string | null>`max(${verificationCodes.createdAt})` })
    .from(verificationCodes)
    .where(where);
  return { count: Number(row?.count ?? 0), last: row?.last ? new Date(row.last) : null };
}

/** Serialises code requests for one phone across instances (transaction-scoped advisory lock). */
export async function lockPhone(db: Database, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'phone:' + phone}))`);
}

export async function insertCode(db: Database, values: typeof verificationCodes.$inferInsert): Promise<CodeRow> {
  const [row] = await db.insert(verificationCodes).values(values).returning();
  if (!row) throw new Error('code insert returned no row');
  return row;
}

/** Earlier open codes of the same phone, purpose and session stop working when a new one is sent. */
export async function retireOpenCodes(
  db: Database,
  phone: string,
  purpose: string,
  sessionId: string,
  now: Date,
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.phone, phone),
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.sessionId, sessionId),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

/** The newest unchecked, unspent code for phone + purpose asked for by this session. */
export async function findOpenCode(
  db: Database,
  phone: string,
  purpose: string,
  sessionId: string,
): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.phone, phone),
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.sessionId, sessionId),
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.confirmedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Reserves one attempt on a code, atomically: returns the new attempt count, or null when the
 * code already had its 5 (so two parallel guesses can never both be the 5th).
 */
export async function reserveCodeAttempt(db: Database, id: string, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, id), lt(verificationCodes.attempts, maxAttempts)))
    .returning({ attempts: verificationCodes.attempts });
  return row ? row.attempts : null;
}

export async function markCodeConfirmed(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ confirmedAt: now })
    .where(
      and(eq(verificationCodes.id, id), isNull(verificationCodes.confirmedAt), isNull(verificationCodes.consumedAt)),
    )
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/**
 * Spends a code that was entered correctly; false when someone else spent it first (single use).
 * `confirmed_at` is kept or set too: it marks every code proven right, which is what the CAPTCHA's
 * conversion counts (decision 011) — a code retired by a newer one is spent without it.
 */
export async function consumeCode(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({
      consumedAt: now,
      confirmedAt: sql`coalesce(${verificationCodes.confirmedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/** A sign-up code this session confirmed after `since` and has not used yet. */
export async function findConfirmedRegistration(db: Database, sessionId: string, since: Date): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, 'registration'),
        eq(verificationCodes.sessionId, sessionId),
        isNotNull(verificationCodes.confirmedAt),
        gt(verificationCodes.confirmedAt, since),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.confirmedAt))
    .limit(1);
  return row ?? null;
}

// ---- e-mail tokens ----------------------------------------------------------------------------

export async function insertEmailToken(db: Database, values: typeof emailTokens.$inferInsert): Promise<EmailTokenRow> {
  const [row] = await db.insert(emailTokens).values(values).returning();
  if (!row) throw new Error('email token insert returned no row');
  return row;
}

export async function countEmailTokensSince(db: Database, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(emailTokens)
    .where(and(sql`lower(${emailTokens.email}) = ${email.toLowerCase()}`, gte(emailTokens.createdAt, since)));
  return Number(row?.count ?? 0);
}

export async function retireEmailTokens(db: Database, userId: number, purposes: string[], now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(emailTokens.userId, userId),
        sql`${emailTokens.purpose} in (${sql.join(
          purposes.map((p) => sql`${p}`),
          sql`, `,
        )})`,
        isNull(emailTokens.consumedAt),
      ),
    );
}

export async function findEmailTokenByHash(db: Database, tokenHash: string): Promise<EmailTokenRow | null> {
  const [row] = await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** The newest open (unspent, unexpired) confirmation or change token of a user. */
export async function findPendingEmailToken(db: Database, userId: number, now: Date): Promise<EmailTokenRow | null> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        sql`${emailTokens.purpose} in ('confirm', 'change')`,
        isNull(emailTokens.consumedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row ?? null;
}

export async function reserveEmailCodeAttempt(db: Database, id: string, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ attempts: sql`${emailTokens.attempts} + 1` })
    .where(and(eq(emailTokens.id, id), lt(emailTokens.attempts, maxAttempts)))
    .returning({ attempts: emailTokens.attempts });
  return row ? row.attempts : null;
}

export async function consumeEmailToken(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ consumedAt: now })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.consumedAt)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

// ---- sign-in log ----------------------------------------------------------------------------------

export async function insertAuthEvent(db: Database, values: typeof authEvents.$inferInsert): Promise<void> {
  await db.insert(authEvents).values(values);
}

export async function countFailedSignIns(db: Database, phoneHash: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authEvents)
    .where(
      and(
        eq(authEvents.phoneHash, phoneHash),
        eq(authEvents.event, 'sign_in_password'),
        eq(authEvents.outcome, 'failure'),
        gte(authEvents.createdAt, since),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Wrong current-password entries of a signed-in user (re-authentication, password change, deletion). */
export async function countFailedReauth(db: Database, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authEvents)
    .where(
      and(
        eq(authEvents.userId, userId),
        sql`${authEvents.event} in ('reauthenticate', 'password_change', 'account_delete')`,
        eq(authEvents.outcome, 'failure'),
        gte(authEvents.createdAt, since),
      ),
    );
  return Number(row?.count ?? 0);
}

// ---- sessions of a user -------------------------------------------------------------------------------

export type SessionRow = typeof sessions.$inferSelect;

export async function revokeSession(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except `keepId` when given. */
export async function revokeUserSessions(db: Database, userId: number, now: Date, keepId?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepId ? ne(sessions.id, keepId) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function listLiveUserSessions(
  db: Database,
  userId: number,
  now: Date,
  idleMs: number,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

export async function revokeUserSession(db: Database, userId: number, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

// ---- data that follows a session, and personal data of a deleted account -------------------------

/**
 * Moves everything that belongs to a visitor's anonymous session to their new signed-in session.
 * Every table with a `session_id` that should survive sign-in is listed here; the order draft and
 * the anonymous orders go to the signed-in user (`moveOrderSessionRows`).
 */
export async function moveSessionRows(db: Database, oldId: string, newId: string): Promise<void> {
  await db.update(consents).set({ sessionId: newId }).where(eq(consents.sessionId, oldId));
  await db.update(feedbackMessages).set({ sessionId: newId }).where(eq(feedbackMessages.sessionId, oldId));
  await db.update(verificationCodes).set({ sessionId: newId }).where(eq(verificationCodes.sessionId, oldId));
  await moveOrderSessionRows(db, oldId, newId);
}

/**
 * 152-FZ erasure of a deleted account: the user row stays (orders and accounting records refer
 * to it) with every personal field cleared; codes, links and sessions are deleted; messages
 * lose their contact details; the sign-in log loses addresses; delivered messages lose their
 * recipient; consents are marked withdrawn (the record of what was agreed to, and when, is
 * kept as the operator's proof).
 */
export async function erasePersonalData(
  db: Database,
  user: { id: number; phone: string | null; email: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ name: null, phone: null, email: null, passwordHash: null, isVerified: false, deletedAt: now })
    .where(eq(users.id, user.id));
  await db.delete(verificationCodes).where(eq(verificationCodes.userId, user.id));
  if (user.phone) await db.delete(verificationCodes).where(eq(verificationCodes.phone, user.phone));
  await db.delete(emailTokens).where(eq(emailTokens.userId, user.id));
  const recipients = [user.phone, user.email].filter((r): r is string => Boolean(r));
  for (const recipient of recipients) {
    await db
      .update(outbox)
      .set({ recipient: '[удалено]' })
      .where(
        and(
          sql`lower(${outbox.recipient}) = ${recipient.toLowerCase()}`,
          ne(outbox.status, 'pending'),
          ne(outbox.status, 'sending'),
        ),
      );
  }
  await db.update(feedbackMessages).set({ name: null, contact: null }).where(eq(feedbackMessages.userId, user.id));
  await db.update(authEvents).set({ ip: null, userAgent: null, phoneHash: null }).where(eq(authEvents.userId, user.id));
  await db
    .update(consents)
    .set({ withdrawnAt: now })
    .where(and(eq(consents.userId, user.id), isNull(consents.withdrawnAt)));
  await anonymizeUserOrders(db, user.id, now);
  await db.delete(sessions).where(eq(sessions.userId, user.id));
}

/**
 * Housekeeping: codes older than two days (the daily limit needs one), spent or expired e-mail
 * links older than a day, delivered or failed messages older than a week.
 */
export async function purgeIdentityData(db: Database, now: Date): Promise<void> {
  const day = 24 * 3_600_000;
  await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, new Date(now.getTime() - 2 * day)));
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, new Date(now.getTime() - day)));
  await db
    .delete(outbox)
    .where(and(sql`${outbox.status} in ('sent', 'failed')`, lt(outbox.createdAt, new Date(now.getTime() - 7 * day))));
}
