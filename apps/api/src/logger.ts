import pino, { type DestinationStream } from 'pino';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { AppConfig } from './config/env';

/** Log redaction: secrets and personal data never reach the log. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  // Headers logged under any other name (`{ headers: request.headers }`).
  '*.cookie',
  '*.authorization',
  '*["x-api-key"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.current_password',
  '*.new_password',
  '*.code',
  '*.token',
  '*.phone',
  '*.email',
  '*.contact',
  // Webhook signing secrets (modules/webhooks), should a developer ever log an answer that carries one.
  '*.secret',
];

/**
 * Pino options: JSON lines, redacted secrets and personal data, request ids on every line.
 * `stream` is where the lines go (default: standard output, written synchronously; the server
 * passes {@link logDestination}).
 */
export function loggerOptions(config: AppConfig, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[скрыто]' },
    serializers: {
      req: (req: { id: string; method: string; url: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        // Query strings may carry personal data (names, track numbers); keep the path only.
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** What {@link logDestination} returns: a pino destination that can be flushed before exit. */
export type LogDestination = ReturnType<typeof pino.destination>;

/** Bytes of log lines gathered before they are written (one write per ~20 lines). */
const LOG_BATCH_BYTES = 4096;
/** A quiet server's lines still reach the file within this many ms. */
const LOG_FLUSH_MS = 200;
/** Lines queued beyond this while the disk does not keep up are dropped, never memory exhausted. */
const LOG_MAX_QUEUED_BYTES = 32 * 1024 * 1024;

/**
 * The server's log destination: standard output (a terminal, a pipe or the file `npm start`'s
 * output is sent to), written asynchronously. Lines are queued in memory and handed to the file
 * system off the event loop, about 4 KiB at a time (and at least every 200 ms), instead of one
 * blocking write per line (issue #19, item 2). Nothing is lost at the end: pino flushes the queue
 * synchronously on process exit (a fatal error included: pino's buildSafeSonicBoom registers it),
 * and the server flushes it after its graceful shutdown. `dest` is a file descriptor (already
 * open: a path would be opened asynchronously, and a crash before it is open would lose lines).
 */
export function logDestination(dest = 1): LogDestination {
  return pino.destination({
    dest,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_MS,
    maxLength: LOG_MAX_QUEUED_BYTES,
  });
}

/** Longest path written for a request that matched no route. */
const MAX_UNMATCHED_PATH = 200;

/**
 * Fastify's per-request log lines, replaced: one line per request, at info, once its answer has
 * been sent — method, route pattern (never the URL with its ids and query; the path, without the
 * query, for a call no route knows), status and time in ms (`statusCode`, `responseTime`: the
 * names of Fastify's own lines) and the request id (`reqId`, as the request's logger binds it).
 * Fastify's «incoming request» line is not written. A response that failed
 * while it was being sent is logged at error with its error.
 */
export class RequestLog extends LogController {
  /**
   * The server's logger without redaction, for the request line only (made on the first line).
   * That line is built here of fields that never hold a secret or personal data — method, route
   * pattern or query-less path, status, time, the request id — and the redaction's wildcard
   * paths (`*.phone`, …) cost a walk of every value of every line, the message included: 6 % of
   * the samples of a CPU profile of the pricing hot path (issue #19). Every
   * other line, the failed request's with its error included, keeps the redaction.
   */
  private plain: FastifyBaseLogger | undefined;

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const line =
      route === undefined
        ? {
            method: request.method,
            path: request.url.split('?')[0]!.slice(0, MAX_UNMATCHED_PATH),
            statusCode: reply.statusCode,
            responseTime,
          }
        : { method: request.method, route, statusCode: reply.statusCode, responseTime };
    if (error) {
      request.log.error({ ...line, err: error }, 'request failed');
    } else if ((request.log as Partial<Pick<pino.Logger, 'isLevelEnabled'>>).isLevelEnabled?.('info') !== false) {
      // The request's own level decides (a route's `logLevel` included), as it did for Fastify's line.
      this.plain ??= request.server.log.child({}, { redact: [] });
      // `reqId` first, where the request's own logger binds it: the line reads as it always did.
      this.plain.info({ reqId: request.id, ...line }, 'request');
    }
  }
}
