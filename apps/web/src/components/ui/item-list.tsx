import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './item-list.module.css';

/** A list of things with their details and buttons: ItemRow children, a line between them. */
export function ItemList({ className, ...rest }: ComponentPropsWithRef<'ul'>) {
  return <ul className={clsx(styles.list, className)} {...rest} />;
}

export interface ItemRowProps extends Omit<ComponentPropsWithRef<'li'>, 'children'> {
  /** The details: an ItemTitle and ItemMeta lines. */
  children: ReactNode;
  /** Its buttons: under the details on a phone, at the right from 768 px. */
  controls?: ReactNode;
  /** Under both, across the row: e.g. the error of one of its buttons. */
  below?: ReactNode;
}

/** One thing of an ItemList: its details, its buttons and, when there is one, a line under both. */
export function ItemRow({ children, controls, below, className, ...rest }: ItemRowProps) {
  return (
    <li className={clsx(styles.row, className)} {...rest}>
      <div className={styles.details}>{children}</div>
      {controls ? <div className={styles.controls}>{controls}</div> : null}
      {below ? <div className={styles.below}>{below}</div> : null}
    </li>
  );
}

/** The name of the thing, in bold; a long word breaks rather than widening the page. */
export function ItemTitle({ className, ...rest }: ComponentPropsWithRef<'p'>) {
  return <p className={clsx(styles.title, className)} {...rest} />;
}

/** A muted detail line under the title. */
export function ItemMeta({ className, ...rest }: ComponentPropsWithRef<'p'>) {
  return <p className={clsx(styles.meta, className)} {...rest} />;
}
