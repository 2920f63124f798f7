import { clsx } from 'clsx';
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import frame from './control.module.css';
import styles from './text-area.module.css';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'> {
  /** Visible label, bound to the field. */
  label?: ReactNode;
  /** Error style without a message. */
  invalid?: boolean;
  /** Error message under the field (also sets the error style and aria-describedby). */
  error?: ReactNode;
  containerClassName?: string;
}

/** Multi-line text field of the kit: label, error message and both themes, like TextInput. */
export function TextArea({ label, invalid, error, id: idProp, className, containerClassName, ...rest }: TextAreaProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const errorId = `${id}-error`;
  const isInvalid = Boolean(invalid || error);
  return (
    <div className={clsx(frame.field, containerClassName)}>
      {label ? (
        <label htmlFor={id} className={frame.label}>
          {label}
        </label>
      ) : null}
      <textarea
        {...rest}
        id={id}
        className={clsx(styles.textarea, className)}
        aria-invalid={isInvalid || undefined}
        aria-describedby={error ? errorId : rest['aria-describedby']}
      />
      {error ? (
        <p id={errorId} className={frame.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
