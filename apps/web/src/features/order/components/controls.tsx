'use client';

import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import styles from './order.module.css';

export interface ChoiceOption<T extends string> {
  value: T;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

/**
 * A set of native radio buttons styled as cards or a segmented control: arrow keys move the
 * choice, Tab leaves the group (the browser's radio behaviour).
 */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  layout = 'segmented',
  hideLegend = false,
}: {
  legend: ReactNode;
  name: string;
  options: readonly ChoiceOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  error?: string | undefined;
  layout?: 'segmented' | 'cards' | 'list';
  hideLegend?: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset
      className={styles.fieldset}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={clsx(styles.legend, hideLegend && 'visually-hidden')}>{legend}</legend>
      <div className={layout === 'segmented' ? styles.segmented : layout === 'list' ? styles.list : styles.cards}>
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              layout === 'segmented' ? styles.segment : styles.card,
              option.disabled && styles.choiceDisabled,
              error && styles.choiceInvalid,
            )}
          >
            <input
              type="radio"
              className={styles.radio}
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            <span className={styles.choiceBody}>
              <span className={styles.choiceLabel}>{option.label}</span>
              {option.description ? <span className={styles.choiceDescription}>{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A native select with the kit's look, a real label and an error line. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  disabled,
  id: idProp,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
  id?: string;
}) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={clsx(styles.select, error && styles.selectInvalid)}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A native checkbox with its label, an optional hint and an optional error shown right under it
 * (the box is then aria-invalid and described by the error, so a failed submit can focus it).
 */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  disabled,
  name,
  error,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
  name?: string;
  error?: string | undefined;
}) {
  const errorId = useId();
  const box = (
    <label className={clsx(styles.checkbox, disabled && styles.choiceDisabled)}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <span>
        <span className={styles.checkboxLabel}>{label}</span>
        {hint ? <span className={styles.choiceDescription}>{hint}</span> : null}
      </span>
    </label>
  );
  // Always a fragment, so the box keeps its place (and focus) as the error comes and goes.
  return (
    <>
      {box}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** An error not tied to one control (e.g. the transport choice). */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {children}
    </p>
  );
}
