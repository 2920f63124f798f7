'use client';

import { Link } from '@/components/ui/link';
import type {
  BugReportListItem,
  BugReportPage,
  FeedbackListItem,
  FeedbackPage,
} from '@freight/contracts/back-office-clients';
import { formatDateTime } from '@freight/domain/dates';
import { INBOX_STATUSES, type InboxStatus } from '@freight/domain/staff';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { Button, Select } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { InboxStatusBadge } from './status-badge';
import layout from '@/components/back-office/layout.module.css';
import styles from './clients.module.css';

const T = BO_CLIENTS_TEXTS.inbox;
const C = T.columns;

export const INBOX_STATUS_OPTIONS = INBOX_STATUSES.map((status) => ({
  value: status,
  label: BACK_OFFICE_TEXTS.inboxStatus[status],
}));

const created = <Row extends { created_at: string }>(): DataTableColumn<Row> => ({
  id: 'created',
  header: C.created,
  cell: ({ row }) => <span className={styles.nowrap}>{formatDateTime(row.original.created_at)}</span>,
});

const status = <Row extends { status: InboxStatus; status_label: string }>(): DataTableColumn<Row> => ({
  id: 'status',
  header: C.status,
  cell: ({ row }) => <InboxStatusBadge status={row.original.status} label={row.original.status_label} size="s" />,
});

const bugColumns: DataTableColumn<BugReportListItem>[] = [
  created<BugReportListItem>(),
  {
    id: 'text',
    header: C.text,
    cell: ({ row }) => (
      <Link href={`/back-office/inbox/bug-reports/${row.original.id}`} className={styles.excerpt}>
        {row.original.excerpt}
      </Link>
    ),
  },
  { id: 'contact', header: C.contact, cell: ({ row }) => row.original.contact ?? '—' },
  { id: 'files', header: C.files, cell: ({ row }) => row.original.files_count },
  status<BugReportListItem>(),
];

const feedbackColumns: DataTableColumn<FeedbackListItem>[] = [
  created<FeedbackListItem>(),
  {
    id: 'text',
    header: C.text,
    cell: ({ row }) => (
      <Link href={`/back-office/inbox/feedback/${row.original.id}`} className={styles.excerpt}>
        {row.original.excerpt}
      </Link>
    ),
  },
  { id: 'name', header: C.name, cell: ({ row }) => row.original.name ?? '—' },
  { id: 'contact', header: C.contact, cell: ({ row }) => row.original.contact ?? '—' },
  { id: 'channel', header: C.channel, cell: ({ row }) => row.original.channel_label },
  status<FeedbackListItem>(),
];

/** The status filter of an inbox list (a plain GET form keeping the tab). */
function StatusFilter({ tab, value }: { tab: string; value: InboxStatus | null }) {
  return (
    <form method="get" className={layout.toolbar}>
      {tab === 'feedback' ? <input type="hidden" name="tab" value="feedback" /> : null}
      <Select
        label={T.statusFilter}
        name="status"
        defaultValue={value ?? ''}
        placeholder={T.statusAll}
        options={INBOX_STATUS_OPTIONS}
      />
      <Button type="submit">{T.apply}</Button>
    </form>
  );
}

export function BugReportTable({ data, filter }: { data: BugReportPage; filter: InboxStatus | null }) {
  return (
    <>
      <StatusFilter tab="bug-reports" value={filter} />
      <DataTable
        columns={bugColumns}
        data={data.items}
        total={data.total}
        page={data.page}
        perPage={data.per_page}
        caption={T.bugReports}
        emptyText={T.empty}
        getRowId={(row) => row.id}
      />
    </>
  );
}

export function FeedbackTable({ data, filter }: { data: FeedbackPage; filter: InboxStatus | null }) {
  return (
    <>
      <StatusFilter tab="feedback" value={filter} />
      <DataTable
        columns={feedbackColumns}
        data={data.items}
        total={data.total}
        page={data.page}
        perPage={data.per_page}
        caption={T.feedback}
        emptyText={T.empty}
        getRowId={(row) => String(row.id)}
      />
    </>
  );
}
