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

const GENERIC_BY_STATUS: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', MESSAGES.common.validationFailed],
  401: ['UNAUTHORIZED', MESSAGES.common.unauthorized],
  403: ['FORBIDDEN', MESSAGES.common.forbidden],
  404: ['NOT_FOUND', MESSAGES.common.notFound],
  405: ['METHOD_NOT_ALLOWED', MESSAGES.common.methodNotAllowed],
  408: ['REQUEST_TIMEOUT', MESSAGES.common.requestTimeout],
  413: ['PAYLOAD_TOO_LARGE', MESSAGES.common.payloadTooLarge],
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
        fields[key] ??= issue.message ?? MESSAGES.common.validationFailed;
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

    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(body('BAD_REQUEST', MESSAGES.common.badJson));
    }

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
