import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EXPORT_PATHS,
  CargoListExportRequestSchema,
  ErrorBodySchema,
  ExportJobListSchema,
  ExportJobQuerySchema,
  ExportJobSchema,
  ReconciliationExportRequestSchema,
} from '@freight/contracts';
import { EXPORT_MAX_ACTIVE, EXPORT_RECENT_LIMIT, EXPORT_TTL_HOURS } from '@freight/domain/export-jobs';
import { DOCUMENTS_RATE_LIMIT } from '../documents/documents.routes';
import { CARGO_TRANSFER_RATE_LIMITS } from '../orders/cargo-transfer.routes';
import { contentDisposition } from '../uploads/attachment';
import * as service from './exports.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** File downloads per IP and minute (each one reads a stored file, nothing is rendered). */
export const EXPORT_FILE_RATE_LIMIT = 60;

/** A prepared file (the plain reply type: the 200 body is bytes, not a zod schema). */
function sendFile(reply: FastifyReply, file: service.ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.names.ascii, file.names.utf8))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

const QUEUED =
  `Answers 202 with the export \`queued\`; a background job prepares the file (GET /user/exports/job?id shows ` +
  `\`status\`, \`rows_done\` of \`rows_total\`, and \`download_url\` once \`ready\`). The file is kept ` +
  `${EXPORT_TTL_HOURS} hours. At most ${EXPORT_MAX_ACTIVE} exports of a user wait or run at once (429).`;

const OWN =
  'Signed-in users; only the user who asked sees an export (anyone else’s, or one past its time, is 404). ' +
  'An export about one profile (an act, a list filtered by profile) is checked again on every read: no longer ' +
  'a member 404; an act without `settlements.view` 403.';

/**
 * Queued exports (issue 18 item 4, decision 015): the order list and the reconciliation act
 * prepared by a job of `exports.render`, their progress, the user's latest exports and the
 * prepared files. The streaming GET downloads (cargo/cargo/export, settlements/reconciliation)
 * stay for API clients and share the writers. Answers are personal: `Cache-Control: no-store`.
 */
export const exportsRoutes: FastifyPluginAsyncZod<{ deps: service.ExportsDeps }> = async (app, { deps }) => {
  const tags = ['exports'];

  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    EXPORT_PATHS.exportCargoList,
    {
      schema: {
        tags,
        summary: 'Prepare the caller’s filtered order list as an XLSX or CSV file, in the background',
        description:
          'The body is the query of GET /cargo/cargo/export as JSON (every filter and sort, `favorite`, `format` ' +
          'xlsx or csv; `skip` and `limit` are ignored), checked the same way: signed-in clients only, a bad filter ' +
          `400, a profile not the caller’s 404. The file is the one that GET streams. ${QUEUED} ` +
          `Limited to ${CARGO_TRANSFER_RATE_LIMITS.export} per minute.`,
        body: CargoListExportRequestSchema,
        response: { 202: ExportJobSchema, ...errors, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: CARGO_TRANSFER_RATE_LIMITS.export, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const job = await service.createCargoListExport(deps, await request.getSession(), request.body);
      return reply.code(202).send(job);
    },
  );

  app.post(
    EXPORT_PATHS.exportReconciliation,
    {
      schema: {
        tags,
        summary: 'Prepare a contract’s reconciliation act (PDF or XLSX), in the background',
        description:
          'The body is the query of GET /user/settlements/reconciliation as JSON (`contract_uuid`, `date_from`, ' +
          '`date_to`, `format` pdf or xlsx), checked the same way: signed-in verified users, someone else’s contract ' +
          '404, a role without `settlements.view` 403, a period over three years 400. The file is the one that GET ' +
          `sends. ${QUEUED} Limited to ${DOCUMENTS_RATE_LIMIT} per minute.`,
        body: ReconciliationExportRequestSchema,
        response: { 202: ExportJobSchema, ...errors, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: DOCUMENTS_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const job = await service.createReconciliationExport(deps, await request.getSession(), request.body);
      return reply.code(202).send(job);
    },
  );

  app.get(
    EXPORT_PATHS.exports,
    {
      schema: {
        tags,
        summary: `The caller’s latest exports (at most ${EXPORT_RECENT_LIMIT}), newest first`,
        description: `Exports past their time are not listed, nor those about a profile the caller may no longer see. ${OWN}`,
        response: { 200: ExportJobListSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => service.listExports(deps, await request.getSession()),
  );

  app.get(
    EXPORT_PATHS.exportJob,
    {
      schema: {
        tags,
        summary: 'One export: status, progress and, when ready, the download address',
        description: OWN,
        querystring: ExportJobQuerySchema,
        response: { 200: ExportJobSchema, ...errors },
      },
    },
    async (request) => service.getExport(deps, await request.getSession(), request.query.id),
  );

  app.get(
    EXPORT_PATHS.exportFile,
    {
      schema: {
        tags,
        summary: 'The prepared file of an export (attachment)',
        description:
          'The file with the names of its GET download (Content-Disposition: an ASCII name and the Russian one in ' +
          `\`filename*\`). 409 while it is being prepared or when it failed. ${OWN} ` +
          `Limited to ${EXPORT_FILE_RATE_LIMIT} per minute.`,
        querystring: ExportJobQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'application/pdf'],
        response: { ...errors, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: EXPORT_FILE_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      sendFile(reply, await service.openExportFile(deps, await request.getSession(), request.query.id)),
  );
};
