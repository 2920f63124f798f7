import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { MESSAGES } from '@freight/domain';
import { drained, loadExcelJs } from '../orders/cargo-export';
import {
  actConclusion,
  actTitle,
  balanceSides,
  type ReconciliationAct,
  type ReconciliationProgress,
} from './reconciliation.model';

const R = MESSAGES.settlements.reconciliation;
const D = MESSAGES.documents;

/** Roubles with both kopeck figures and digit groups (Russian Excel shows «68 345,67»). */
const MONEY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'dd.mm.yyyy';
/** The header rows (title, introduction, a gap, the sides, the columns) stay on screen while scrolling. */
export const RECONCILIATION_HEADER_ROWS = 5;
/** Document rows between two progress reports. */
const ROWS_PER_REPORT = 1000;

const kopecksToRoubles = (kopecks: number | null) => (kopecks === null ? null : kopecks / 100);
/** A calendar date as a spreadsheet date (midnight UTC: Excel dates have no zone). */
const excelDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

const thin: Partial<ExcelJS.Border> = { style: 'thin' };
const boxed: Partial<ExcelJS.Borders> = { top: thin, left: thin, bottom: thin, right: thin };

/**
 * The reconciliation act as a one-sheet XLSX with the rows of the PDF: the title, the two sides'
 * headers (frozen), the opening balance, a row per document, the turnover and the closing
 * balance, the statement of the debt and the sides' signature lines. Amounts are numeric cells
 * in roubles with a number format; dates are date cells; the client's columns are left blank.
 */
async function buildWorkbook(act: ReconciliationAct, progress: ReconciliationProgress): Promise<ExcelJS.Workbook> {
  const Excel = await loadExcelJs();
  const workbook = new Excel.Workbook();
  workbook.creator = act.carrier.name;
  const sheet = workbook.addWorksheet(R.sheet, {
    views: [{ state: 'frozen', ySplit: RECONCILIATION_HEADER_ROWS }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = [12, 44, 15, 15, 12, 44, 15, 15].map((width) => ({ width }));

  const wide = (text: string, options: { bold?: boolean; height?: number } = {}) => {
    const row = sheet.addRow([text]);
    sheet.mergeCells(row.number, 1, row.number, 8);
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    row.getCell(1).font = { bold: options.bold ?? false, size: options.bold ? 12 : 10 };
    if (options.height) row.height = options.height;
    return row;
  };
  wide(actTitle(act), { bold: true, height: 34 });
  wide(R.intro(act.carrier.name, act.client.name), { height: 30 });
  sheet.addRow([]);

  const sides = sheet.addRow([R.byData(act.carrier.name), null, null, null, R.byData(act.client.name)]);
  sheet.mergeCells(sides.number, 1, sides.number, 4);
  sheet.mergeCells(sides.number, 5, sides.number, 8);
  const columns = sheet.addRow([R.date, R.document, R.debit, R.credit, R.date, R.document, R.debit, R.credit]);
  for (const row of [sides, columns]) {
    row.font = { bold: true };
    row.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  }

  /** A row of the table: borders on all eight cells, money formatted, dates as dates. */
  const tableRow = (values: (string | number | Date | null)[], options: { bold?: boolean; label?: boolean } = {}) => {
    const row = sheet.addRow(values);
    for (let column = 1; column <= 8; column += 1) {
      const c = row.getCell(column);
      c.border = boxed;
      if (column === 3 || column === 4 || column === 7 || column === 8) c.numFmt = MONEY_FORMAT;
      if (column === 1 || column === 5) c.numFmt = DATE_FORMAT;
      if (column === 2 || column === 6) c.alignment = { wrapText: true, vertical: 'top' };
    }
    if (options.bold) row.font = { bold: true };
    if (options.label) {
      sheet.mergeCells(row.number, 1, row.number, 2);
      sheet.mergeCells(row.number, 5, row.number, 6);
    }
    return row;
  };
  for (const row of [sides, columns]) for (let column = 1; column <= 8; column += 1) row.getCell(column).border = boxed;

  const balance = (label: string, kopecks: number) => {
    const { debit, credit } = balanceSides(kopecks);
    tableRow([label, null, kopecksToRoubles(debit), kopecksToRoubles(credit), label, null, null, null], {
      bold: true,
      label: true,
    });
  };
  balance(R.openingBalance, act.openingKopecks);
  for (const [index, row] of act.rows.entries()) {
    if (index > 0 && index % ROWS_PER_REPORT === 0) await progress.onRows?.(index);
    tableRow([
      excelDate(row.date),
      row.operation,
      row.debitKopecks === 0 ? null : kopecksToRoubles(row.debitKopecks),
      row.creditKopecks === 0 ? null : kopecksToRoubles(row.creditKopecks),
      null,
      null,
      null,
      null,
    ]);
  }
  tableRow(
    [
      R.turnover,
      null,
      kopecksToRoubles(act.debitTotalKopecks),
      kopecksToRoubles(act.creditTotalKopecks),
      R.turnover,
      null,
      null,
      null,
    ],
    { bold: true, label: true },
  );
  balance(R.closingBalance, act.closingKopecks);

  sheet.addRow([]);
  wide(actConclusion(act), { bold: true, height: 30 });
  sheet.addRow([]);
  const signers = sheet.addRow([R.fromSide(act.carrier.name), null, null, null, R.fromSide(act.client.name)]);
  signers.font = { bold: true };
  sheet.mergeCells(signers.number, 1, signers.number, 4);
  sheet.mergeCells(signers.number, 5, signers.number, 8);
  sheet.addRow([]);
  const lines = `________________ (${D.signature}) / ________________ (${D.signatureName})`;
  const signatureRow = sheet.addRow([lines, null, null, null, lines]);
  sheet.mergeCells(signatureRow.number, 1, signatureRow.number, 4);
  sheet.mergeCells(signatureRow.number, 5, signatureRow.number, 8);
  sheet.addRow([D.stamp, null, null, null, D.stamp]);
  await progress.onRows?.(act.rows.length);
  return workbook;
}

/**
 * Writes the act's workbook into `output` and ends it (destroyed with the error and rejected on
 * failure). The sheet merges cells and is a few thousand rows at most, so the workbook is built in
 * memory and zipped once.
 */
export async function writeReconciliationXlsx(
  act: ReconciliationAct,
  output: Writable,
  progress: ReconciliationProgress = {},
): Promise<void> {
  try {
    const workbook = await buildWorkbook(act, progress);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    if (!output.write(bytes)) await drained(output);
    output.end();
  } catch (error) {
    output.destroy(error as Error);
    throw error;
  }
}
