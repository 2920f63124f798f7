'use client';

import type { SecurityAlert, SecurityAlertPage } from '@freight/contracts/back-office-alerts';
import { formatLongDateTime } from '@freight/domain/dates';
import {
  BO_ALERTS_TEXTS,
  SECURITY_ALERT_FILTERS,
  type SecurityAlertFilter,
} from '@freight/domain/texts/back-office-alerts';
import { Badge, Button, Select } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ResolveAlertButton } from './resolve-alert-button';
import layout from '@/components/back-office/layout.module.css';
import styles from './alerts.module.css';

const T = BO_ALERTS_TEXTS.page;
const C = T.columns;

const FILTER_OPTIONS = SECURITY_ALERT_FILTERS.map((value) => ({ value, label: BO_ALERTS_TEXTS.filters[value] }));

const date = (iso: string) => <span className={styles.nowrap}>{formatLongDateTime(iso)}</span>;

const columns: DataTableColumn<SecurityAlert>[] = [
  {
    id: 'alert',
    header: C.alert,
    cell: ({ row }) => (
      <div className={styles.stack}>
        <strong>{row.original.kind_label}</strong>
        {row.original.subject ? <span className={styles.muted}>{row.original.subject}</span> : null}
      </div>
    ),
  },
  {
    id: 'details',
    header: C.details,
    cell: ({ row }) =>
      row.original.details.length > 0 ? (
        <ul className={styles.lines}>
          {row.original.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        '—'
      ),
  },
  { id: 'first_seen', header: C.firstSeen, cell: ({ row }) => date(row.original.first_seen_at) },
  { id: 'last_seen', header: C.lastSeen, cell: ({ row }) => date(row.original.last_seen_at) },
  {
    id: 'status',
    header: C.status,
    cell: ({ row }) => {
      const alert = row.original;
      const resolved = alert.status === 'resolved';
      return (
        <div className={styles.stack}>
          <Badge tone={resolved ? 'success' : 'warning'} size="s" data-status={alert.status}>
            {alert.status_label}
          </Badge>
          {resolved ? (
            <>
              {alert.resolved_at ? (
                <span className={styles.muted}>{T.resolvedAt(formatLongDateTime(alert.resolved_at))}</span>
              ) : null}
              {alert.resolved_by ? <span className={styles.muted}>{T.resolvedBy(alert.resolved_by)}</span> : null}
              {alert.comment ? <span className={styles.muted}>{T.comment(alert.comment)}</span> : null}
            </>
          ) : (
            <ResolveAlertButton alert={alert} />
          )}
        </div>
      );
    },
  },
];

/**
 * The security alerts: the «Состояние» filter (a plain GET form) and the server-paged table —
 * what fired, its details, when first and last, and «Закрыть» on each open one.
 */
export function AlertsTable({ data, filter }: { data: SecurityAlertPage; filter: SecurityAlertFilter }) {
  return (
    <>
      <form method="get" className={layout.toolbar}>
        <Select label={T.filter} name="status" defaultValue={filter} options={FILTER_OPTIONS} />
        <Button type="submit">{T.apply}</Button>
      </form>
      <DataTable
        columns={columns}
        data={data.items}
        total={data.total}
        page={data.page}
        perPage={data.per_page}
        caption={T.caption}
        emptyText={filter === 'open' ? T.emptyOpen : T.empty}
        getRowId={(row) => String(row.id)}
      />
    </>
  );
}
