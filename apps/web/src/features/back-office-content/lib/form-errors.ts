import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api/client';

/**
 * Puts the API's per-field Russian messages on the form's fields that exist (by the same names);
 * returns the messages of fields the form does not have, to be shown above it.
 */
export function applyFieldErrors<T extends FieldValues>(
  fields: Record<string, string>,
  known: readonly string[],
  setError: UseFormSetError<T>,
): string[] {
  const rest: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    if (known.includes(field)) setError(field as Path<T>, { type: 'server', message });
    else rest.push(message);
  }
  return rest;
}

/**
 * After a failed save: the API's field messages go under their fields, and the text to show above
 * the form is returned — a field's message the form has no place for, or else the API's own.
 */
export function saveErrorText<T extends FieldValues>(
  error: unknown,
  known: readonly string[],
  setError: UseFormSetError<T>,
): string {
  if (!(error instanceof ApiError)) return String(error);
  return applyFieldErrors(error.fields, known, setError)[0] ?? error.message;
}
