import type { ErrorCode } from '@freight/contracts';

/**
 * The one error type services throw. The error handler turns it into
 * `{ error: { code, message, fields? } }` with `statusCode`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
