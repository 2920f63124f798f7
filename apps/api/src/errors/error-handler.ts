import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES } from '@freight/domain';
import type { ErrorBody } from '@freight/contracts';
import { isDatabaseUnavailableError } from '@freight/db';
import { AppError } from './app-error';

function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return fields && Object.keys(fields).length > 0 ? { error: { code, message, fields } } : { error: { code, message } };
}

/** Field path of a validation issue: `/items/0/name` → `items.0.name`; the whole object → `_`. */
function fieldKey(instancePath: string | undefined): string {
  const key = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return key === '' ? '_' : key;
}

/** Keys of unknown properties shown back as field names; others are reported at their object. */
const SHOWN_KEY = /^[\p{L}\p{N}_-]{1,64}$/u;
/** A body full of unknown keys gets at most this many field messages back. */
const MAX_FIELDS = 50;

/**
 * Fastify's own errors a caller can cause, as status, code and a Russian message. Their English
 * messages echo the path (`'/api/v1/…' is exceeding the max param length`) and are never sent.
 * Errors Fastify raises only at start-up, or for a bug of ours (FST_ERR_REP_*, FST_ERR_HOOK_*,
 * FST_ERR_ASYNC_CONSTRAINT…), are 5xx and answered as an internal error.
 */
const FASTIFY_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_BAD_URL: [400, 'BAD_URL', MESSAGES.input.badUrl],
  FST_ERR_INVALID_URL: [400, 'BAD_URL', MESSAGES.input.badUrl],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URI_TOO_LONG', MESSAGES.input.urlTooLong],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_REQUEST', MESSAGES.common.badJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST', MESSAGES.common.badJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', MESSAGES.common.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.common.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', MESSAGES.input.bodyLengthMismatch],
  FST_ERR_VALIDATION: [400, 'VALIDATION_FAILED', MESSAGES.common.validationFailed],
  FST_ERR_NOT_FOUND: [404, 'NOT_FOUND', MESSAGES.common.routeNotFound],
};

const GENERIC_BY_STATUS: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', MESSAGES.common.validationFailed],
  401: ['UNAUTHORIZED', MESSAGES.common.unauthorized],
  403: ['FORBIDDEN', MESSAGES.common.forbidden],
  404: ['NOT_FOUND', MESSAGES.common.notFound],
  405: ['METHOD_NOT_ALLOWED', MESSAGES.common.methodNotAllowed],
  408: ['REQUEST_TIMEOUT', MESSAGES.common.requestTimeout],
  413: ['PAYLOAD_TOO_LARGE', MESSAGES.common.payloadTooLarge],
  414: ['URI_TOO_LONG', MESSAGES.input.urlTooLong],
  415: ['UNSUPPORTED_MEDIA_TYPE', MESSAGES.common.unsupportedMediaType],
  429: ['TOO_MANY_REQUESTS', MESSAGES.common.tooManyRequests],
};

/**
 * Formats every error once: AppError as thrown, schema violations as VALIDATION_FAILED with
 * per-field messages, a lost database as 503, anything unexpected as a bare 500 that never
 * carries internals (they go to the log with the request id).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.statusCode).send(body(error.code, error.message, error.fields));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath);
        const unknownKeys = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : null;
        if (Array.isArray(unknownKeys)) {
          // A closed object: each property it does not take is named by its own field key.
          for (const name of unknownKeys) {
            const field =
              typeof name === 'string' && SHOWN_KEY.test(name) ? (key === '_' ? name : `${key}.${name}`) : key;
            if (Object.keys(fields).length < MAX_FIELDS) fields[field] ??= MESSAGES.input.unknownField;
          }
          continue;
        }
        if (Object.keys(fields).length < MAX_FIELDS) fields[key] ??= issue.message ?? MESSAGES.common.validationFailed;
      }
      return reply.code(400).send(body('VALIDATION_FAILED', MESSAGES.common.validationFailed, fields));
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(body('INTERNAL_ERROR', MESSAGES.common.internalError));
    }

    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('retry-after', '5');
      return reply.code(503).send(body('SERVICE_UNAVAILABLE', MESSAGES.common.serviceUnavailable));
    }

    const known = typeof error.code === 'string' ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return sendFastifyError(reply, known);

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const [code, message] = GENERIC_BY_STATUS[status] ?? ['BAD_REQUEST', MESSAGES.common.validationFailed];
      if (status === 429 && error.message) {
        return reply.code(429).send(body(code, error.message));
      }
      return reply.code(status).send(body(code, message));
    }

    request.log.error({ err: error }, 'unhandled error');
    const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
    const message = status === 503 ? MESSAGES.common.serviceUnavailable : MESSAGES.common.internalError;
    return reply.code(status === 503 ? 503 : 500).send(body(code, message));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send(body('NOT_FOUND', MESSAGES.common.routeNotFound));
  });
}

function sendFastifyError(reply: FastifyReply, [status, code, message]: [number, string, string]) {
  return reply.code(status).send(body(code, message));
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any route or error
 * handler runs (an undecodable URL, a path parameter over `maxParamLength`). Without it Fastify
 * answers them itself, in English and echoing the path.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FASTIFY_ERRORS[error.code];
  if (known) {
    void sendFastifyError(reply, known);
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply.code(500).send(body('INTERNAL_ERROR', MESSAGES.common.internalError));
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser could not read (bad header bytes,
 * headers over the limit, a request that never finished) gets a Russian JSON answer on the raw
 * socket instead of Fastify's English one; a reset connection gets nothing.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, string, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', MESSAGES.common.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', MESSAGES.input.headersTooLarge]
        : [400, 'BAD_REQUEST', MESSAGES.input.malformedRequest];
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const payload = JSON.stringify(body(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}
