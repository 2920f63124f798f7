'use client';

import { UI_TEXTS } from '@freight/domain/texts/ui';
import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { NumberInput, type NumberInputProps } from '@/components/ui';
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

/** An error not tied to one control (e.g. the transport choice). */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {children}
    </p>
  );
}

/**
 * The kit's NumberInput bound to a draft number («0,5» or «0.5», shown as «0,5» once left). Text
 * that is not a number never reaches the draft (saved, put in the URL, priced): the field says so
 * and shows the draft value again when left. A `required` field never reports an empty value.
 */
export function DraftNumberInput({
  onNumber,
  required = false,
  decimals,
  ...props
}: Omit<NumberInputProps, 'onValueChange' | 'invalidMessage' | 'decimals'> & {
  /** Most digits after the comma (`SHIPMENT_INPUT_DECIMALS`); 0 for whole numbers. */
  decimals: number;
  required?: boolean;
  onNumber: (value: number | null) => void;
}) {
  return (
    <NumberInput
      {...props}
      decimals={decimals}
      invalidMessage={UI_TEXTS.numberInvalid(decimals)}
      onValueChange={(value) => {
        if (Number.isNaN(value) || (value === null && required)) return;
        onNumber(value);
      }}
    />
  );
}
