import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { CARGO_IMPORT_COLUMNS, CARGO_IMPORT_MAX_ROWS, MESSAGES } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { parseImportFile } from './cargo-import-file';

const T = MESSAGES.cargoTransfer;
const HEADERS = CARGO_IMPORT_COLUMNS.map((c) => c.header);

/** The template's example row with the given recipient (Получатель). */
const exampleRow = (recipient: string) =>
  CARGO_IMPORT_COLUMNS.map((c) => (c.header === 'Получатель' ? recipient : c.example));

/** A workbook written by ExcelJS, as a client's program would write it: xl/workbook.xml comes last in the ZIP. */
async function workbookBytes(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const ordersSheet = (workbook: ExcelJS.Workbook, name: string, recipients: string[]) => {
  const sheet = workbook.addWorksheet(name);
  sheet.addRow(HEADERS);
  for (const recipient of recipients) sheet.addRow(exampleRow(recipient));
  return sheet;
};

const recipients = (parsed: Awaited<ReturnType<typeof parseImportFile>>) =>
  parsed.rows.map((row) => row.values.recipient_name);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('reading an XLSX import file', () => {
  it('reads a workbook ExcelJS wrote every time (its streaming reader alone lost xl/workbook.xml about 1 read in 500)', async () => {
    const bytes = await workbookBytes((workbook) => {
      ordersSheet(workbook, 'Заявки', ['Ирина', 'Пётр', 'Анна']);
      workbook.addWorksheet('Подсказки').addRow(['Столбец', 'Формат']);
    });
    const failures: unknown[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const parsed = await parseImportFile(bytes, 'xlsx').catch((error: unknown) => {
        failures.push(error);
        return null;
      });
      if (parsed) expect(recipients(parsed)).toEqual(['Ирина', 'Пётр', 'Анна']);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('reads the first visible tab, whatever order the sheets are stored in', async () => {
    const bytes = await workbookBytes((workbook) => {
      ordersSheet(workbook, 'Старые', ['Скрытый']).state = 'hidden';
      ordersSheet(workbook, 'Заявки', ['Видимый']);
      ordersSheet(workbook, 'Ещё', ['Третий']);
    });
    expect(recipients(await parseImportFile(bytes, 'xlsx'))).toEqual(['Видимый']);
  });

  it('stops at the row limit: more rows than that refuse the file', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `Получатель ${i + 1}`);
    const atLimit = await workbookBytes((workbook) => ordersSheet(workbook, 'Лист1', names(CARGO_IMPORT_MAX_ROWS)));
    expect((await parseImportFile(atLimit, 'xlsx')).rows).toHaveLength(CARGO_IMPORT_MAX_ROWS);
    const over = await workbookBytes((workbook) => ordersSheet(workbook, 'Лист1', names(CARGO_IMPORT_MAX_ROWS + 1)));
    const error = await refusal(parseImportFile(over, 'xlsx'));
    expect(error.code).toBe('IMPORT_TOO_MANY_ROWS');
    expect(error.fields).toEqual({ file: T.tooManyRows(CARGO_IMPORT_MAX_ROWS) });
  });

  // Before, ExcelJS's own pass over the ZIP waited forever on the garbled sheet: the upload never got an answer.
  it('calls a file whose sheet does not inflate, or whose workbook points at a sheet it lacks, broken', async () => {
    const good = await workbookBytes((workbook) => ordersSheet(workbook, 'Лист1', ['Ирина']));
    expect(recipients(await parseImportFile(good, 'xlsx'))).toEqual(['Ирина']);
    const garbled = garblePart(good, 'xl/worksheets/sheet1.xml');
    const orphan = Buffer.from(
      // Same length: the part is renamed in its local header and in the directory alike.
      good.toString('latin1').replaceAll('xl/worksheets/sheet1.xml', 'xl/worksheets/sheetX.xml'),
      'latin1',
    );
    for (const bytes of [garbled, orphan]) {
      const error = await refusal(parseImportFile(bytes, 'xlsx'));
      expect([error.code, error.fields]).toEqual(['IMPORT_FILE_BROKEN', { file: T.fileBroken }]);
    }
  });
});

/** The ZIP with a deflated part's first bytes overwritten by ones that are not deflate data. */
function garblePart(zip: Buffer, name: string): Buffer {
  let offset = 0;
  for (;;) {
    offset = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), offset);
    expect(offset).toBeGreaterThanOrEqual(0);
    const nameLength = zip.readUInt16LE(offset + 26);
    if (zip.toString('utf8', offset + 30, offset + 30 + nameLength) === name) break;
    offset += 4;
  }
  const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
  const out = Buffer.from(zip);
  // 0xff… is a deflate block of reserved type 3: «invalid block type».
  out.fill(0xff, start, start + 16);
  return out;
}
