import { clsx } from 'clsx';
import type { ComponentPropsWithRef, HTMLAttributes } from 'react';
import styles from './panel.module.css';

/**
 * A card section of a page: the surface with its border and radius, 24 px above it, and its h2
 * sized for a card. Name it by its heading: `<Panel aria-labelledby="x-h"><h2 id="x-h">…</h2>`.
 * Has no state, so it renders in Server Components too.
 */
export function Panel({ className, ...rest }: ComponentPropsWithRef<'section'>) {
  return <section className={clsx(styles.panel, className)} {...rest} />;
}

/**
 * The panel's look for an element a component draws itself (a ChartCard, an Alert standing in a
 * panel's place). Prefer <Panel> where the element is a plain section.
 */
export const panelClassName: string = styles.panel ?? '';

export interface HintProps extends HTMLAttributes<HTMLElement> {
  /** The element: a paragraph (default) or a span inside a line. */
  as?: 'p' | 'span' | 'div';
  /** No space under it: a line among others (a card's details), not a note before a block. */
  flush?: boolean;
}

/** A muted note in small type: what a block is for, why it is empty, when it was counted. */
export function Hint({ as: Element = 'p', flush = false, className, ...rest }: HintProps) {
  return <Element className={clsx(styles.hint, flush && styles.flush, className)} {...rest} />;
}

/** A row of buttons and links that wraps on a narrow screen, its items centred on one line. */
export function ActionRow({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <div className={clsx(styles.actionRow, className)} {...rest} />;
}
