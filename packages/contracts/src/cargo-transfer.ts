import { CARGO_EXPORT_FORMATS, CARGO_IMPORT_COLUMNS, MESSAGES } from '@freight/domain';
import { z } from 'zod';
import { CargoListQuerySchema } from './cargo';
import { queryBoolean } from './query';

/*
 * Export of the client's order list and import of orders from a file (issue #14): the contract
 * shared by the API and the web, published in the OpenAPI document.
 */

const format = z.enum(CARGO_EXPORT_FORMATS, { error: MESSAGES.orderList.queryInvalid }).default('xlsx');

/**
 * Query of GET /cargo/cargo/export: the list's own query (every filter and sort, `favorite`
 * included; `skip` and `limit` are read and ignored: the whole filtered list is exported) and the
 * file `format` (`xlsx` by default, or `csv`).
 */
export const CargoExportQuerySchema = CargoListQuerySchema.safeExtend({ format });
// No `.meta({ id })`: a query string schema must stay inline for the OpenAPI generator.
export type CargoExportQuery = z.output<typeof CargoExportQuerySchema>;

/** Query of GET /cargo/import/template. */
export const CargoImportTemplateQuerySchema = z.object({ format });
export type CargoImportTemplateQuery = z.output<typeof CargoImportTemplateQuerySchema>;

export const CARGO_IMPORT_MODES = ['check', 'create'] as const;
export type CargoImportMode = (typeof CARGO_IMPORT_MODES)[number];

/**
 * Query of POST /cargo/import: `mode=check` (default: every row checked, nothing created) or
 * `mode=create` (the valid rows created), and `consent=true` — the personal-data consent for the
 * people named in the file — which create mode requires.
 */
export const CargoImportQuerySchema = z.object({
  mode: z.enum(CARGO_IMPORT_MODES, { error: MESSAGES.cargoTransfer.modeInvalid }).default('check'),
  consent: queryBoolean.default(false),
});
export type CargoImportQuery = z.output<typeof CargoImportQuerySchema>;

export const CargoImportRowErrorSchema = z
  .object({
    column: z
      .string()
      .nullable()
      .meta({ description: 'Russian header of the cell, e.g. «Вес, кг»; null for the row as a whole' }),
    field: z.string().meta({ description: 'Order draft path, e.g. cargo.weight' }),
    message: z.string().meta({ description: 'Russian message' }),
  })
  .meta({ id: 'CargoImportRowError' });
export type CargoImportRowError = z.infer<typeof CargoImportRowErrorSchema>;

export const CARGO_IMPORT_ROW_STATUSES = ['valid', 'invalid', 'created', 'already_created'] as const;
export type CargoImportRowStatus = (typeof CARGO_IMPORT_ROW_STATUSES)[number];

export const CargoImportRowResultSchema = z
  .object({
    row: z.number().int().meta({ description: 'Spreadsheet row number: the header is row 1, data start at 2' }),
    status: z.enum(CARGO_IMPORT_ROW_STATUSES),
    errors: z.array(CargoImportRowErrorSchema),
    track_number: z.string().nullable(),
    price_kopecks: z.number().int().nullable(),
    price_text: z.string().nullable(),
  })
  .meta({ id: 'CargoImportRowResult' });
export type CargoImportRowResult = z.infer<typeof CargoImportRowResultSchema>;

export const CargoImportResultSchema = z
  .object({
    mode: z.enum(CARGO_IMPORT_MODES),
    total_rows: z.number().int(),
    valid_rows: z
      .number()
      .int()
      .meta({ description: 'Rows without errors (in create mode: created + already_created)' }),
    invalid_rows: z.number().int(),
    created: z.number().int(),
    already_created: z.number().int(),
    rows: z.array(CargoImportRowResultSchema),
  })
  .meta({ id: 'CargoImportResult' });
export type CargoImportResult = z.infer<typeof CargoImportResultSchema>;

/** The import columns, for the UI's help next to the upload (same list as the template). */
export const CARGO_IMPORT_COLUMN_LIST = CARGO_IMPORT_COLUMNS.map(({ key, header, required, hint }) => ({
  key,
  header,
  required,
  hint,
}));
