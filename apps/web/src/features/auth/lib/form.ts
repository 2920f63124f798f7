import { useEffect } from 'react';
import type { z } from 'zod';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError } from '@/lib/api/client';
import type * as SchemaModule from './schemas';

export type FieldErrors = Record<string, string>;

type Schemas = typeof SchemaModule;
export type SchemaName = keyof Schemas;

let schemas: Promise<Schemas> | null = null;

/**
 * The forms' zod schemas, loaded on demand: zod stays out of the pages' first-load JavaScript
 * (issue #9). A failed load is forgotten, so the next submit tries again.
 */
export function loadSchemas(): Promise<Schemas> {
  schemas ??= import('./schemas').catch((error: unknown) => {
    schemas = null;
    throw error;
  });
  return schemas;
}

/**
 * Starts loading the schemas at the visitor's first interaction (focus, press or key), so the
 * first submit does not wait for them while the page load itself never parses zod (it would be a
 * long task on a slow phone, right when the page should become interactive).
 */
export function preloadSchemas(): () => void {
  const events = ['focusin', 'pointerdown', 'keydown'] as const;
  const load = () => {
    stop();
    void loadSchemas().catch(() => undefined);
  };
  const stop = () => {
    for (const event of events) window.removeEventListener(event, load, true);
  };
  for (const event of events) window.addEventListener(event, load, { capture: true, passive: true });
  return stop;
}

/** A form's hook: its schemas are on their way before the visitor submits. */
export function useSchemaPreload(): void {
  useEffect(preloadSchemas, []);
}

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
export async function validate<K extends SchemaName>(
  name: K,
  values: unknown,
): Promise<{ ok: true; data: z.output<Schemas[K]> } | { ok: false; errors: FieldErrors }> {
  const schema: z.ZodType = (await loadSchemas())[name];
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data as z.output<Schemas[K]> }
    : { ok: false, errors: zodFieldErrors(result.error) };
}

/**
 * Splits an API failure into messages next to fields and one message for the form. A field the
 * form does not show has its message shown for the form.
 */
export function apiErrors(
  error: unknown,
  shownFields: readonly string[],
): { fields: FieldErrors; form: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, form: COMMON_TEXTS.internalError };
  const fields: FieldErrors = {};
  let form: string | null = null;
  for (const [key, message] of Object.entries(error.fields)) {
    if (shownFields.includes(key)) fields[key] = message;
    else form ??= message;
  }
  if (Object.keys(fields).length === 0 && form === null) form = error.message;
  return { fields, form };
}
