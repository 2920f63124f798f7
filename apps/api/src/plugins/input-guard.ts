import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { emptyParamsAsAbsent } from '@freight/contracts';
import { containsControlChars, MESSAGES } from '@freight/domain';
import { AppError } from '../errors/app-error';

/** Keys shown back as field names; anything else is reported at its parent. */
const SHOWN_KEY = /^[\p{L}\p{N}_-]{1,64}$/u;

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Parsed data to walk; not a buffer, a stream or another host object a parser may hand over. */
function isData(value: object): value is Record<string, unknown> {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/**
 * The field key (`sender.name`, `items.0`, `_` for the whole value) of the first string or
 * object key in `value` that holds a control character ({@link containsControlChars}), or null.
 * Walks parsed JSON, query and path parameters without recursion, so a deeply nested body
 * cannot overflow the stack; buffers and streams are not walked.
 */
export function findControlChars(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (containsControlChars(current)) return path || '_';
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, join(path, String(index))]));
      continue;
    }
    if (!isData(current)) continue;
    for (const [key, item] of Object.entries(current)) {
      if (containsControlChars(key)) return path || '_';
      stack.push([item, SHOWN_KEY.test(key) ? join(path, key) : path]);
    }
  }
  return null;
}

/**
 * Refuses NUL, the other C0 controls but tab/LF/CR, DEL and lone surrogates anywhere in the path
 * parameters, the query or a parsed body, for every route, with a Russian 400 — before any
 * schema, service or query sees them (PostgreSQL refuses NUL in text, which used to end in a 500
 * that logged the whole SQL statement). Multipart bodies are read by their route as a stream and
 * are not covered here.
 */
export const inputGuard = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: it runs on every request, the pricing hot path included.
    app.addHook('preValidation', (request, _reply, done) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = findControlChars(part);
        if (field !== null) {
          done(
            new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, {
              [field]: MESSAGES.input.controlCharacters,
            }),
          );
          return;
        }
      }
      done();
    });
  },
  { name: 'input-guard' },
);

/**
 * fastify-type-provider-zod's validator, with one rule for every query string: a parameter the
 * schema can go without, given empty (`?city_name=`), counts as not given
 * (`emptyParamsAsAbsent` of the contracts).
 */
export const inputValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'querystring') return validate;
  const normalise = emptyParamsAsAbsent(route.schema);
  return (data) => validate(normalise(data));
};
