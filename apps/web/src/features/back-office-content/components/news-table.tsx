'use client';

import { Link } from '@/components/ui/link';
import { useMemo } from 'react';
import type { AdminNews, AdminNewsPage } from '@freight/contracts/back-office-content';
import { formatDateTime } from '@freight/domain/dates';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { statusColumn } from './row-columns';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;

/** News and events, drafts too, newest first; the title opens the editor. */
export function NewsTable({ data }: { data: AdminNewsPage }) {
  const columns = useMemo<DataTableColumn<AdminNews>[]>(
    () => [
      {
        id: 'title',
        header: T.fields.title,
        cell: ({ row }) => <Link href={`/back-office/content/news/${row.original.id}`}>{row.original.title}</Link>,
      },
      { id: 'kind', header: T.fields.kind, cell: ({ row }) => T.newsKinds[row.original.kind] },
      {
        id: 'published_at',
        header: T.fields.publishedAt,
        cell: ({ row }) => <span className={styles.nowrap}>{formatDateTime(row.original.published_at)}</span>,
      },
      statusColumn((news) => news.is_published, { on: T.notices.published, off: T.notices.draft }),
      {
        id: 'to_main_page',
        header: T.fields.toMainPage,
        cell: ({ row }) => (row.original.to_main_page ? '✓' : ''),
      },
      { id: 'slug', header: T.fields.slug, cell: ({ row }) => <code>{row.original.slug}</code> },
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
      caption={T.pages.newsTab}
      getRowId={(row) => String(row.id)}
      emptyText={T.notices.noNews}
    />
  );
}
