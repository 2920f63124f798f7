'use client';

import { Link } from '@/components/ui/link';
import { useMemo } from 'react';
import type { AdminPromotion } from '@freight/contracts/back-office-content';
import { formatDate } from '@freight/domain/dates';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { statusColumn } from './row-columns';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;

export interface PromotionPage {
  items: AdminPromotion[];
  total: number;
  page: number;
  per_page: number;
}

/** Promotions in their order on the site; the title opens the editor. */
export function PromotionTable({ data }: { data: PromotionPage }) {
  const columns = useMemo<DataTableColumn<AdminPromotion>[]>(
    () => [
      {
        id: 'title',
        header: T.fields.title,
        cell: ({ row }) => (
          <Link href={`/back-office/content/promotions/${row.original.id}`}>{row.original.title}</Link>
        ),
      },
      {
        id: 'period',
        header: `${T.fields.startsOn} — ${T.fields.endsOn}`,
        cell: ({ row }) => (
          <span className={styles.nowrap}>
            {formatDate(row.original.starts_on)} — {formatDate(row.original.ends_on)}
          </span>
        ),
      },
      { id: 'promo_code', header: T.fields.promoCode, cell: ({ row }) => row.original.promo_code ?? '' },
      {
        id: 'discount',
        header: T.fields.discountPercent,
        cell: ({ row }) => (row.original.discount_percent === null ? '' : `${row.original.discount_percent}\u00a0%`),
      },
      { id: 'position', header: T.fields.position, cell: ({ row }) => row.original.position },
      statusColumn((promotion) => promotion.is_active),
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
      caption={T.pages.promotionsTab}
      getRowId={(row) => String(row.id)}
      emptyText={T.notices.noPromotions}
    />
  );
}
