import {
  BUG_REPORT_MAX_FILES,
  BugReportFileSchema,
  createBugReportSchema,
  createPolicyAgreementSchema,
  isBugReportPlaceholderFile,
  MESSAGES,
  type BugReportContext,
  type FileDescriptor,
} from '@freight/domain';
import { z } from 'zod';
import { queryBoolean } from './query';

/**
 * Query of POST duty_bug_report/?text&contact (spec section 7) with the form rules of the domain,
 * so the API enforces what the browser does. `policy_agreement` is our addition: without it the
 * server could not check the consent an anonymous visitor must give (spec section 5); it is
 * optional for a verified user. The caller picks the schema by the session's verification.
 */
export function createBugReportQuerySchema(context: BugReportContext) {
  const form = createBugReportSchema(context);
  return z
    .object({
      text: form.shape.text,
      contact: form.shape.contact,
      policy_agreement: queryBoolean.default(false).pipe(createPolicyAgreementSchema(context)),
    })
    .meta({ id: context.isVerified ? 'BugReportQueryVerified' : 'BugReportQuery' });
}

export type BugReportQuery = z.output<ReturnType<typeof createBugReportQuerySchema>>;

/**
 * The multipart files of a bug report, described as `{ name, size, type }`. The empty text
 * placeholder the client sends when there are no files is dropped first; then at most 10 files,
 * each at most 1 GiB and JPEG or PNG, with the domain's messages.
 */
export const BugReportFilesSchema = z
  .array(z.object({ name: z.string(), size: z.number(), type: z.string() }))
  .transform((files: FileDescriptor[]) => files.filter((file) => !isBugReportPlaceholderFile(file)))
  .pipe(z.array(BugReportFileSchema).max(BUG_REPORT_MAX_FILES, { error: MESSAGES.bugReport.filesMaxCount }));

/**
 * One stored file of a report, as the upload widget's item `response` (spec section 7: only the
 * upload response's `url` is known). `type` is what the content is, not what the client said.
 */
export const BugReportFileResponseSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: 'The file name the user sent (shown only)' }),
    size: z.number().int().nonnegative().meta({ description: 'Bytes' }),
    type: z.enum(['image/jpeg', 'image/png']),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    url: z.string().meta({ description: 'Where the sender may download the file again' }),
  })
  .meta({ id: 'BugReportFile' });
export type BugReportFileResponse = z.infer<typeof BugReportFileResponseSchema>;

/** Response of a successful bug report: the id the report was stored under and its files in order. */
export const BugReportResponseSchema = z
  .object({
    id: z.string().meta({ description: 'Id of the stored report' }),
    files: z.array(BugReportFileResponseSchema),
  })
  .meta({ id: 'BugReportResponse' });
export type BugReportResponse = z.infer<typeof BugReportResponseSchema>;

/** Path parameters of GET duty_bug_report/files/:fileId (our addition: reading a file back). */
export const BugReportFileParamsSchema = z.object({ fileId: z.uuid() });

/** Multipart field name the files travel in. */
export const BUG_REPORT_FILES_FIELD = 'files';
