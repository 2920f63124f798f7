import type { z } from 'zod';
import { MESSAGES } from '@freight/domain';
import { ApiError } from '@/lib/api/client';

export type FieldErrors = Record<string, string>;

/** First Russian message per field of a failed zod parse (`_` for the form as a whole). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses form values with the call's contract schema; field errors instead of a throw. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: zodFieldErrors(result.error) };
}

/**
 * Splits an API failure into messages next to fields and one message for the form. A field the
 * form does not show has its message shown for the form.
 */
export function apiErrors(
  error: unknown,
  shownFields: readonly string[],
): { fields: FieldErrors; form: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, form: MESSAGES.common.internalError };
  const fields: FieldErrors = {};
  let form: string | null = null;
  for (const [key, message] of Object.entries(error.fields)) {
    if (shownFields.includes(key)) fields[key] = message;
    else form ??= message;
  }
  if (Object.keys(fields).length === 0 && form === null) form = error.message;
  return { fields, form };
}
