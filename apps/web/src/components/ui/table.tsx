import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import styles from './table.module.css';

export interface TableProps extends ComponentPropsWithRef<'table'> {
  /**
   * Below 640 px every row is a card and the header row is only read out, so each cell needs a
   * label of its own (a span the feature shows at that width).
   */
  stacked?: boolean;
}

/**
 * A plain <table> in the kit's look: small type, a muted header row, a line under each row. For
 * the back-office's sortable, paged lists use DataTable.
 */
export function Table({ stacked = false, className, ...rest }: TableProps) {
  return <table className={clsx(styles.table, stacked && styles.stacked, className)} {...rest} />;
}
