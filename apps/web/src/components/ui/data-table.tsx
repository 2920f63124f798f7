'use client';

import {
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  flexRender,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { Link } from '@/components/ui/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { UI_TEXTS } from '@freight/domain/texts/ui';
import { Pagination } from './pagination';
import styles from './data-table.module.css';

const T = UI_TEXTS.dataTable;
const EMPTY_SELECTION: RowSelectionState = {};

/** The TanStack Table features the kit's tables use (v9 registers them explicitly). */
export const dataTableFeatures = tableFeatures({ rowSelectionFeature, rowSortingFeature });

/** A column of a DataTable: TanStack's ColumnDef for these features. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the value type varies per column
export type DataTableColumn<Row extends RowData> = ColumnDef<typeof dataTableFeatures, Row, any>;

export interface DataTableSort {
  id: string;
  desc: boolean;
}

export interface DataTableProps<Row extends RowData> {
  /** TanStack column definitions; a column sorts (on the server) when `enableSorting: true`. */
  columns: DataTableColumn<Row>[];
  /** The rows of the page shown. */
  data: Row[];
  /** Rows matching the filters, on every page. */
  total: number;
  /** The page shown, 1-based, and the page size: both come from the address. */
  page: number;
  perPage: number;
  /** The server's sort (the `sort` and `desc` query parameters). */
  sort?: DataTableSort | null;
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  /** Stable id of a row (selection survives a refresh); default the row index. */
  getRowId?: (row: Row, index: number) => string;
  /** A checkbox column; `onSelectionChange` gets the ids of the selected rows. */
  selectable?: boolean;
  onSelectionChange?: (ids: string[]) => void;
  /** Label of a row's checkbox, e.g. its track number. */
  rowLabel?: (row: Row) => string;
  /** Shown instead of the table when there are no rows. */
  emptyText?: string;
}

/**
 * The kit's data table (TanStack Table, headless) for server-paged lists: the address holds the
 * page (`page`), the page size (`per_page`) and the sort (`sort`, `desc`), so a view can be shared,
 * reloaded and navigated back to; the server pages and sorts. Sortable headers are buttons
 * (aria-sort on the header cell), pages are links, optional row checkboxes with «select all on the
 * page»; wide tables scroll inside their frame.
 */
export function DataTable<Row extends RowData>({
  columns,
  data,
  total,
  page,
  perPage,
  sort,
  caption,
  getRowId,
  selectable = false,
  onSelectionChange,
  rowLabel,
  emptyText = T.empty,
}: DataTableProps<Row>) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  // The selection belongs to the rows it was made on: a new page of rows starts with nothing selected.
  const [selection, setSelection] = useState<{ rows: Row[]; value: RowSelectionState }>({ rows: data, value: {} });
  const rowSelection = selection.rows === data ? selection.value : EMPTY_SELECTION;
  useEffect(() => {
    onSelectionChange?.(Object.keys(rowSelection).filter((id) => rowSelection[id]));
  }, [rowSelection, onSelectionChange]);

  const allColumns = useMemo<DataTableColumn<Row>[]>(() => {
    if (!selectable) return columns;
    const select: DataTableColumn<Row> = {
      id: '__select',
      enableSorting: false,
      header: ({ table }) => (
        <input
          type="checkbox"
          className={styles.check}
          aria-label={T.selectAll}
          checked={table.getIsAllRowsSelected()}
          ref={(el) => {
            if (el) el.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          className={styles.check}
          aria-label={T.selectRow(rowLabel ? rowLabel(row.original) : String(row.index + 1))}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selectable, rowLabel]);

  const table = useTable({
    features: dataTableFeatures,
    data,
    columns: allColumns,
    manualSorting: true,
    enableSortingRemoval: false,
    enableRowSelection: selectable,
    state: { rowSelection, sorting: sort ? [sort] : [] },
    onRowSelectionChange: (updater) =>
      setSelection((previous) => {
        const current = previous.rows === data ? previous.value : EMPTY_SELECTION;
        return { rows: data, value: typeof updater === 'function' ? updater(current) : updater };
      }),
    ...(getRowId ? { getRowId } : {}),
  });

  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(searchParams?.toString() ?? '');
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    const query = params.toString();
    return query ? `${pathname}?${query}` : (pathname ?? '');
  };

  const sortBy = (id: string) => {
    const desc = sort?.id === id ? !sort.desc : false;
    router.push(hrefWith({ sort: id, desc: desc ? '1' : null, page: null }));
  };

  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);

  return (
    <div className={styles.wrap}>
      {data.length === 0 ? (
        <p className={styles.empty} data-testid="data-table-empty">
          {emptyText}
        </p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.caption}>{caption}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sortable = header.column.columnDef.enableSorting === true;
                    const active = sort?.id === header.column.id;
                    const content = header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={active ? (sort!.desc ? 'descending' : 'ascending') : sortable ? 'none' : undefined}
                        className={header.column.id === '__select' ? styles.selectCell : undefined}
                      >
                        {sortable ? (
                          <button type="button" className={styles.sort} onClick={() => sortBy(header.column.id)}>
                            {content}
                            <span aria-hidden="true" className={styles.arrow}>
                              {active ? (sort!.desc ? '↓' : '↑') : '↕'}
                            </span>
                          </button>
                        ) : (
                          content
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} data-selected={row.getIsSelected() || undefined}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={cell.column.id === '__select' ? styles.selectCell : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.footer}>
        {total > 0 ? (
          <p className={styles.summary} aria-live="polite">
            {T.summary(first, last, total)}
          </p>
        ) : null}
        <Pagination page={page} pages={pages} href={(n) => hrefWith({ page: n === 1 ? null : String(n) })} as={Link} />
      </div>
    </div>
  );
}
