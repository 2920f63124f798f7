import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config/env';
import { REDACT_PATHS } from './app';

/** Pino options: JSON lines in production, redacted secrets and personal data, request ids on every line. */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
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
  };
}
