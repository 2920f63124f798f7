'use client';

import { Link } from '@/components/ui/link';
import { useMemo } from 'react';
import type { AdminTariff } from '@freight/contracts/back-office-content';
import { formatRub } from '@freight/domain/money';
import { formatTransitTerms } from '@freight/domain/pricing';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;

export interface TariffPage {
  items: AdminTariff[];
  total: number;
  page: number;
  per_page: number;
}

/** «Москва → Сибирь». */
export const routeName = (tariff: AdminTariff) => `${tariff.from_zone.name} → ${tariff.to_zone.name}`;

/** Tariff routes with their first weight and volume rates, minimum and transit time; the route opens its editor. */
export function TariffTable({ data }: { data: TariffPage }) {
  const columns = useMemo<DataTableColumn<AdminTariff>[]>(
    () => [
      {
        id: 'route',
        header: T.fields.route,
        cell: ({ row }) => (
          <Link
            href={`/back-office/prices/tariffs/${row.original.id}`}
            aria-label={`${routeName(row.original)}, ${row.original.transportation_type.name}`}
          >
            {routeName(row.original)}
          </Link>
        ),
      },
      { id: 'type', header: T.fields.transportType, cell: ({ row }) => row.original.transportation_type.name },
      {
        id: 'weight',
        header: T.fields.ratePerKg,
        cell: ({ row }) => (
          <span className={styles.nowrap}>{formatRub(row.original.weight_breaks[0]?.rate_kopecks ?? 0)}</span>
        ),
      },
      {
        id: 'volume',
        header: T.fields.ratePerM3,
        cell: ({ row }) => (
          <span className={styles.nowrap}>{formatRub(row.original.volume_breaks[0]?.rate_kopecks ?? 0)}</span>
        ),
      },
      {
        id: 'min',
        header: T.fields.minCharge,
        cell: ({ row }) => <span className={styles.nowrap}>{formatRub(row.original.min_charge_kopecks)}</span>,
      },
      {
        id: 'transit',
        header: T.fields.transit,
        cell: ({ row }) => (
          <span className={styles.nowrap}>
            {formatTransitTerms(row.original.transit_days_min, row.original.transit_days_max)}
          </span>
        ),
      },
      { id: 'list', header: T.fields.priceList, cell: ({ row }) => row.original.price_list.name },
    ],
    [],
  );
  return (
    <DataTable
      columns={columns}
      data={data.items}
      total={data.total}
      page={data.page}
      perPage={data.per_page}
      caption={T.pages.tariffs}
      getRowId={(row) => String(row.id)}
      emptyText={T.notices.noTariffs}
    />
  );
}
