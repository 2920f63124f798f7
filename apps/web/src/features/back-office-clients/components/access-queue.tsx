'use client';

import { Link } from '@/components/ui/link';
import type { AccessQueueFilter, AccessQueueItem, AccessQueuePage } from '@freight/contracts/back-office-clients';
import { ACCESS_REQUEST_STATUSES } from '@freight/domain/access-request';
import { formatDateTime } from '@freight/domain/dates';
import { ACCESS_REQUEST_TEXTS } from '@freight/domain/texts/access-request';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { Button, Select, TextInput } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { AccessRequestStatusBadge } from '@/components/status/status-badges';
import layout from '@/components/back-office/layout.module.css';
import styles from './clients.module.css';

const T = BO_CLIENTS_TEXTS.access;
const C = T.columns;

/** «На проверке» … «Отклонена», then every undecided one, then all. */
export const QUEUE_FILTER_OPTIONS: { value: AccessQueueFilter; label: string }[] = [
  ...ACCESS_REQUEST_STATUSES.map((status) => ({ value: status, label: ACCESS_REQUEST_TEXTS.statuses[status] })),
  { value: 'open', label: T.statusOpen },
  { value: 'all', label: T.statusAll },
];

const columns: DataTableColumn<AccessQueueItem>[] = [
  {
    id: 'created_at',
    header: C.created,
    enableSorting: true,
    cell: ({ row }) => <span className={styles.nowrap}>{formatDateTime(row.original.created_at)}</span>,
  },
  { id: 'type', header: C.type, cell: ({ row }) => row.original.type_label },
  {
    id: 'name',
    header: C.name,
    cell: ({ row }) => <Link href={`/back-office/access/${row.original.id}`}>{row.original.name}</Link>,
  },
  {
    id: 'identifier',
    header: C.identifier,
    cell: ({ row }) => {
      const { inn, kpp, passport } = row.original;
      if (inn) return kpp ? `${inn} / ${kpp}` : inn;
      return passport ?? '—';
    },
  },
  {
    id: 'phone',
    header: C.phone,
    cell: ({ row }) => <span className={styles.nowrap}>{row.original.phone ?? '—'}</span>,
  },
  { id: 'files', header: C.files, cell: ({ row }) => row.original.files_count },
  {
    id: 'status',
    header: C.status,
    cell: ({ row }) => (
      <AccessRequestStatusBadge status={row.original.status} label={row.original.status_label} size="s" />
    ),
  },
];

/** The request queue: the status filter and search (a plain GET form), then the table. */
export function AccessQueue({
  data,
  status,
  q,
  desc,
}: {
  data: AccessQueuePage;
  status: AccessQueueFilter;
  q: string;
  desc: boolean;
}) {
  return (
    <>
      <form method="get" className={layout.toolbar} role="search" aria-label={T.title}>
        <Select label={T.statusFilter} name="status" defaultValue={status} options={QUEUE_FILTER_OPTIONS} />
        <TextInput label={T.searchLabel} name="q" type="search" defaultValue={q} maxLength={200} />
        <Button type="submit">{T.apply}</Button>
      </form>
      <DataTable
        columns={columns}
        data={data.items}
        total={data.total}
        page={data.page}
        perPage={data.per_page}
        sort={{ id: 'created_at', desc }}
        caption={T.caption}
        emptyText={T.empty}
        getRowId={(row) => row.id}
      />
    </>
  );
}
