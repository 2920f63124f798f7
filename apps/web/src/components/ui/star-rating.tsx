'use client';

import { clsx } from 'clsx';
import type { ComponentPropsWithRef, KeyboardEvent } from 'react';
import styles from './star-rating.module.css';

const STARS = [1, 2, 3, 4, 5] as const;

export interface StarRatingProps extends Omit<ComponentPropsWithRef<'div'>, 'onChange' | 'role' | 'children'> {
  /** The stars chosen, 1–5; 0 while none is. */
  value: number;
  onChange: (value: number) => void;
  /** Each star's accessible name, e.g. (3) => '3 из 5'. */
  starLabel: (value: number) => string;
}

/**
 * A 1–5 rating as a radio group (name it with aria-label or aria-labelledby): a click or Space
 * chooses a star, the arrows move and choose, and the group is one Tab stop — the chosen star, or
 * the first until one is.
 */
export function StarRating({ value, onChange, starLabel, className, ...rest }: StarRatingProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, n: number) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? -1
          : 0;
    if (!step && event.key !== ' ') return;
    event.preventDefault();
    const target = step ? Math.min(5, Math.max(1, (value || n) + step)) : n;
    onChange(target);
    const group = event.currentTarget.parentElement;
    (group?.children[target - 1] as HTMLElement | undefined)?.focus();
  };
  return (
    <div role="radiogroup" className={clsx(styles.stars, className)} {...rest}>
      {STARS.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={starLabel(n)}
          tabIndex={value === n || (value === 0 && n === 1) ? 0 : -1}
          className={clsx(styles.star, n <= value && styles.lit)}
          onClick={() => onChange(n)}
          onKeyDown={(event) => onKeyDown(event, n)}
        >
          ★
        </button>
      ))}
    </div>
  );
}

export interface StarsShownProps extends Omit<ComponentPropsWithRef<'span'>, 'role' | 'children'> {
  /** The stars given, 1–5. */
  value: number;
  /** The rating in words, the image's name: «Ваша оценка: 4 из 5». */
  label: string;
}

/** A rating given, as five stars: one image named in words, the stars themselves hidden. */
export function StarsShown({ value, label, className, ...rest }: StarsShownProps) {
  return (
    <span className={clsx(styles.stars, className)} role="img" aria-label={label} {...rest}>
      {STARS.map((n) => (
        <span key={n} className={n <= value ? styles.lit : styles.dim} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}
