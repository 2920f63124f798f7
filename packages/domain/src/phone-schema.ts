import { z } from 'zod';
import { PHONE_TEXTS } from './texts/phone';
import { isValidPhone, normalizePhone } from './phone';
import { removeInvisibleChars } from './text';

/**
 * Phone field: strips invisible characters (pasted numbers often carry them), requires a value,
 * checks {@link isValidPhone} and outputs the storage form `+7XXXXXXXXXX`.
 * Messages: `PHONE_TEXTS.required`, `PHONE_TEXTS.invalid`.
 */
export const PhoneSchema = z
  .string({ error: PHONE_TEXTS.required })
  .overwrite((value) => removeInvisibleChars(value).trim())
  .min(1, { error: PHONE_TEXTS.required, abort: true })
  .refine(isValidPhone, { error: PHONE_TEXTS.invalid })
  .transform((value) => normalizePhone(value) ?? value);
