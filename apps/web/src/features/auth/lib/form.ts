import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError } from '@/lib/api/client';
import { createLazyZodResolver } from '@/lib/form/lazy-zod-resolver';
import type * as SchemaModule from './schemas';

type Schemas = typeof SchemaModule;
type SchemaName = keyof Schemas;

/** The forms' resolvers: ./schemas and zod load on the first validation (lib/form). */
const { lazyZodResolver, preloadSchemas } = createLazyZodResolver(() => import('./schemas'));

/**
 * Starts loading the schemas at the visitor's first interaction (focus, press or key), so the
 * first submit does not wait for them while the page load itself never parses zod (it would be a
 * long task on a slow phone, right when the page should become interactive).
 */
function preloadOnFirstInteraction(): () => void {
  const events = ['focusin', 'pointerdown', 'keydown'] as const;
  const load = () => {
    stop();
    preloadSchemas();
  };
  const stop = () => {
    for (const event of events) window.removeEventListener(event, load, true);
  };
  for (const event of events) window.addEventListener(event, load, { capture: true, passive: true });
  return stop;
}

/** A page's hook: its forms' schemas are on their way before the visitor submits. */
export function useSchemaPreload(): void {
  useEffect(preloadOnFirstInteraction, []);
}

/**
 * A react-hook-form form validated by the schema `schema` of ./schemas (a contract schema, so the
 * submit handler gets the API's request body: phones as +7XXXXXXXXXX, names cleaned).
 */
export function useAuthForm<K extends SchemaName, Values extends FieldValues>(
  schema: K,
  defaultValues: DefaultValues<Values>,
) {
  return useForm<Values, unknown, z.output<Schemas[K]>>({
    defaultValues,
    resolver: lazyZodResolver<Values, z.output<Schemas[K]>>(schema),
  });
}

/**
 * Splits an API failure into messages next to fields and one message for the form. A field the
 * form does not show has its message shown for the form.
 */
export function apiErrors(
  error: unknown,
  shownFields: readonly string[],
): { fields: Record<string, string>; form: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, form: COMMON_TEXTS.internalError };
  const fields: Record<string, string> = {};
  let form: string | null = null;
  for (const [key, message] of Object.entries(error.fields)) {
    if (shownFields.includes(key)) fields[key] = message;
    else form ??= message;
  }
  if (Object.keys(fields).length === 0 && form === null) form = error.message;
  return { fields, form };
}

/**
 * Puts an API failure on a form: the message of each field in `shown` under that field (the first
 * of them focused), the rest as the form's own message (`errors.root.server`, see FormError).
 * `moved` shows an API field's message under another field of the form.
 */
export function setApiErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  shown: ReadonlyArray<Path<T>>,
  moved: Partial<Record<string, Path<T>>> = {},
): void {
  const { fields, form: message } = apiErrors(error, [...shown, ...Object.keys(moved)]);
  for (const [from, to] of Object.entries(moved)) {
    if (to && fields[from]) fields[to] ??= fields[from];
  }
  let focus = true;
  for (const name of shown) {
    const text = fields[name];
    if (!text) continue;
    form.setError(name, { type: 'server', message: text }, { shouldFocus: focus });
    focus = false;
  }
  if (message) form.setError('root.server', { type: 'server', message });
}
