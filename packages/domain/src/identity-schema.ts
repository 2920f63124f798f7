import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './identity';
import { AUTH_TEXTS } from './texts/auth';
import { cleanedString } from './text-schema';

/*
 * zod schemas of the identity rules (identity.ts holds the zod-free part, which client code may
 * import without pulling zod into the browser bundle).
 */

/**
 * A one-time code field: spaces, hyphens and invisible characters are dropped (pasted codes
 * often carry them), then exactly 6 ASCII digits.
 */
export const CodeSchema = z
  .string({ error: AUTH_TEXTS.codeRequired })
  .overwrite((value) => value.replace(/[\s\u00A0\u200B-\u200D\uFEFF-]/g, ''))
  .min(1, { error: AUTH_TEXTS.codeRequired, abort: true })
  .regex(/^\d{6}$/, { error: AUTH_TEXTS.codeFormat });

/**
 * A new password: 8–128 characters, at least one letter and one digit. Not trimmed: spaces are
 * part of a passphrase. No other composition rules (NIST SP 800-63B).
 */
export const PasswordSchema = z
  .string({ error: AUTH_TEXTS.passwordRequired })
  .min(1, { error: AUTH_TEXTS.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_TEXTS.passwordTooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_TEXTS.passwordTooLong, abort: true })
  .refine((v) => /\p{L}/u.test(v) && /\p{N}/u.test(v), { error: AUTH_TEXTS.passwordWeak });

/** A password being checked (sign-in, re-authentication): any non-empty string up to the maximum. */
export const CurrentPasswordSchema = z
  .string({ error: AUTH_TEXTS.passwordRequired })
  .min(1, { error: AUTH_TEXTS.passwordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_TEXTS.passwordTooLong });

/** The client's name: cleaned, required, at most 100 characters, no links. */
export const PersonNameSchema = cleanedString({ rejectUrls: true }, AUTH_TEXTS.nameRequired)
  .min(1, { error: AUTH_TEXTS.nameRequired, abort: true })
  .max(NAME_MAX_LENGTH, { error: AUTH_TEXTS.nameTooLong });
