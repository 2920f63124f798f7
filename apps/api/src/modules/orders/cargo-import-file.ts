import { Readable, Transform, pipeline } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse';
import {
  CARGO_IMPORT_MAX_BYTES,
  CARGO_IMPORT_MAX_CELL_LENGTH,
  CARGO_IMPORT_MAX_ROWS,
  MESSAGES,
  looksLikeFormula,
  matchImportHeaders,
  type CargoImportColumnKey,
  type CargoImportRow,
} from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { loadExcelJs } from './cargo-export';

/*
 * Reading an import file (issue #14): received as it streams with its bytes counted (refused at
 * byte 5 MB, as decision 007 does for images), recognised by its content — an XLSX is a ZIP whose
 * central directory names an Excel workbook, a CSV is text — and read row by row into
 * {@link CargoImportRow}s. Nothing here trusts the file's name or Content-Type beyond refusing one
 * that contradicts the content.
 */

const T = MESSAGES.cargoTransfer;

/** A refusal of the whole file: `{ error: { code, message, fields: { file } } }`. */
export function fileError(code: string, message: string, status = 400): AppError {
  return new AppError(code, status, message, { file: message });
}

export const tooLarge = () => fileError('PAYLOAD_TOO_LARGE', T.fileTooLarge, 413);

/** A file that cannot be read as the table it claims to be: `IMPORT_FILE_BROKEN`. */
const brokenFile = () => fileError('IMPORT_FILE_BROKEN', T.fileBroken);

/**
 * Reads an uploaded file into memory while counting it: the byte that reaches
 * CARGO_IMPORT_MAX_BYTES refuses it at once (413), so at most 5 MB is ever held.
 */
export async function receiveFile(source: AsyncIterable<Buffer>, maxBytes = CARGO_IMPORT_MAX_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size >= maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

export type SpreadsheetKind = 'xlsx' | 'csv';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Signatures of files that are surely not a CSV: OLE2 (.xls, .doc), PDF, PNG, JPEG, GIF, RAR, 7z, gzip, ELF, MZ. */
const BINARY_SIGNATURES = [
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x52, 0x61, 0x72, 0x21],
  [0x37, 0x7a, 0xbc, 0xaf],
  [0x1f, 0x8b],
  [0x7f, 0x45, 0x4c, 0x46],
  [0x4d, 0x5a],
].map((bytes) => Buffer.from(bytes));

/** What the declared name says the file is: 'xlsx', 'csv', another extension, or null for none. */
function declaredKind(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = base.slice(dot + 1).toLowerCase();
  return ext === 'txt' ? 'csv' : ext;
}

/**
 * The kind of a file by its content, checked against its name: a ZIP is an XLSX candidate, text
 * a CSV; anything else, or a name of another kind (`orders.csv` that is a ZIP, `orders.xls`), is
 * refused with a Russian 400. A name without an extension contradicts nothing.
 */
export function detectKind(bytes: Buffer, name: string): SpreadsheetKind {
  let kind: SpreadsheetKind;
  if (bytes.subarray(0, 4).equals(ZIP)) kind = 'xlsx';
  else if (BINARY_SIGNATURES.some((sig) => bytes.subarray(0, sig.length).equals(sig))) {
    throw fileError('IMPORT_FILE_TYPE', T.fileType);
  } else kind = 'csv';
  const declared = declaredKind(name);
  if (declared !== null && declared !== kind) {
    throw fileError('IMPORT_FILE_TYPE', declared === 'xlsx' || declared === 'csv' ? T.fileTypeMismatch : T.fileType);
  }
  return kind;
}

/** Inflated size allowed for a whole workbook and for one part of it (a ZIP bomb stops here). */
const XLSX_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 2000;

/** One part of the ZIP, as its central directory describes it. */
interface ZipPart {
  method: number;
  compressedSize: number;
  localHeader: number;
}

/**
 * Reads the ZIP central directory (no inflating): the file must be a ZIP with an Excel workbook
 * (`xl/workbook.xml`), without macros, with at most 2000 parts that inflate to at most 64 MB in
 * all. Returns the parts by name; throws the Russian 400s.
 */
export function checkXlsxContainer(bytes: Buffer): Map<string, ZipPart> {
  // End of central directory: 22 bytes plus a comment of at most 65 535.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw brokenFile();
  const entries = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  if (entries === 0xffff || offset === 0xffffffff || entries > XLSX_MAX_ENTRIES) throw brokenFile();
  const parts = new Map<string, ZipPart>();
  let inflated = 0;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) throw brokenFile();
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const localHeader = bytes.readUInt32LE(offset + 42);
    if (size === 0xffffffff || compressedSize === 0xffffffff || localHeader === 0xffffffff) throw brokenFile();
    inflated += size;
    parts.set(bytes.toString('utf8', offset + 46, offset + 46 + nameLength), { method, compressedSize, localHeader });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  if (inflated > XLSX_MAX_INFLATED_BYTES) throw brokenFile();
  if (!parts.has('xl/workbook.xml')) throw fileError('IMPORT_FILE_TYPE', T.fileType);
  if ([...parts.keys()].some((name) => /vbaProject\.bin$/i.test(name)))
    throw fileError('IMPORT_FILE_TYPE', T.fileMacros);
  return parts;
}

/** What may still be inflated from one file: {@link XLSX_MAX_INFLATED_BYTES} across all its parts. */
interface InflateBudget {
  left: number;
}

/**
 * A part's content as a stream, inflated as it is read (stored and deflated parts; anything
 * else is a broken file). What comes out is counted against the file's `budget`, whatever the
 * directory entries claim: past it, the file is broken.
 */
function partStream(bytes: Buffer, part: ZipPart, budget: InflateBudget): Readable {
  const at = part.localHeader;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) throw brokenFile();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + part.compressedSize > bytes.length) throw brokenFile();
  const data = bytes.subarray(start, start + part.compressedSize);
  if (part.method === 0) return Readable.from([data]);
  if (part.method !== 8) throw brokenFile();
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      budget.left -= chunk.length;
      done(budget.left < 0 ? brokenFile() : null, chunk);
    },
  });
  // An error anywhere (bad deflate data, the limit) destroys the returned stream with it; an
  // early destroy by the reader is not an error.
  return pipeline(Readable.from([data]), createInflateRaw(), limit, () => {});
}

/** A row of the file: its spreadsheet number and the cell texts in file column order. */
interface RawRow {
  number: number;
  cells: string[];
}

/** The A1 name of a cell. */
function cellName(column: number, row: number): string {
  let name = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return `${name}${row}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An XLSX cell's value as the text a person sees (dates `ДД.ММ.ГГГГ`, times `ЧЧ:ММ`); formulas refused. */
function xlsxCellText(value: ExcelJS.CellValue, column: number, row: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    // A time-only cell is a date on 1899-12-30 (Excel's day zero).
    if (value.getUTCFullYear() < 1900) return `${pad2(value.getUTCHours())}:${pad2(value.getUTCMinutes())}`;
    return `${pad2(value.getUTCDate())}.${pad2(value.getUTCMonth() + 1)}.${value.getUTCFullYear()}`;
  }
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      throw fileError('IMPORT_FORMULA', T.formula(cellName(column, row)));
    }
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return '';
  }
  return '';
}

/** What {@link xlsxRows} uses of ExcelJS's streaming reader beyond its typings (exceljs 4.4). */
interface WorkbookReaderParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
  model?: { sheets?: { rId?: string; state?: string }[] };
  workbookRels?: { Id?: string; Target?: string }[];
}

/** The ZIP path of a relationship target of xl/workbook.xml (`worksheets/sheet1.xml`, `/xl/…`). */
function workbookPartPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/**
 * Rows of the workbook's first sheet (its first visible tab), streamed: the sheet is inflated
 * and parsed as it is read, so reading stops soon after the row limit whatever the file's size.
 *
 * ExcelJS's streaming reader is fed the parts itself, in the order they depend on each other
 * (relationships, workbook, shared strings, styles, then the sheet), from the central directory
 * read above. Its own single pass over the ZIP loses late parts now and then on Node ≥ 18
 * (exceljs#3064: «Cannot read properties of undefined (reading 'sheets')» for about 1 read in
 * 600 of a workbook ExcelJS wrote, whose xl/workbook.xml comes last), which called a good file
 * broken.
 */
async function* xlsxRows(bytes: Buffer, parts: Map<string, ZipPart>): AsyncGenerator<RawRow> {
  const Excel = await loadExcelJs();
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([]), {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  }) as unknown as WorkbookReaderParts;
  const budget: InflateBudget = { left: XLSX_MAX_INFLATED_BYTES };
  const read = (name: string) => {
    const part = parts.get(name);
    return part ? partStream(bytes, part, budget) : null;
  };
  const rels = read('xl/_rels/workbook.xml.rels');
  if (!rels) throw brokenFile();
  await reader._parseRels(rels);
  await reader._parseWorkbook(read('xl/workbook.xml')!);
  const sharedStrings = read('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
  const styles = read('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);

  const sheets = reader.model?.sheets ?? [];
  const first = sheets.find((sheet) => !sheet.state || sheet.state === 'visible') ?? sheets[0];
  const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target;
  const path = target ? workbookPartPath(target) : '';
  const stream = read(path);
  if (!stream) throw brokenFile();
  const sheetNo = path.match(/sheet(\d+)\.xml$/)?.[1] ?? '1';
  try {
    for (const { value: worksheet } of reader._parseWorksheet(stream, sheetNo)) {
      for await (const row of worksheet) {
        const cells: string[] = [];
        const values = row.values as ExcelJS.CellValue[];
        for (let column = 1; column < values.length; column += 1) {
          cells.push(xlsxCellText(values[column], column, row.number));
        }
        yield { number: row.number, cells };
      }
    }
  } finally {
    stream.destroy();
  }
}

/** The file as text: UTF-8 (with or without BOM), else Windows-1251 (Russian Excel's «CSV»). */
function decodeText(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1251').decode(bytes);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/u.test(text.slice(0, 64 * 1024))) throw fileError('IMPORT_FILE_TYPE', T.fileType);
  return text;
}

/** The separator of a CSV file by its header line: `;` (Russian Excel), `,` or a tab. */
function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/u));
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ';';
}

async function* csvRows(bytes: Buffer): AsyncGenerator<RawRow> {
  const text = decodeText(bytes);
  const parser = Readable.from([text]).pipe(
    parseCsv({
      delimiter: csvDelimiter(text),
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: 64 * 1024,
      info: true,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const number = record.info.lines;
      const cells = record.record.map((cell, index) => {
        if (looksLikeFormula(cell)) throw fileError('IMPORT_FORMULA', T.formula(cellName(index + 1, number)));
        // Our own export guards such text with an apostrophe: read it back as the text it was.
        return /^'[=+\-@\t\r]/u.test(cell) ? cell.slice(1) : cell;
      });
      yield { number, cells };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw brokenFile();
  }
}

export interface ParsedImportFile {
  rows: { number: number; values: CargoImportRow; tooLong: CargoImportColumnKey[] }[];
}

/**
 * The file's order rows: the first non-empty row is the header (matched to the import columns;
 * missing, unknown or repeated columns refuse the file), every later non-empty row an order. More
 * than {@link CARGO_IMPORT_MAX_ROWS} rows, a formula anywhere, or a broken file refuse it too.
 */
export async function parseImportFile(bytes: Buffer, kind: SpreadsheetKind): Promise<ParsedImportFile> {
  const source = kind === 'xlsx' ? xlsxRows(bytes, checkXlsxContainer(bytes)) : csvRows(bytes);
  let columns: (CargoImportColumnKey | null)[] | null = null;
  const rows: ParsedImportFile['rows'] = [];
  try {
    for await (const raw of source) {
      if (raw.cells.every((cell) => !cell.trim())) continue;
      if (!columns) {
        const match = matchImportHeaders(raw.cells);
        if (match.missing.length > 0) throw fileError('IMPORT_COLUMNS', T.columnsMissing(match.missing));
        if (match.unknown.length > 0) throw fileError('IMPORT_COLUMNS', T.columnsUnknown(match.unknown));
        if (match.duplicate.length > 0) throw fileError('IMPORT_COLUMNS', T.columnsDuplicate(match.duplicate));
        columns = match.columns;
        continue;
      }
      if (rows.length >= CARGO_IMPORT_MAX_ROWS) {
        throw fileError('IMPORT_TOO_MANY_ROWS', T.tooManyRows(CARGO_IMPORT_MAX_ROWS));
      }
      const values: CargoImportRow = {};
      const tooLong: CargoImportColumnKey[] = [];
      raw.cells.forEach((cell, index) => {
        const key = columns![index];
        if (!key) return;
        const text = cell.trim();
        if (Array.from(text).length > CARGO_IMPORT_MAX_CELL_LENGTH) tooLong.push(key);
        else values[key] = text;
      });
      rows.push({ number: raw.number, values, tooLong });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw brokenFile();
  }
  if (!columns) throw fileError('IMPORT_COLUMNS', T.columnsMissing(matchImportHeaders([]).missing));
  if (rows.length === 0) throw fileError('IMPORT_EMPTY', T.fileEmpty);
  return { rows };
}
