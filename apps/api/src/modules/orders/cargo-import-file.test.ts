import { deflateRawSync } from 'node:zlib';
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
  it('reads a workbook ExcelJS wrote every time (its streaming reader alone lost xl/workbook.xml about 1 read in 600)', async () => {
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

  it('reads a workbook of inline strings without shared strings or styles, its sheet named by an absolute path', async () => {
    const column = (n: number): string =>
      (n > 26 ? column(Math.floor((n - 1) / 26)) : '') + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[(n - 1) % 26];
    const cells = (values: string[], row: number) =>
      `<row r="${row}">${values.map((v, i) => `<c r="${column(i + 1)}${row}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
    const bytes = zip(
      minimalWorkbook('/xl/worksheets/orders.xml', {
        'xl/worksheets/orders.xml': sheetXml(cells(HEADERS, 1) + cells(exampleRow('Инлайн'), 2)),
      }),
    );
    expect(recipients(await parseImportFile(bytes, 'xlsx'))).toEqual(['Инлайн']);
  });

  it('stops inflating a file at 64 MB in all, whatever its directory says (a ZIP bomb is a broken file)', async () => {
    const spaces = (mb: number) => ' '.repeat(mb * 1024 * 1024);
    const sheet = 'xl/worksheets/sheet1.xml';
    const strings = 'xl/sharedStrings.xml';
    const sst = (text: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${text}</sst>`;
    // The directory claims 1 KB for each part: one part of 65 MB, or two of 40 MB each.
    const oneBig = zip(minimalWorkbook('worksheets/sheet1.xml', { [sheet]: sheetXml(spaces(65)) }), {
      claimedSize: { [sheet]: 1024 },
    });
    const twoHalves = zip(
      minimalWorkbook('worksheets/sheet1.xml', { [strings]: sst(spaces(40)), [sheet]: sheetXml(spaces(40)) }),
      { claimedSize: { [sheet]: 1024, [strings]: 1024 } },
    );
    for (const bytes of [oneBig, twoHalves]) {
      const error = await refusal(parseImportFile(bytes, 'xlsx'));
      expect([error.code, error.fields]).toEqual(['IMPORT_FILE_BROKEN', { file: T.fileBroken }]);
    }
  }, 60_000);
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

const sheetXml = (rows: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

/** The parts of a one-sheet workbook whose relationship points at `target`, with the given sheet parts. */
function minimalWorkbook(target: string, sheets: Record<string, string>): Record<string, string> {
  return {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/></Types>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<sheets><sheet name="Заявки" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="${target}"/>` +
      '</Relationships>',
    ...sheets,
  };
}

/**
 * A ZIP of deflated parts, written by hand so a test can make its directory lie about a part's
 * size (`claimedSize`). CRCs are left 0: the reader does not check them.
 */
function zip(parts: Record<string, string>, { claimedSize = {} as Record<string, number> } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(parts)) {
    const nameBytes = Buffer.from(name);
    const raw = Buffer.from(text);
    const data = deflateRawSync(raw);
    const size = claimedSize[name] ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
