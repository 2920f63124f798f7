import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import styles from './badge.module.css';

/** info: under way; success: done; warning: needs a look; danger: refused; neutral: closed. */
export type BadgeTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  tone: BadgeTone;
}

/** A status chip («В пути», «Одобрена»): the text says it, the colour only repeats it. */
export function Badge({ tone, className, ...rest }: BadgeProps) {
  return <span className={clsx(styles.badge, styles[tone], className)} {...rest} />;
}
