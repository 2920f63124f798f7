import { z } from 'zod';
import {
  BUG_REPORT_ALLOWED_MIME_TYPES,
  BUG_REPORT_CONTACT_MAX_LENGTH,
  BUG_REPORT_MAX_FILE_BYTES,
  BUG_REPORT_MAX_FILES,
  BUG_REPORT_TEXT_MAX_LENGTH,
} from './constants';
import { BUG_REPORT_TEXTS } from './texts/bug-report';
import { codePointLength } from './text';
import { cleanedString } from './text-schema';

/** A file as both the browser (`File`) and the API (multipart part) can describe it. */
export interface FileDescriptor {
  name: string;
  /** Bytes. */
  size: number;
  /** MIME type; browsers leave it '' when they do not know it. */
  type: string;
}

const EXTENSION_TO_MIME: Record<string, (typeof BUG_REPORT_ALLOWED_MIME_TYPES)[number]> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
};

/**
 * Whether a file is JPEG or PNG: by its MIME type (case-insensitive, parameters ignored),
 * or, only when the type is empty (some browsers and OSes do not know it), by the extension
 * .jpg/.jpeg/.jfif/.png. A known but different type wins over a misleading extension.
 */
export function isAllowedImageFile(file: Pick<FileDescriptor, 'name' | 'type'>): boolean {
  const type = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type) return (BUG_REPORT_ALLOWED_MIME_TYPES as readonly string[]).includes(type);
  const extension = /\.([^.]+)$/.exec(file.name.trim())?.[1]?.toLowerCase();
  return extension !== undefined && extension in EXTENSION_TO_MIME;
}

/**
 * Whether what the client said about a file agrees with what its content turned out to be
 * (`contentType`, found by the server from the bytes). The extension, when the name has one,
 * must be one of that format's (.jpg/.jpeg/.jfif for JPEG, .png for PNG, any case); the declared
 * MIME type must be that format's, or empty, or application/octet-stream (what clients send
 * when they do not know). A PNG named photo.jpg, or a JPEG sent as text/html, does not match.
 */
export function declaredImageTypeMatches(
  file: Pick<FileDescriptor, 'name' | 'type'>,
  contentType: (typeof BUG_REPORT_ALLOWED_MIME_TYPES)[number],
): boolean {
  const type = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== '' && type !== 'application/octet-stream' && type !== contentType) return false;
  const base = file.name.split(/[\\/]/).pop()?.trim() ?? '';
  const extension = /\.([^.]*)$/.exec(base)?.[1]?.toLowerCase();
  return extension === undefined || EXTENSION_TO_MIME[extension] === contentType;
}

/**
 * The first rule a single bug-report file breaks, as the user sees it, or null.
 * Size is checked first (at most 1 073 741 824 bytes, exactly 1 GiB is allowed), then format.
 * Used by the schema and by the upload widget's pre-upload check, so both refuse the same files.
 */
export function getBugReportFileError(file: FileDescriptor): string | null {
  if (file.size > BUG_REPORT_MAX_FILE_BYTES) return BUG_REPORT_TEXTS.fileTooLarge;
  if (!isAllowedImageFile(file)) return BUG_REPORT_TEXTS.fileType;
  return null;
}

/** One attached file: a plain descriptor whose size and format pass {@link getBugReportFileError}. */
export const BugReportFileSchema = z
  .object({
    name: z.string(),
    size: z.number().int().nonnegative(),
    type: z.string(),
  })
  .superRefine((file, ctx) => {
    const error = getBugReportFileError(file);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

/**
 * The empty text file the original client attaches when a report has no files (spec section 7:
 * POST duty_bug_report/ always carries a multipart body). It is not an attachment of the user.
 */
export const BUG_REPORT_PLACEHOLDER_FILE: Readonly<FileDescriptor> = Object.freeze({
  name: 'empty.txt',
  size: 0,
  type: 'text/plain',
});

/**
 * Whether a received part is that placeholder: zero bytes and plain text (by type, or by a .txt
 * name when the type is missing). Any non-empty file counts as real, so nothing is smuggled past
 * the JPEG/PNG rule under this name.
 */
export function isBugReportPlaceholderFile(file: FileDescriptor): boolean {
  if (file.size !== 0) return false;
  const type = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'text/plain' || (type === '' && /\.txt$/i.test(file.name.trim()));
}

/** Who is filling the bug-report form. */
export interface BugReportContext {
  isVerified: boolean;
}

/**
 * The consent rule alone, for the form and the API query: a non-verified user must send
 * exactly true (`Необходимо согласие с правилами оказания услуг`, also for a missing value);
 * a verified user may send any boolean.
 */
export function createPolicyAgreementSchema({ isVerified }: BugReportContext): z.ZodType<boolean, boolean> {
  return isVerified ? z.boolean() : z.literal(true, { error: BUG_REPORT_TEXTS.policyAgreementRequired });
}

/**
 * Bug-report form schema of spec section 5, for the browser and the API alike.
 * - text: cleaned (line breaks kept), required `Введите сообщение`, at most 2000 code points.
 * - contact: cleaned and cut at 50 code points; required `Введите email или телефон` only
 *   for a non-verified user (a verified user's contact comes from the account, see
 *   {@link resolveBugReportContact}); defaults to ''.
 * - policyAgreement: must be true for a non-verified user
 *   (`Необходимо согласие с правилами оказания услуг`); optional, default false, otherwise.
 * - files: default []; at most 10 (`Максимальное количество файлов 10`); each at most 1 GiB and
 *   JPEG or PNG, with the issue on `files.<index>`.
 */
export function createBugReportSchema({ isVerified }: BugReportContext) {
  const contact = cleanedString({ maxLength: BUG_REPORT_CONTACT_MAX_LENGTH }, BUG_REPORT_TEXTS.contactRequired);
  return z.object({
    text: cleanedString({ keepNewlines: true }, BUG_REPORT_TEXTS.textRequired)
      .min(1, { error: BUG_REPORT_TEXTS.textRequired, abort: true })
      .refine((value) => codePointLength(value) <= BUG_REPORT_TEXT_MAX_LENGTH, {
        error: BUG_REPORT_TEXTS.textTooLong,
      }),
    contact: (isVerified ? contact : contact.min(1, { error: BUG_REPORT_TEXTS.contactRequired, abort: true })).prefault(
      '',
    ),
    policyAgreement: isVerified
      ? createPolicyAgreementSchema({ isVerified }).default(false)
      : createPolicyAgreementSchema({ isVerified }),
    files: z
      .array(BugReportFileSchema)
      .max(BUG_REPORT_MAX_FILES, { error: BUG_REPORT_TEXTS.filesMaxCount })
      .default([]),
  });
}

export type BugReportSchema = ReturnType<typeof createBugReportSchema>;
export type BugReportInput = z.input<BugReportSchema>;
export type BugReport = z.output<BugReportSchema>;

/** The account fields that can stand in for a verified user's contact. */
export interface BugReportUser {
  is_verified: boolean;
  phone?: string | null;
  email?: string | null;
}

/**
 * The contact to send with a bug report (spec section 6): for a verified user the account's
 * phone, else its e-mail, else '' (the form asks nothing of them); for anyone else what they
 * typed. Blank account values count as absent.
 */
export function resolveBugReportContact(user: BugReportUser | null | undefined, typedContact: string): string {
  if (!user?.is_verified) return typedContact;
  const phone = user.phone?.trim();
  if (phone) return phone;
  return user.email?.trim() ?? '';
}
