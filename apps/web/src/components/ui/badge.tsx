import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import styles from './badge.module.css';

/** info: under way; success: done; warning: needs a look; danger: refused; neutral: closed. */
export type BadgeTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

/** m: on its own (a card, a page title); s: in a table row or a dense list. */
export type BadgeSize = 'm' | 's';

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  tone: BadgeTone;
  size?: BadgeSize;
}

/** A status chip («В пути», «Одобрена»): the text says it, the colour only repeats it. */
export function Badge({ tone, size = 'm', className, ...rest }: BadgeProps) {
  return <span className={clsx(styles.badge, styles[tone], size === 's' && styles.small, className)} {...rest} />;
}
