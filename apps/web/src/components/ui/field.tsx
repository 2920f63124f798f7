import { clsx } from 'clsx';
import { useId } from 'react';
import type { ReactNode } from 'react';

/** True when a label, hint or error slot has something to show (not undefined, null, false or ''). */
export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

export interface FieldOptions {
  /** The caller's id of the control; generated when omitted. */
  id: string | undefined;
  /** Muted line under the control. */
  hint: ReactNode;
  /** Error line under the control (after the hint). */
  error: ReactNode;
  /** The caller's own aria-describedby, kept first. */
  describedBy: string | undefined;
  /** Class names of the two lines (each field styles them its own way). */
  hintClassName: string | undefined;
  errorClassName: string | undefined;
}

/**
 * The wiring every kit field shares: the control's id, the hint and error lines under it with
 * their ids, and the aria-describedby that lists them (caller's ids first, then hint, then error).
 * `notes` is the markup of the two lines, to render after the control.
 */
export function useField({ id: idProp, hint, error, describedBy, hintClassName, errorClassName }: FieldOptions): {
  id: string;
  hasError: boolean;
  describedBy: string | undefined;
  notes: ReactNode;
} {
  const autoId = useId();
  const id = idProp ?? autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasHint = hasContent(hint);
  const hasError = hasContent(error);
  return {
    id,
    hasError,
    describedBy: clsx(describedBy, hasHint && hintId, hasError && errorId) || undefined,
    notes: (
      <>
        {hasHint ? (
          <p id={hintId} className={hintClassName}>
            {hint}
          </p>
        ) : null}
        {hasError ? (
          <p id={errorId} className={errorClassName}>
            {error}
          </p>
        ) : null}
      </>
    ),
  };
}
