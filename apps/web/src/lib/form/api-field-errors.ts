import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api/client';

/**
 * The fields of a form an API failure may name: a list of names the form shares with the API,
 * or a map from the API's field name to the form's (`amount_kopecks` → `amount`).
 */
export type KnownFields<T extends FieldValues> = readonly string[] | Readonly<Record<string, Path<T>>>;

const isNameList = (known: KnownFields<FieldValues>): known is readonly string[] => Array.isArray(known);

/** The form's field for the API's field name, or undefined when the form has no place for it. */
function formField<T extends FieldValues>(known: KnownFields<T>, field: string): Path<T> | undefined {
  if (isNameList(known)) return known.includes(field) ? (field as Path<T>) : undefined;
  return Object.hasOwn(known, field) ? known[field] : undefined;
}

/**
 * Puts the API's per-field Russian messages on the form's fields that exist; returns the messages
 * of fields the form does not have, to be shown above it.
 */
export function applyFieldErrors<T extends FieldValues>(
  fields: Record<string, string>,
  known: KnownFields<T>,
  setError: UseFormSetError<T>,
): string[] {
  const rest: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    const name = formField(known, field);
    if (name) setError(name, { type: 'server', message });
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
  known: KnownFields<T>,
  setError: UseFormSetError<T>,
): string {
  if (!(error instanceof ApiError)) return String(error);
  return applyFieldErrors(error.fields, known, setError)[0] ?? error.message;
}

/**
 * The props that bind a UI-kit field to a react-hook-form field: its registration and its error
 * message, so a form writes `<TextInput label="…" {...field('title')} />`.
 */
export function fieldBinder<T extends FieldValues>(form: UseFormReturn<T, unknown, T>) {
  return (name: Path<T>) => ({
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  });
}
