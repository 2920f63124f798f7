'use client';

import type { AuditEntry } from '@freight/contracts/back-office';
import { formatLongDateTime } from '@freight/domain/dates';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { Button, Select, TextInput } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import layout from '@/components/back-office/layout.module.css';
import styles from './back-office.module.css';

const T = BACK_OFFICE_TEXTS.audit;

/** Only the fields that differ between before and after, so a change reads at a glance. */
function changedFields(before: unknown, after: unknown): { key: string; from: unknown; to: unknown }[] {
  const a = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const b = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((key) => ({ key, from: a[key], to: b[key] }));
}

const ENTITY_OPTIONS = Object.entries(T.entities).map(([value, label]) => ({ value, label }));
const ACTION_OPTIONS = Object.entries(T.actions).map(([value, label]) => ({ value, label }));

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

const columns: DataTableColumn<AuditEntry>[] = [
  { id: 'at', header: T.at, cell: ({ row }) => formatLongDateTime(row.original.at) },
  { id: 'who', header: T.who, cell: ({ row }) => row.original.staff_name },
  {
    id: 'action',
    header: T.action,
    cell: ({ row }) => <span title={row.original.action}>{T.actions[row.original.action] ?? row.original.action}</span>,
  },
  {
    id: 'entity',
    header: T.entity,
    cell: ({ row }) => (
      <a
        href={`?entity_type=${encodeURIComponent(row.original.entity_type)}&entity_id=${encodeURIComponent(row.original.entity_id)}`}
      >
        {T.entities[row.original.entity_type] ?? row.original.entity_type} {row.original.entity_id}
      </a>
    ),
  },
  {
    id: 'change',
    header: T.change,
    cell: ({ row }) => {
      const changes = changedFields(row.original.before, row.original.after);
      if (changes.length === 0) return '—';
      return (
        <ul className={styles.pre}>
          {changes.slice(0, 12).map((c) => (
            <li key={c.key}>
              {c.key}: {show(c.from)} → {show(c.to)}
            </li>
          ))}
        </ul>
      );
    },
  },
];

export function AuditTable({
  data,
  filters,
}: {
  data: { items: AuditEntry[]; total: number; page: number; per_page: number };
  filters: { entity_type: string; entity_id: string; action: string };
}) {
  return (
    <>
      <form method="get" className={layout.toolbar}>
        <Select
          label={T.filterEntity}
          name="entity_type"
          defaultValue={filters.entity_type}
          placeholder={T.anyEntity}
          options={ENTITY_OPTIONS}
        />
        <TextInput label={T.filterId} name="entity_id" defaultValue={filters.entity_id} />
        <Select
          label={T.filterAction}
          name="action"
          defaultValue={filters.action}
          placeholder={T.anyAction}
          options={ACTION_OPTIONS}
        />
        <Button type="submit">{T.apply}</Button>
        <Button href="?" appearance="secondary">
          {T.reset}
        </Button>
      </form>
      <DataTable
        columns={columns}
        data={data.items}
        total={data.total}
        page={data.page}
        perPage={data.per_page}
        caption={T.caption}
        getRowId={(row) => String(row.id)}
      />
    </>
  );
}
