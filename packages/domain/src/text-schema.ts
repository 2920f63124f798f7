import { z } from 'zod';
import { EMAIL_MAX_LENGTH, URL_MAX_LENGTH } from './constants';
import { COMMON_TEXTS } from './texts/common';
import { TEXT_TEXTS } from './texts/text';
import { EMAIL_PATTERN, cleanText, codePointLength, containsUrl, isHttpUrl, type CleanTextOptions } from './text';

/** Options of {@link cleanedString}: the cleaning plus an optional ban on links. */
export interface CleanedStringOptions extends CleanTextOptions {
  /** Refuse text that contains a link, with `TEXT_TEXTS.urlNotAllowed`. */
  rejectUrls?: boolean;
}

/** Defaults for a single-line form field cleaned on submit. */
export const DEFAULT_FIELD_CLEANING: CleanTextOptions = {
  collapseSpaces: true,
  trimStart: true,
  trimEnd: true,
};

/**
 * A zod string that cleans on the way in (house rule 8): `cleanText` runs as an `overwrite`,
 * so the schema stays a `ZodString` and `.min()`, `.max()` and `.regex()` chained after it
 * see the cleaned value. Options are merged over {@link DEFAULT_FIELD_CLEANING}.
 * Chain `.min(1, { error })` to make the field required after cleaning.
 */
export function cleanedString(options: CleanedStringOptions = {}, requiredError: string = COMMON_TEXTS.required) {
  const { rejectUrls, ...cleaning } = { ...DEFAULT_FIELD_CLEANING, ...options };
  const schema = z.string({ error: requiredError }).overwrite((value) => cleanText(value, cleaning));
  return rejectUrls ? schema.refine((value) => !containsUrl(value), { error: TEXT_TEXTS.urlNotAllowed }) : schema;
}

/**
 * E-mail field: cleaned (invisible characters and all spaces removed), lower-cased so one
 * mailbox is one account, required, at most 320 code points, then matched by {@link EMAIL_PATTERN}.
 */
export const EmailSchema = z
  .string({ error: TEXT_TEXTS.emailRequired })
  .overwrite((value) => cleanText(value, { allowSpaces: false }).toLowerCase())
  .min(1, { error: TEXT_TEXTS.emailRequired, abort: true })
  .refine((value) => codePointLength(value) <= EMAIL_MAX_LENGTH, { error: TEXT_TEXTS.emailTooLong, abort: true })
  .regex(EMAIL_PATTERN, { error: TEXT_TEXTS.emailInvalid });

/**
 * Link field: cleaned like an e-mail, at most 2048 code points, and an absolute http(s) URL.
 */
export const UrlSchema = z
  .string({ error: COMMON_TEXTS.required })
  .overwrite((value) => cleanText(value, { allowSpaces: false }))
  .min(1, { error: COMMON_TEXTS.required, abort: true })
  .refine((value) => codePointLength(value) <= URL_MAX_LENGTH, { error: TEXT_TEXTS.urlTooLong, abort: true })
  .refine(isHttpUrl, { error: TEXT_TEXTS.urlInvalid });
