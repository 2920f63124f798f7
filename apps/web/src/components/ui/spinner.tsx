import { SHELL_TEXTS } from '@freight/domain/texts/shell';
import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import { LoadingIcon } from './icons';
import styles from './spinner.module.css';

export type SpinnerSize = 'small' | 'medium' | 'large';

const SIZE_PX: Record<SpinnerSize, number> = { small: 16, medium: 24, large: 40 };

export interface SpinnerProps extends Omit<ComponentPropsWithRef<'span'>, 'children' | 'role'> {
  /** small 16 px, medium 24 px (default), large 40 px. */
  size?: SpinnerSize;
  /** Accessible name; defaults to 'Загрузка' (SHELL_TEXTS.loading). */
  label?: string;
  /** Purely visual: no role, no name, hidden from assistive technology. */
  decorative?: boolean;
}

/**
 * A rotating ring. Announces itself as a polite live region (role="status") unless decorative.
 * Has no state, so it renders in Server Components too.
 */
export function Spinner({
  size = 'medium',
  label = SHELL_TEXTS.loading,
  decorative = false,
  className,
  ...rest
}: SpinnerProps) {
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'status' as const, 'aria-label': label };
  return (
    <span {...a11y} {...rest} className={clsx(styles.spinner, className)} data-size={size}>
      <LoadingIcon className={styles.icon} size={SIZE_PX[size]} />
      {decorative ? null : <span className={styles.srOnly}>{label}</span>}
    </span>
  );
}
