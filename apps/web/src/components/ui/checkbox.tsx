'use client';

import { clsx } from 'clsx';
import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import { useField } from './field';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> {
  /** Visible label next to the box; clicking it toggles the box (a real <label for>). May hold links. */
  label: ReactNode;
  /** Smaller text under the label, bound with aria-describedby. */
  description?: ReactNode;
  /** Error message under the label, bound with aria-describedby; implies `invalid`. */
  error?: ReactNode;
  /** Error look and aria-invalid without a message. */
  invalid?: boolean;
  /** Called with the new checked state on every change. */
  onCheckedChange?: (checked: boolean) => void;
  /** Class of the outer wrapper; `className` goes to the <input>. */
  containerClassName?: string;
}

/**
 * The kit's checkbox: a real <input type="checkbox"> (works in forms, with react-hook-form's
 * `register`, keyboard and screen readers as is) drawn over by a themed box, with its label,
 * description and error message wired up (aria-describedby, aria-invalid).
 */
export function Checkbox({
  label,
  description,
  error,
  invalid = false,
  onCheckedChange,
  onChange,
  containerClassName,
  className,
  id: idProp,
  disabled,
  'aria-describedby': describedByProp,
  ...inputProps
}: CheckboxProps) {
  const field = useField({
    id: idProp,
    hint: description,
    error,
    describedBy: describedByProp,
    hintClassName: styles.description,
    errorClassName: styles.error,
  });
  const { id, describedBy } = field;
  const isInvalid = invalid || field.hasError;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    onChange?.(event);
    onCheckedChange?.(event.target.checked);
  }

  return (
    <div className={clsx(styles.field, isInvalid && styles.invalid, disabled && styles.disabled, containerClassName)}>
      <div className={styles.row}>
        <span className={styles.control}>
          <input
            {...inputProps}
            id={id}
            type="checkbox"
            className={clsx(styles.input, className)}
            disabled={disabled}
            onChange={handleChange}
            aria-invalid={isInvalid || undefined}
            aria-describedby={describedBy}
          />
          <svg className={styles.mark} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path
              d="M3.5 8.5l3 3 6-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
      </div>
      {field.notes}
    </div>
  );
}
