import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  CARGO_EXPORT_COLUMNS,
  CARGO_EXPORT_MAX_ROWS,
  MESSAGES,
  PAYMENT_TYPES,
  cargoStatusLabel,
  looksLikeFormula,
  type CargoExportFormat,
  type CargoStatus,
} from '@freight/domain';
import type { CargoExportQuery } from '@freight/contracts';
import type { Database } from '@freight/db';
import * as repo from './orders.repository';
import type { Owner } from './orders.repository';
import { cargoListFilter, listProfileScope } from './orders.service';

const T = MESSAGES.cargoTransfer;

/** Rows read from the database per query while exporting. */
export const EXPORT_BATCH_ROWS = 1000;

export const CONTENT_TYPES: Record<CargoExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

// ---- formatting -------------------------------------------------------------------------------------------

/** Moscow has been UTC+3 all year since 2014; the product shows the carrier's (Moscow) time. */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The Moscow wall time of `at` as a zone-less Date (what a spreadsheet cell shows as is). */
export const moscowWallClock = (at: Date) => new Date(at.getTime() + MOSCOW_OFFSET_MS);

/** `ДД.ММ.ГГГГ ЧЧ:мм`, Moscow time. */
export function ruDateTime(at: Date): string {
  const m = moscowWallClock(at);
  return `${pad2(m.getUTCDate())}.${pad2(m.getUTCMonth() + 1)}.${m.getUTCFullYear()} ${pad2(m.getUTCHours())}:${pad2(m.getUTCMinutes())}`;
}

/** ISO `YYYY-MM-DD` as `ДД.ММ.ГГГГ`. */
export const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const PAYMENT_LABELS = new Map<string, string>(PAYMENT_TYPES.map((p) => [p.value, p.label]));
const STATUS_LABELS = new Map<string, string>();
const statusLabel = (status: string) => {
  let label = STATUS_LABELS.get(status);
  if (label === undefined) {
    label = cargoStatusLabel(status as CargoStatus);
    STATUS_LABELS.set(status, label);
  }
  return label;
};

type ExportRow = Awaited<ReturnType<typeof repo.listCargoBatch>>[number];

/** One cargo as the export's cells (strings, numbers, Dates in Moscow wall time, in column order). */
function cells(row: ExportRow): (string | number | Date | null)[] {
  return [
    row.trackNumber,
    moscowWallClock(row.createdAt),
    statusLabel(row.status),
    moscowWallClock(row.statusChangedAt),
    row.cityDepartureName,
    row.cityDeliveryName,
    row.senderName ?? '',
    row.recipientName ?? '',
    row.quantity,
    row.weightKg,
    row.volumeM3,
    row.priceKopecks / 100,
    PAYMENT_LABELS.get(row.paymentType) ?? row.paymentType,
    row.paid ? T.yes : T.no,
    row.plannedArrivalDate ? new Date(`${row.plannedArrivalDate}T00:00:00Z`) : null,
    row.favorite ? T.yes : T.no,
  ];
}

// ---- CSV ---------------------------------------------------------------------------------------------------

const CSV_SEPARATOR = ';';
const CSV_NEEDS_QUOTES = /[;"\r\n]/;

/**
 * One CSV field for Russian Excel: text that a spreadsheet would run as a formula (`=`, `@`, `+` or
 * `-` not followed by a number or a phone, tab or CR at the start) gets a leading `'` (OWASP CSV
 * injection); quotes when needed.
 */
export function csvText(value: string): string {
  const safe = looksLikeFormula(value) || /^[\t\r]/.test(value) ? `'${value}` : value;
  return CSV_NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A number with a decimal comma (Russian Excel reads it as a number). */
const csvNumber = (value: number, digits?: number) =>
  (digits === undefined ? String(value) : value.toFixed(digits)).replace('.', ',');

function csvLine(row: ExportRow): string {
  const fields = [
    csvText(row.trackNumber),
    ruDateTime(row.createdAt),
    csvText(statusLabel(row.status)),
    ruDateTime(row.statusChangedAt),
    csvText(row.cityDepartureName),
    csvText(row.cityDeliveryName),
    csvText(row.senderName ?? ''),
    csvText(row.recipientName ?? ''),
    String(row.quantity),
    csvNumber(row.weightKg),
    csvNumber(row.volumeM3),
    csvNumber(row.priceKopecks / 100, 2),
    csvText(PAYMENT_LABELS.get(row.paymentType) ?? row.paymentType),
    row.paid ? T.yes : T.no,
    row.plannedArrivalDate ? ruDate(row.plannedArrivalDate) : '',
    row.favorite ? T.yes : T.no,
  ];
  return `${fields.join(CSV_SEPARATOR)}\r\n`;
}

export const CSV_BOM = '\uFEFF';

/** Header row of a CSV file. */
export const csvHeader = (headers: readonly string[]) => `${headers.map(csvText).join(CSV_SEPARATOR)}\r\n`;

// ---- streaming -----------------------------------------------------------------------------------------

/**
 * Waits until `stream` wants more, or rejects when it is closed first (a client that went away, a
 * storage that failed): a writer never waits for a 'drain' that cannot come.
 */
export function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.reject(stream.errored ?? new Error('output closed'));
  return new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(stream.errored ?? new Error('output closed'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

/** Writes and waits when the reader is behind (so a slow client never makes us buffer the file). */
async function write(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await drained(stream);
}

/** Every row of the filtered list in the list's order, batch by batch (keyset), at most CARGO_EXPORT_MAX_ROWS. */
async function* exportRows(db: Database, owner: Owner, query: CargoExportQuery): AsyncGenerator<ExportRow[]> {
  const filter = cargoListFilter(owner, query, await listProfileScope(db, owner, query));
  let after: repo.ListCursor | null = null;
  let total = 0;
  while (total < CARGO_EXPORT_MAX_ROWS) {
    const limit = Math.min(EXPORT_BATCH_ROWS, CARGO_EXPORT_MAX_ROWS - total);
    const rows = await repo.listCargoBatch(db, filter, after, limit);
    if (rows.length === 0) return;
    total += rows.length;
    yield rows;
    if (rows.length < limit) return;
    const last = rows[rows.length - 1]!;
    after = { value: last.sortValue, id: last.id };
  }
}

/** Column widths (characters) of the XLSX sheet. */
const WIDTHS: Record<string, number> = {
  track_number: 16,
  created_at: 17,
  status: 22,
  status_changed_at: 17,
  city_departure: 20,
  city_delivery: 20,
  sender: 26,
  recipient: 26,
  price: 14,
  payment_type: 20,
  planned_arrival_date: 14,
};
const FORMATS: Record<string, string> = {
  created_at: 'dd.mm.yyyy hh:mm',
  status_changed_at: 'dd.mm.yyyy hh:mm',
  planned_arrival_date: 'dd.mm.yyyy',
  price: '#,##0.00 "₽"',
  weight: '0.##',
  volume: '0.###',
};

/** ExcelJS, loaded on first use: most API processes never write or read a spreadsheet. */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/** A streamed XLSX workbook with one sheet of `columns`; the header row is bold and frozen. */
export async function xlsxWriter(output: Writable, sheetName: string, columns: { key: string; header: string }[]) {
  const Excel = await loadExcelJs();
  // Fastest deflate: an export is text that compresses well at any level, and the CPU is what an
  // export of 10 000 rows spends most (bench:cargo).
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'Магистраль';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    key: c.key,
    header: c.header,
    width: WIDTHS[c.key] ?? Math.max(12, c.header.length + 2),
    ...(FORMATS[c.key] ? { style: { numFmt: FORMATS[c.key]! } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return { workbook, sheet };
}

export interface ExportProgress {
  /** Called after each batch of rows is written, with the rows written so far. */
  onRows?: (rowsDone: number) => Promise<void>;
}

/**
 * Streams the caller's filtered list as a file into `output` (ended when done, destroyed with the
 * error on failure; never rejects). Nothing but one batch of rows is held at a time. The one
 * writer of the list's file: the GET download streams it to the client, the queued export
 * (modules/exports) to the file storage.
 */
export async function writeCargoExport(
  db: Database,
  owner: Owner,
  query: CargoExportQuery,
  output: Writable,
  progress: ExportProgress = {},
): Promise<void> {
  const headers = CARGO_EXPORT_COLUMNS.map((c) => c.header);
  let done = 0;
  try {
    if (query.format === 'csv') {
      await write(output, CSV_BOM + csvHeader(headers));
      for await (const rows of exportRows(db, owner, query)) {
        let chunk = '';
        for (const row of rows) chunk += csvLine(row);
        await write(output, chunk);
        done += rows.length;
        await progress.onRows?.(done);
      }
      output.end();
      return;
    }
    const { workbook, sheet } = await xlsxWriter(output, T.sheetOrders, [...CARGO_EXPORT_COLUMNS]);
    for await (const rows of exportRows(db, owner, query)) {
      for (const row of rows) sheet.addRow(cells(row)).commit();
      if (output.writableNeedDrain) await drained(output);
      done += rows.length;
      await progress.onRows?.(done);
    }
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    output.destroy(error as Error);
  }
}

/** How many rows the export of this query will have (the list's count, at most CARGO_EXPORT_MAX_ROWS). */
export async function countCargoExport(db: Database, owner: Owner, query: CargoExportQuery): Promise<number> {
  const filter = cargoListFilter(owner, query, await listProfileScope(db, owner, query));
  return repo.countCargoList(db, filter, CARGO_EXPORT_MAX_ROWS);
}

/** Shared with the other downloads (uploads/attachment.ts). */
export { contentDisposition } from '../uploads/attachment';

/** Names of an export file made `now`: «Заказы_24.11.2026.xlsx» and `cargo-2026-11-24.xlsx`. */
export function exportFileNames(now: Date, format: CargoExportFormat) {
  const m = moscowWallClock(now);
  const iso = `${m.getUTCFullYear()}-${pad2(m.getUTCMonth() + 1)}-${pad2(m.getUTCDate())}`;
  return { ascii: `cargo-${iso}.${format}`, utf8: `${T.exportFileName}_${ruDate(iso)}.${format}` };
}
