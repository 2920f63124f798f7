import { z } from 'zod';

/** Machine-readable error codes of the API. The message is always Russian and user-facing. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'REQUEST_TIMEOUT',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  /** SMS policy (decision 010): codes and notifications go only to Russian mobile numbers. */
  'PHONE_NOT_MOBILE',
  /** Team members of a company profile (issue 15). */
  'PERSONAL_PROFILE_NO_TEAM',
  'INVITATION_USED',
  'INVITATION_EXPIRED',
  'INVITATION_WRONG_CONTACT',
  'OWNER_NOT_REMOVABLE',
  'OWNER_ROLE_FIXED',
  'TEAM_FULL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

/** The one error shape of the API: `{ error: { code, message, fields? } }`. */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Machine-readable code, e.g. VALIDATION_FAILED' }),
      message: z.string().meta({ description: 'Message for the user, in Russian' }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'Per-field Russian messages, keyed by field path' }),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
