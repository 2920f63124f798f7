import { EXPORT_FORMATS, EXPORT_KINDS, EXPORT_STATUSES } from '@freight/domain/export-jobs';
import { EXPORT_JOBS_TEXTS } from '@freight/domain/texts/export-jobs';
import { z } from 'zod';
import { CargoExportQuerySchema } from './cargo-transfer';
import { ReconciliationQuerySchema } from './settlements';

/*
 * Queued exports (issue 18 item 4, decision 015): the order list and the reconciliation act are
 * prepared by a background job; the page follows its progress and downloads the file when it is
 * ready. The request bodies are the queries of the streaming GET downloads, closed.
 */

/** An id of ours as it arrives; anything malformed is an export that does not exist (404, not 400). */
const exportId = z
  .string({ error: EXPORT_JOBS_TEXTS.notFound })
  .trim()
  .min(1, { error: EXPORT_JOBS_TEXTS.notFound })
  .max(64, { error: EXPORT_JOBS_TEXTS.notFound });

/**
 * POST /user/exports/cargo_list: the filters and sort of GET /cargo/cargo/export (and of the
 * list), `format` xlsx (default) or csv; `skip` and `limit` are read and ignored.
 */
export const CargoListExportRequestSchema = CargoExportQuerySchema.strict().meta({ id: 'CargoListExportRequest' });
export type CargoListExportRequest = z.input<typeof CargoListExportRequestSchema>;

/** POST /user/exports/reconciliation: the contract, the period and the format of GET settlements/reconciliation. */
export const ReconciliationExportRequestSchema = ReconciliationQuerySchema.strict().meta({
  id: 'ReconciliationExportRequest',
});
export type ReconciliationExportRequest = z.input<typeof ReconciliationExportRequestSchema>;

/** GET /user/exports/job?id and /user/exports/file?id. Query strings carry no schema id. */
export const ExportJobQuerySchema = z.object({ id: exportId });

export const ExportJobSchema = z
  .object({
    id: z.string().meta({ description: 'Export id (uuid)' }),
    kind: z.enum(EXPORT_KINDS),
    kind_label: z.string().meta({ description: '«Заказы», «Акт сверки»' }),
    format: z.enum(EXPORT_FORMATS),
    status: z.enum(EXPORT_STATUSES).meta({
      description: 'queued → running → ready | failed (a failed attempt that is retried goes back to queued)',
    }),
    status_label: z.string(),
    rows_done: z.number().int().meta({ description: 'Rows written so far' }),
    rows_total: z.number().int().nullable().meta({ description: 'Rows the file will have; null until counted' }),
    file_name: z.string().nullable().meta({ description: 'The download name (Russian), when ready' }),
    content_type: z.string().nullable(),
    size_bytes: z.number().int().nullable(),
    error: z.string().nullable().meta({ description: 'Why it failed, in Russian' }),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    expires_at: z
      .string()
      .meta({ description: 'The file and the record are deleted then (24 hours after the request)' }),
    download_url: z.string().nullable().meta({ description: 'GET /user/exports/file?id=…, when ready' }),
  })
  .meta({ id: 'ExportJob' });
export type ExportJob = z.infer<typeof ExportJobSchema>;

/** GET /user/exports: the user's latest exports (at most 20), newest first. */
export const ExportJobListSchema = z.object({ items: z.array(ExportJobSchema) }).meta({ id: 'ExportJobList' });
export type ExportJobList = z.infer<typeof ExportJobListSchema>;
