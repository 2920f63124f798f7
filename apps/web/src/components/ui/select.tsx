import { clsx } from 'clsx';
import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import { useField } from './field';
import frame from './control.module.css';
import styles from './select.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'size' | 'multiple'> {
  /** Visible label, bound to the select with a real <label for>. */
  label?: ReactNode;
  /** The choices; `children` (<option>/<optgroup>) may be given instead or after them. */
  options?: readonly SelectOption[];
  /** A first, empty choice (value ""): «Не выбрано», «Любой город»… */
  placeholder?: string;
  /** Error look and aria-invalid. Implied by `error`. */
  invalid?: boolean;
  /** Error message under the field, bound with aria-describedby; implies `invalid`. */
  error?: ReactNode;
  /** Muted hint under the field, bound with aria-describedby. */
  hint?: ReactNode;
  /** Called with the chosen value on every change (besides `onChange`). */
  onValueChange?: (value: string) => void;
  /** Class of the outer wrapper (label + field + notes); `className` goes to the <select>. */
  containerClassName?: string;
}

/**
 * A native <select> with the kit's look: a real label, the hint and error lines in
 * aria-describedby (the same wiring as TextInput), aria-invalid. Native, so the keyboard, the
 * phone's picker and a plain GET form (no JavaScript) all work. No client hooks: it renders in
 * Server Components too; pass `onChange`/`onValueChange` only from client code.
 */
export function Select({
  label,
  options,
  placeholder,
  invalid = false,
  error,
  hint,
  onValueChange,
  onChange,
  containerClassName,
  className,
  id: idProp,
  disabled,
  children,
  'aria-describedby': describedByProp,
  ...selectProps
}: SelectProps) {
  const field = useField({
    id: idProp,
    hint,
    error,
    describedBy: describedByProp,
    hintClassName: frame.hint,
    errorClassName: frame.error,
  });
  const isInvalid = invalid || field.hasError;
  const handleChange =
    onChange || onValueChange
      ? (event: ChangeEvent<HTMLSelectElement>) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }
      : undefined;

  return (
    <div className={clsx(frame.field, containerClassName)}>
      {label ? (
        <label className={frame.label} htmlFor={field.id}>
          {label}
        </label>
      ) : null}
      <div className={clsx(frame.control, styles.control, isInvalid && frame.invalid, disabled && frame.disabled)}>
        <select
          {...selectProps}
          id={field.id}
          className={clsx(styles.select, className)}
          disabled={disabled}
          onChange={handleChange}
          aria-invalid={isInvalid || undefined}
          aria-describedby={field.describedBy}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            // `disabled` only when set: an undefined prop still costs bytes in the page data of
            // a server-rendered select (≈ 25 per option, 2 KB for the 80 cities of /offices).
            <option key={option.value} value={option.value} {...(option.disabled ? { disabled: true } : {})}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
      </div>
      {field.notes}
    </div>
  );
}
