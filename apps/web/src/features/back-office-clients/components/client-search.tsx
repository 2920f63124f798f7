'use client';

import { Link } from '@/components/ui/link';
import type { ClientListItem, ClientPage } from '@freight/contracts/back-office-clients';
import { formatDate } from '@freight/domain/dates';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { Badge, Button, TextInput } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import layout from '@/components/back-office/layout.module.css';
import styles from './clients.module.css';

const T = BO_CLIENTS_TEXTS.clients;
const C = T.columns;

const columns: DataTableColumn<ClientListItem>[] = [
  {
    id: 'name',
    header: C.name,
    cell: ({ row }) => (
      <>
        <Link href={`/back-office/clients/${row.original.id}`}>{row.original.name || `№ ${row.original.id}`}</Link>
        {row.original.deleted ? (
          <>
            {' '}
            <Badge tone="neutral" size="s">
              {T.deleted}
            </Badge>
          </>
        ) : null}
      </>
    ),
  },
  {
    id: 'phone',
    header: C.phone,
    cell: ({ row }) => <span className={styles.nowrap}>{row.original.phone ?? '—'}</span>,
  },
  { id: 'email', header: C.email, cell: ({ row }) => row.original.email ?? '—' },
  {
    id: 'profiles',
    header: C.profiles,
    cell: ({ row }) => (
      <ul className={styles.answers}>
        {row.original.profiles.map((p) => (
          <li key={p.account_uuid}>
            {p.name}
            <br />
            <span className={layout.muted}>
              {T.profileOf(p.kind_label, p.inn, p.kpp)} · {p.role_label}
            </span>
          </li>
        ))}
      </ul>
    ),
  },
  { id: 'cargos', header: C.cargos, cell: ({ row }) => row.original.cargo_count },
  { id: 'full_access', header: C.fullAccess, cell: ({ row }) => (row.original.full_access ? T.yes : T.no) },
  {
    id: 'created',
    header: C.created,
    cell: ({ row }) => <span className={styles.nowrap}>{formatDate(row.original.created_at)}</span>,
  },
];

/** Client search: one field for a phone in any format, an ИНН, a part of a name or an e-mail. */
export function ClientSearch({ data, q }: { data: ClientPage; q: string }) {
  return (
    <>
      <form method="get" className={layout.toolbar} role="search" aria-label={T.title}>
        <TextInput label={T.searchLabel} name="q" type="search" defaultValue={q} maxLength={200} autoFocus />
        <Button type="submit">{T.searchButton}</Button>
      </form>
      <DataTable
        columns={columns}
        data={data.items}
        total={data.total}
        page={data.page}
        perPage={data.per_page}
        caption={T.caption}
        emptyText={T.empty}
        getRowId={(row) => String(row.id)}
      />
    </>
  );
}
