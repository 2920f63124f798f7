import { count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { securityAlerts, type Database } from '@freight/db';
import type { SecurityAlertFilter } from '@freight/domain/texts/back-office-alerts';

export type SecurityAlertRow = typeof securityAlerts.$inferSelect;

/** The audit log's entity type and action of a resolution. */
export const ALERT_ENTITY = 'security_alert';
export const ALERT_RESOLVE_ACTION = 'alert.resolve';

function byStatus(status: SecurityAlertFilter): SQL | undefined {
  if (status === 'open') return isNull(securityAlerts.resolvedAt);
  if (status === 'resolved') return isNotNull(securityAlerts.resolvedAt);
  return undefined;
}

/**
 * A field of the alert's latest `alert.resolve` entry in the audit log (by its entity index),
 * for the outer row (the log is written with an alias: drizzle leaves single-table columns
 * unqualified).
 */
function resolution(field: SQL) {
  return sql<string | null>`(select ${field} from staff_audit_log a
    where a.entity_type = ${ALERT_ENTITY} and a.entity_id = security_alerts.id::text and a.action = ${ALERT_RESOLVE_ACTION}
    order by a.at desc, a.id desc limit 1)`;
}

/**
 * A page of alerts: open ones first, then the most recently seen first. With each resolved one,
 * who resolved it and the comment, read from its `alert.resolve` entry in the audit log.
 */
export async function listSecurityAlerts(
  db: Database,
  options: { status: SecurityAlertFilter; limit: number; offset: number },
) {
  const where = byStatus(options.status);
  const rows = await db
    .select({
      alert: securityAlerts,
      resolvedBy: resolution(sql.raw('a.staff_name')),
      comment: resolution(sql.raw(`a.after->>'comment'`)),
    })
    .from(securityAlerts)
    .where(where)
    .orderBy(sql`${securityAlerts.resolvedAt} is null desc`, desc(securityAlerts.lastSeenAt), desc(securityAlerts.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(securityAlerts).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One alert, optionally locked until the transaction ends (a resolution against a concurrent repeat). */
export async function findSecurityAlert(db: Database, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(securityAlerts).where(eq(securityAlerts.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Open alerts, for the start page's counter. */
export async function countOpenSecurityAlerts(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(securityAlerts).where(isNull(securityAlerts.resolvedAt));
  return row?.n ?? 0;
}
