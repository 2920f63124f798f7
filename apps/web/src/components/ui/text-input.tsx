'use client';

import { UI_TEXTS } from '@freight/domain/texts/ui';

import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import { useField } from './field';
import { CloseIcon } from './icons';
import { useMergedRef } from './use-merged-ref';
import frame from './control.module.css';
import styles from './text-input.module.css';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  /** Visible label, bound to the input with a real <label for>. */
  label?: ReactNode;
  /** Decorative icon at the end of the field. Showing an icon turns the clear button off. */
  icon?: ReactNode;
  /** Error look and aria-invalid. Implied by `error`. */
  invalid?: boolean;
  /** Error message under the field, bound with aria-describedby; implies `invalid`. */
  error?: ReactNode;
  /** Muted hint under the field (a format, a limit), bound with aria-describedby. */
  hint?: ReactNode;
  /** The 'Очистить' button, shown while there is a value. On by default, always off with an `icon`. */
  clearable?: boolean;
  /** Called with the new string value on every change, including a clear. */
  onValueChange?: (value: string) => void;
  /** Class of the outer wrapper (label + field + error); `className` goes to the <input>. */
  containerClassName?: string;
}

/**
 * Sets the value the way a user would, so React (and form libraries listening to the element)
 * see a normal `input` event: the prototype setter bypasses React's value tracker, then the
 * dispatched event makes React call onChange for controlled and uncontrolled inputs alike.
 */
export function setValueAsUser(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
  if (setter) setter.call(input, value);
  else input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function TextInput({
  label,
  icon,
  invalid = false,
  error,
  hint,
  clearable = true,
  onValueChange,
  containerClassName,
  className,
  id: idProp,
  ref,
  value,
  defaultValue,
  onChange,
  disabled,
  readOnly,
  'aria-describedby': describedByProp,
  ...inputProps
}: TextInputProps) {
  const field = useField({
    id: idProp,
    hint,
    error,
    describedBy: describedByProp,
    hintClassName: frame.hint,
    errorClassName: frame.error,
  });
  const { id, describedBy } = field;
  const isInvalid = invalid || field.hasError;

  const inputRef = useRef<HTMLInputElement | null>(null);
  const mergedRef = useMergedRef(inputRef, ref);

  const isControlled = value !== undefined;
  const [uncontrolledHasValue, setUncontrolledHasValue] = useState(
    () => defaultValue !== undefined && defaultValue !== null && String(defaultValue) !== '',
  );
  const hasValue = isControlled ? value !== null && String(value) !== '' : uncontrolledHasValue;

  const showClear = clearable && !icon && hasValue && !disabled && !readOnly;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    if (!isControlled) setUncontrolledHasValue(event.target.value !== '');
    onChange?.(event);
    onValueChange?.(event.target.value);
  }

  function clear() {
    const input = inputRef.current;
    if (!input) return;
    setValueAsUser(input, '');
    input.focus();
  }

  return (
    <div className={clsx(frame.field, containerClassName)}>
      {label ? (
        <label className={frame.label} htmlFor={id}>
          {label}
        </label>
      ) : null}
      <div className={clsx(frame.control, isInvalid && frame.invalid, disabled && frame.disabled)}>
        <input
          {...inputProps}
          ref={mergedRef}
          id={id}
          className={clsx(styles.input, className)}
          value={value}
          defaultValue={defaultValue}
          onChange={handleChange}
          disabled={disabled}
          readOnly={readOnly}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
        />
        {showClear ? (
          <button
            type="button"
            className={styles.clear}
            aria-label={UI_TEXTS.clear}
            title={UI_TEXTS.clear}
            onClick={clear}
          >
            <CloseIcon size={16} />
          </button>
        ) : null}
        {icon ? (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
      </div>
      {field.notes}
    </div>
  );
}
