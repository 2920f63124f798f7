import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  API_PATHS,
  CargoExportQuerySchema,
  CargoImportQuerySchema,
  CargoImportResultSchema,
  CargoImportTemplateQuerySchema,
  ErrorBodySchema,
} from '@freight/contracts';
import {
  CARGO_IMPORT_COLUMNS,
  CARGO_IMPORT_MAX_BYTES,
  CARGO_IMPORT_MAX_ROWS,
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  addWorkingDays,
  toIsoDate,
  type CargoExportFormat,
} from '@freight/domain';
import { AppError } from '../../errors/app-error';
import type { SessionRow } from '../auth/session.repository';
import {
  CONTENT_TYPES,
  CSV_BOM,
  contentDisposition,
  csvHeader,
  exportFileNames,
  ruDate,
  writeCargoExport,
  xlsxWriter,
} from './cargo-export';
import { importCargo } from './cargo-import';
import { detectKind, fileError, parseImportFile, receiveFile, tooLarge } from './cargo-import-file';
import type { Owner } from './orders.repository';
import { cargoListFilter, listProfileScope, type OrdersDeps } from './orders.service';
import { abandonBody } from '../uploads/abandon-body';

const T = MESSAGES.cargoTransfer;

/** Requests per IP and minute. */
export const CARGO_TRANSFER_RATE_LIMITS = { export: 10, template: 30, import: 20 } as const;

/** Multipart overhead allowed on top of the file (boundary and part headers). */
const PART_OVERHEAD_BYTES = 64 * 1024;

/** Export and import are for signed-in clients only (an anonymous session's orders stay in the list). */
function signedInOwner(session: SessionRow | null): { session: SessionRow; owner: Owner } {
  if (!session || session.userId === null) throw new AppError('UNAUTHORIZED', 401, T.signInRequired);
  return { session, owner: { kind: 'user', userId: session.userId } };
}

function sendFile(
  reply: FastifyReply,
  format: CargoExportFormat,
  names: { ascii: string; utf8: string },
  body: unknown,
) {
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition(names.ascii, names.utf8))
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };

/**
 * Export of the order list and import of orders from a file (issue #14); the shapes are the zod
 * schemas of packages/contracts/src/cargo-transfer.ts (in the OpenAPI document). Registered inside
 * the orders routes (their `no-store` hook applies); the multipart parser lives in this scope only
 * (decision 004).
 */
export const cargoTransferRoutes: FastifyPluginAsyncZod<{ deps: OrdersDeps }> = async (app, { deps }) => {
  await app.register(multipart, {
    limits: {
      // One byte of leeway: receiveFile refuses at the limit; busboy's own limit is the backstop.
      fileSize: CARGO_IMPORT_MAX_BYTES + 1,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 20,
    },
  });

  app.get(
    API_PATHS.cargoExport,
    {
      schema: {
        tags: ['cargo'],
        summary: 'The caller’s filtered order list as an XLSX or CSV file',
        description:
          'Signed-in clients only. The same filters and sorts as GET /cargo/cargo (`favorite` included; `skip` and ' +
          '`limit` are ignored: the whole list, at most 100 000 rows, in the list’s order), `format=xlsx` (default) ' +
          'or `csv` (UTF-8 with BOM, `;`, decimal comma). Russian headers; dates ДД.ММ.ГГГГ ЧЧ:мм, Moscow time; ' +
          'the price a number in roubles. Streamed: rows are read in keyset batches of 1000. The same file can be ' +
          'prepared in the background with progress: POST /user/exports/cargo_list (what the site uses). ' +
          `Limited to ${CARGO_TRANSFER_RATE_LIMITS.export} per minute.`,
        querystring: CargoExportQuerySchema,
        produces: [CONTENT_TYPES.xlsx, CONTENT_TYPES.csv],
        response: errors,
      },
      config: { rateLimit: { max: CARGO_TRANSFER_RATE_LIMITS.export, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { owner } = signedInOwner(await request.getSession());
      const query = request.query;
      // A bad filter or someone else's profile is a 4xx before the file starts.
      cargoListFilter(owner, query, await listProfileScope(deps.db, owner, query));
      const output = new PassThrough();
      void writeCargoExport(deps.db, owner, query, output);
      return sendFile(reply, query.format, exportFileNames(deps.clock(), query.format), output);
    },
  );

  app.get(
    API_PATHS.cargoImportTemplate,
    {
      schema: {
        tags: ['cargo'],
        summary: 'The import template: the import columns and one example row (XLSX or CSV)',
        querystring: CargoImportTemplateQuerySchema,
        produces: [CONTENT_TYPES.xlsx, CONTENT_TYPES.csv],
        response: errors,
      },
      config: { rateLimit: { max: CARGO_TRANSFER_RATE_LIMITS.template, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      signedInOwner(await request.getSession());
      const format = request.query.format;
      const today = toIsoDate(deps.clock())!;
      const example = CARGO_IMPORT_COLUMNS.map((column) =>
        column.key === 'departure_date' ? ruDate(addWorkingDays(today, 2, RU_PRODUCTION_CALENDAR)) : column.example,
      );
      const names = { ascii: `cargo-import-template.${format}`, utf8: `${T.templateFileName}.${format}` };
      const headers = CARGO_IMPORT_COLUMNS.map((c) => c.header);
      if (format === 'csv') {
        return sendFile(reply, format, names, CSV_BOM + csvHeader(headers) + csvHeader(example));
      }
      const output = new PassThrough();
      const { workbook, sheet } = await xlsxWriter(
        output,
        T.sheetTemplate,
        CARGO_IMPORT_COLUMNS.map((c) => ({ key: `import_${c.key}`, header: c.header })),
      );
      // Every cell is text: Excel must not turn a phone into a number or a date into a serial.
      sheet.columns.forEach((column) => {
        column.numFmt = '@';
      });
      sheet.addRow(example).commit();
      sheet.commit();
      const hints = workbook.addWorksheet('Подсказки');
      hints.columns = [
        { header: 'Столбец', key: 'header', width: 28 },
        { header: 'Обязательный', key: 'required', width: 14 },
        { header: 'Формат', key: 'hint', width: 70 },
      ];
      for (const column of CARGO_IMPORT_COLUMNS) {
        hints.addRow([column.header, column.required ? T.yes : T.no, column.hint]).commit();
      }
      hints.commit();
      void workbook.commit().catch((error: unknown) => output.destroy(error as Error));
      return sendFile(reply, format, names, output);
    },
  );

  app.post(
    API_PATHS.cargoImport,
    {
      schema: {
        tags: ['cargo'],
        summary: 'Import orders from an XLSX or CSV file: check every row, or create the valid ones',
        description:
          'Signed-in clients only. multipart/form-data with one file in field `file` (.xlsx or .csv, recognised ' +
          `by content, under 5 MB, at most ${CARGO_IMPORT_MAX_ROWS} rows, no formulas; of a workbook, its first visible ` +
          'sheet), one order per row, columns as ' +
          'in the template (GET /cargo/import/template). `mode=check` checks every row with the order wizard’s ' +
          'rules and prices it, creating nothing; `mode=create` (needs `consent=true`, the personal-data consent for ' +
          'the people in the file) creates the valid rows, each with an Idempotency-Key derived from the owner and the ' +
          'row, so uploading the same file again creates nothing twice (those rows answer `already_created`). ' +
          'Per-row Russian errors name the spreadsheet row and column. No confirmation is sent per row. ' +
          `Limited to ${CARGO_TRANSFER_RATE_LIMITS.import} per minute.`,
        consumes: ['multipart/form-data'],
        querystring: CargoImportQuerySchema,
        response: { 200: CargoImportResultSchema, ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema },
      },
      config: { rateLimit: { max: CARGO_TRANSFER_RATE_LIMITS.import, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      try {
        const { session, owner } = signedInOwner(await request.getSession());
        const { mode, consent } = request.query;
        if (mode === 'create' && !consent) {
          throw new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, {
            consent: T.consentRequired,
          });
        }
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, MESSAGES.common.unsupportedMediaType);
        }
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared >= CARGO_IMPORT_MAX_BYTES + PART_OVERHEAD_BYTES) throw tooLarge();
        let received: { bytes: Buffer; name: string } | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname !== 'file' || received) {
              part.file.resume();
              throw fileError('VALIDATION_FAILED', T.fileRequired);
            }
            const bytes = await receiveFile(part.file);
            if (part.file.truncated) throw tooLarge();
            received = { bytes, name: part.filename };
          }
        } catch (error) {
          if (error instanceof AppError) throw error;
          const code = (error as { code?: unknown }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
            throw fileError('VALIDATION_FAILED', T.fileRequired);
          }
          throw new AppError('BAD_REQUEST', 400, MESSAGES.common.validationFailed, { file: T.fileRequired });
        }
        if (!received) throw fileError('VALIDATION_FAILED', T.fileRequired);
        if (received.bytes.length === 0) throw fileError('IMPORT_EMPTY', T.fileEmpty);
        const kind = detectKind(received.bytes, received.name);
        const file = await parseImportFile(received.bytes, kind);
        return await importCargo(deps, session, owner, file, mode, consent, {
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        });
      } catch (error) {
        abandonBody(request, reply);
        throw error;
      }
    },
  );
};
