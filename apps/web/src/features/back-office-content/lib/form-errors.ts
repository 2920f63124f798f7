import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

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
