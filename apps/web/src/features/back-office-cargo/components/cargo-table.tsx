'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import type { BoCargoListItem, BoOffice, BoCargoSort } from '@freight/contracts/back-office-cargo';
import { CARGO_STATUS_OPTIONS } from '@freight/domain/cargo-status';
import { formatLongDateTime } from '@freight/domain/dates';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { Alert, Button, Select } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ApiError, apiFetch } from '@/lib/api/client';
import { OfficeSelect } from './office-select';
import { CargoStatusBadge } from '@/components/status/status-badges';
import styles from './cargo.module.css';

const T = BACK_OFFICE_CARGO_TEXTS.page;
const C = T.columns;
// A cargo never goes back to «Заявка оформлена».
const BULK_STATUSES = CARGO_STATUS_OPTIONS.filter((o) => o.id !== 'created').map((o) => ({
  value: o.id,
  label: o.name,
}));

const dash = (value: string | null) => value || T.dash;

const columns: DataTableColumn<BoCargoListItem>[] = [
  {
    id: 'track',
    header: C.track,
    cell: ({ row }) => (
      <Link href={`/back-office/cargos/${encodeURIComponent(row.original.track_number)}`} className={styles.nowrap}>
        {row.original.track_number}
      </Link>
    ),
  },
  {
    id: 'status',
    header: C.status,
    cell: ({ row }) => <CargoStatusBadge status={row.original.status} label={row.original.status_label} size="s" />,
  },
  {
    id: 'created',
    header: C.created,
    enableSorting: true,
    cell: ({ row }) => formatLongDateTime(row.original.created_at),
  },
  {
    id: 'status_changed',
    header: C.statusChanged,
    enableSorting: true,
    cell: ({ row }) => formatLongDateTime(row.original.status_changed_at),
  },
  {
    id: 'route',
    header: C.route,
    cell: ({ row }) => `${row.original.city_departure} → ${row.original.city_delivery}`,
  },
  { id: 'sender', header: C.sender, cell: ({ row }) => dash(row.original.sender_name) },
  { id: 'recipient', header: C.recipient, cell: ({ row }) => dash(row.original.recipient_name) },
  {
    id: 'owner',
    header: C.owner,
    cell: ({ row }) => {
      const { name, phone, profile_name: profile } = row.original.owner;
      if (!name && !phone) return T.owner.none;
      return (
        <>
          {dash(name)}
          {phone ? (
            <>
              <br />
              <span className={styles.nowrap}>{phone}</span>
            </>
          ) : null}
          {profile && profile !== name ? (
            <>
              <br />
              {profile}
            </>
          ) : null}
        </>
      );
    },
  },
  {
    id: 'price',
    header: C.price,
    enableSorting: true,
    cell: ({ row }) => <span className={styles.nowrap}>{row.original.price_text}</span>,
  },
];

export interface CargoTableProps {
  items: BoCargoListItem[];
  total: number;
  page: number;
  perPage: number;
  sort: { id: BoCargoSort; desc: boolean };
  /** The viewer may change statuses: row selection and the bulk bar. */
  canOperate: boolean;
  offices: readonly BoOffice[];
}

/** The cargo table (server-paged and sorted) with row selection and the bulk status change. */
export function CargoTable({ items, total, page, perPage, sort, canOperate, offices }: CargoTableProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const onSelectionChange = useCallback((ids: string[]) => setSelected(ids), []);
  return (
    <>
      {canOperate ? <BulkStatusBar tracks={selected} offices={offices} /> : null}
      <DataTable
        columns={columns}
        data={items}
        total={total}
        page={page}
        perPage={perPage}
        sort={sort}
        caption={T.caption}
        emptyText={T.empty}
        getRowId={(row) => row.track_number}
        rowLabel={(row) => row.track_number}
        selectable={canOperate}
        onSelectionChange={onSelectionChange}
      />
    </>
  );
}

type Outcome = { kind: 'success'; text: string } | { kind: 'error'; text: string; refused: [string, string][] };

/** «Новый статус» + «Подразделение» for the selected cargos: all of them change, or none. */
function BulkStatusBar({ tracks, offices }: { tracks: string[]; offices: readonly BoOffice[] }) {
  const router = useRouter();
  const [status, setStatus] = useState('');
  const [office, setOffice] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async () => {
    if (tracks.length === 0 || !status) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await apiFetch<{ changed: number }>('/api/v1/back-office/cargos/bulk_status', {
        method: 'POST',
        json: { tracks, status, ...(office ? { office_id: Number(office) } : {}) },
      });
      setOutcome({ kind: 'success', text: T.bulk.done(result.changed) });
      router.refresh();
    } catch (e) {
      const error = e instanceof ApiError ? e : null;
      setOutcome({
        kind: 'error',
        text: error ? error.message : String(e),
        refused: error ? Object.entries(error.fields) : [],
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label={T.bulk.submit}>
      <div className={styles.bulk}>
        <p className={styles.bulkCount} aria-live="polite">
          {T.bulk.selected(tracks.length)}
        </p>
        <Select
          label={T.bulk.statusLabel}
          placeholder={T.bulk.choose}
          options={BULK_STATUSES}
          value={status}
          onValueChange={setStatus}
        />
        <OfficeSelect label={T.bulk.officeLabel} offices={offices} value={office} onValueChange={setOffice} />
        <Button type="button" onClick={() => void submit()} loading={busy} disabled={tracks.length === 0 || !status}>
          {T.bulk.submit}
        </Button>
      </div>
      {outcome ? (
        <Alert variant={outcome.kind === 'success' ? 'success' : 'error'}>
          {outcome.text}
          {outcome.kind === 'error' && outcome.refused.length > 0 ? (
            <ul className={styles.refused}>
              {outcome.refused.map(([track, reason]) => (
                <li key={track}>
                  {track}: {reason}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
    </section>
  );
}
