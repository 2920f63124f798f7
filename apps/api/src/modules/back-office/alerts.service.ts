import type { SecurityAlert, SecurityAlertPage } from '@freight/contracts/back-office-alerts';
import type { Database } from '@freight/db';
import {
  BO_ALERTS_TEXTS,
  securityAlertDetails,
  securityAlertLabel,
  securityAlertSubject,
  type SecurityAlertFilter,
  type SecurityAlertStatus,
} from '@freight/domain/texts/back-office-alerts';
import { AppError } from '../../errors/app-error';
import { resolveSecurityAlert } from '../security-alerts/security-alerts.repository';
import type { BackOfficeDeps } from './back-office.deps';
import type { Audit } from './client-work.service';
import * as repo from './alerts.repository';
import type { SecurityAlertRow } from './alerts.repository';

const T = BO_ALERTS_TEXTS;
const asDb = (tx: unknown) => tx as Database;

const notFound = () => new AppError('NOT_FOUND', 404, T.errors.notFound);

/** An alert as the back-office shows it: named, its details in Russian, a phone only masked. */
function alertOut(
  row: SecurityAlertRow,
  resolution: { resolvedBy: string | null; comment: string | null },
): SecurityAlert {
  const details = row.details ?? {};
  const status: SecurityAlertStatus = row.resolvedAt ? 'resolved' : 'open';
  const hits = typeof details.hits === 'number' && Number.isInteger(details.hits) ? details.hits : 1;
  return {
    id: row.id,
    kind: row.kind,
    kind_label: securityAlertLabel(row.kind),
    subject: securityAlertSubject(row.kind, row.scope, details),
    details: securityAlertDetails(row.kind, row.scope, details),
    hits,
    status,
    status_label: T.status[status],
    first_seen_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedAt ? resolution.resolvedBy : null,
    comment: row.resolvedAt ? resolution.comment : null,
  };
}

/** GET security_alerts: a page, open first, the most recently seen first. */
export async function listSecurityAlerts(
  deps: BackOfficeDeps,
  query: { status: SecurityAlertFilter; page: number; per_page: number },
): Promise<SecurityAlertPage> {
  const { rows, total } = await repo.listSecurityAlerts(deps.db, {
    status: query.status,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    items: rows.map(({ alert, resolvedBy, comment }) => alertOut(alert, { resolvedBy, comment })),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

/**
 * POST security_alerts/:id/resolve: closes an open alert and writes `alert.resolve` (with the
 * comment) to the audit log in the same transaction. Unknown → 404; already resolved → 409.
 * The row is locked first, so two operators closing it at once get one 200 and one 409. The next
 * occurrence of the same kind and scope opens a new alert.
 */
export async function resolveAlert(
  deps: BackOfficeDeps,
  audit: Audit,
  staffName: string,
  id: number,
  comment: string | undefined,
): Promise<SecurityAlert> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const alert = await repo.findSecurityAlert(tx, id, { lock: true });
    if (!alert) throw notFound();
    if (alert.resolvedAt) throw new AppError('CONFLICT', 409, T.errors.alreadyResolved);
    if (!(await resolveSecurityAlert(tx, id, now))) throw new AppError('CONFLICT', 409, T.errors.alreadyResolved);
    await audit(tx, {
      action: repo.ALERT_RESOLVE_ACTION,
      entityType: repo.ALERT_ENTITY,
      entityId: id,
      before: { kind: alert.kind, scope: alert.scope, resolved_at: null },
      after: { resolved_at: now.toISOString(), comment: comment ?? null },
    });
    return { ...alert, resolvedAt: now };
  });
  return alertOut(row, { resolvedBy: staffName, comment: comment ?? null });
}
