import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { securityAlerts, type Database } from '@freight/db';

export type SecurityAlertRow = typeof securityAlerts.$inferSelect;

export interface AlertInput {
  /** What happened, e.g. `sms_budget_prefix`. */
  kind: string;
  /** What it is about, e.g. `prefix:+7916123`, `ip:203.0.113.7`, `global`. Never a plain phone. */
  scope: string;
  details: Record<string, unknown>;
  now: Date;
}

/**
 * Raises a security alert for the log's reader and the back-office: one open row per kind and
 * scope. While a row is open, a repeat only moves its `last_seen_at`, replaces its details and
 * counts `hits`; after an operator resolves it, the next one opens a new row. Call it inside a
 * transaction: a transaction-scoped advisory lock on kind + scope keeps concurrent raisers from
 * opening two rows (the open-row index is not unique).
 */
export async function raiseSecurityAlert(
  db: Database,
  input: AlertInput,
): Promise<{ row: SecurityAlertRow; created: boolean }> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`security_alert:${input.kind}:${input.scope}`}))`);
  const [updated] = await db
    .update(securityAlerts)
    .set({
      lastSeenAt: input.now,
      details: sql`${JSON.stringify(input.details)}::jsonb || jsonb_build_object('hits', coalesce((${securityAlerts.details}->>'hits')::int, 1) + 1)`,
    })
    .where(
      and(
        eq(securityAlerts.kind, input.kind),
        eq(securityAlerts.scope, input.scope),
        isNull(securityAlerts.resolvedAt),
      ),
    )
    .returning();
  if (updated) return { row: updated, created: false };
  const [inserted] = await db
    .insert(securityAlerts)
    .values({
      kind: input.kind,
      scope: input.scope,
      details: { ...input.details, hits: 1 },
      createdAt: input.now,
      lastSeenAt: input.now,
    })
    .returning();
  if (!inserted) throw new Error('security alert insert returned no row');
  return { row: inserted, created: true };
}

/**
 * Open (unresolved) alerts, the most recently seen first — the back-office list. `kind`
 * narrows to one kind, or to every kind starting with it when it ends with `*`.
 */
export async function listOpenSecurityAlerts(
  db: Database,
  options: { kind?: string; limit?: number } = {},
): Promise<SecurityAlertRow[]> {
  const { kind, limit = 100 } = options;
  const byKind = kind
    ? kind.endsWith('*')
      ? sql`${securityAlerts.kind} like ${`${kind.slice(0, -1).replace(/[\\%_]/g, '\\$&')}%`}`
      : eq(securityAlerts.kind, kind)
    : undefined;
  return db
    .select()
    .from(securityAlerts)
    .where(and(isNull(securityAlerts.resolvedAt), byKind))
    .orderBy(desc(securityAlerts.lastSeenAt), desc(securityAlerts.id))
    .limit(limit);
}

/** An operator closes an alert; the next occurrence opens a new row. False when none was open. */
export async function resolveSecurityAlert(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(securityAlerts)
    .set({ resolvedAt: now })
    .where(and(eq(securityAlerts.id, id), isNull(securityAlerts.resolvedAt)))
    .returning({ id: securityAlerts.id });
  return rows.length > 0;
}
