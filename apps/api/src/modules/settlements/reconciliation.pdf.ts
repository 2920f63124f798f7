import type { Writable } from 'node:stream';
import { MESSAGES, formatDocumentAmount } from '@freight/domain';
import {
  FONT,
  contentWidth,
  ensureSpace,
  paragraph,
  rule,
  signatures,
  writePdf,
  type Pdf,
} from '../documents/documents.pdf';
import { ruDate } from '../orders/cargo-export';
import {
  actConclusion,
  actTitle,
  balanceSides,
  type ReconciliationAct,
  type ReconciliationProgress,
} from './reconciliation.model';

const R = MESSAGES.settlements.reconciliation;
const D = MESSAGES.documents;

/** A cell of the act's table; `span` columns wide (1 by default). */
interface Cell {
  text: string;
  span?: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
}

/** Column widths (points) of the two sides: date, document, debit, credit; the documents take the rest. */
const FIXED = { date: 48, amount: 56 };
const FONT_SIZE = 7.5;
const PADDING = 2;
const HEAD_FILL = '#eeeeee';
/** Rows drawn between two yields to the event loop. */
const ROWS_PER_SLICE = 200;

const cell = (text: string, options: Omit<Cell, 'text'> = {}): Cell => ({ text, ...options });
const amount = (kopecks: number | null, bold = false): Cell =>
  cell(kopecks === null || kopecks === 0 ? '' : formatDocumentAmount(kopecks), { align: 'right', bold });
/** The client's four columns, left blank for the client to fill. */
const blank = (): Cell[] => [cell(''), cell(''), cell(''), cell('')];

/**
 * Draws the table row by row: PDFKit's own table lays out the whole table at once and slows
 * down with the square of its rows, while an act of three busy years has thousands. Each row is
 * measured, moved to a new page (under a repeated header) when it does not fit, filled, outlined
 * and written.
 */
class ActTable {
  private readonly widths: number[];
  private readonly left: number;

  constructor(
    private readonly doc: Pdf,
    private readonly header: Cell[][],
  ) {
    this.left = doc.page.margins.left;
    const documentWidth = (contentWidth(doc) - 2 * (FIXED.date + 2 * FIXED.amount)) / 2;
    const side = [FIXED.date, documentWidth, FIXED.amount, FIXED.amount];
    this.widths = [...side, ...side];
  }

  /** The cells' boxes: x and width, a span covering several columns. */
  private boxes(cells: readonly Cell[]): { x: number; width: number }[] {
    let column = 0;
    let x = this.left;
    return cells.map((c) => {
      const span = c.span ?? 1;
      const width = this.widths.slice(column, column + span).reduce((sum, w) => sum + w, 0);
      const box = { x, width };
      column += span;
      x += width;
      return box;
    });
  }

  private fontOf(c: Cell): string {
    return c.bold ? FONT.bold : FONT.regular;
  }

  private heightOf(cells: readonly Cell[], boxes: readonly { width: number }[]): number {
    let height = 0;
    cells.forEach((c, index) => {
      if (c.text === '') return;
      this.doc.font(this.fontOf(c)).fontSize(FONT_SIZE);
      height = Math.max(height, this.doc.heightOfString(c.text, { width: boxes[index]!.width - 2 * PADDING }));
    });
    return Math.max(height, this.doc.currentLineHeight(true)) + 2 * PADDING;
  }

  private draw(cells: readonly Cell[], fill: string | null): void {
    const doc = this.doc;
    const boxes = this.boxes(cells);
    const height = this.heightOf(cells, boxes);
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      for (const row of this.header) this.draw(row, HEAD_FILL);
    }
    const top = doc.y;
    const width = boxes.reduce((sum, b) => sum + b.width, 0);
    if (fill) doc.rect(this.left, top, width, height).fillColor(fill).fill();
    doc.lineWidth(0.5).strokeColor('black');
    for (const box of boxes) doc.rect(box.x, top, box.width, height);
    doc.stroke();
    doc.fillColor('black');
    cells.forEach((c, index) => {
      if (c.text === '') return;
      const box = boxes[index]!;
      doc
        .font(this.fontOf(c))
        .fontSize(FONT_SIZE)
        .text(c.text, box.x + PADDING, top + PADDING, { width: box.width - 2 * PADDING, align: c.align ?? 'left' });
    });
    doc.font(FONT.regular);
    doc.x = this.left;
    doc.y = top + height;
  }

  start(): void {
    for (const row of this.header) this.draw(row, HEAD_FILL);
  }

  row(cells: readonly Cell[]): void {
    this.draw(cells, null);
  }
}

/**
 * The two-sided table of the act: the carrier's side (date, document, debit, credit) from the
 * ledger, the client's side empty; the opening balance, a row per document, the turnover of the
 * period and the closing balance.
 */
async function actTable(doc: Pdf, act: ReconciliationAct, progress: ReconciliationProgress): Promise<void> {
  const head = (text: string, span = 1) => cell(text, { bold: true, align: 'center', span });
  const columns = [head(R.date), head(R.document), head(R.debit), head(R.credit)];
  const table = new ActTable(doc, [
    [head(R.byData(act.carrier.name), 4), head(R.byData(act.client.name), 4)],
    [...columns, ...columns],
  ]);
  const labelled = (label: string, debit: number | null, credit: number | null): Cell[] => [
    cell(label, { span: 2, bold: true }),
    amount(debit, true),
    amount(credit, true),
    cell(label, { span: 2, bold: true }),
    cell(''),
    cell(''),
  ];
  const balance = (label: string, kopecks: number) => {
    const sides = balanceSides(kopecks);
    return labelled(label, sides.debit, sides.credit);
  };
  table.start();
  table.row(balance(R.openingBalance, act.openingKopecks));
  for (const [index, row] of act.rows.entries()) {
    // Hundreds of pages take seconds: let the API's other requests run between batches of rows.
    if (index > 0 && index % ROWS_PER_SLICE === 0) {
      await progress.onRows?.(index);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    table.row([
      cell(ruDate(row.date)),
      cell(row.operation),
      amount(row.debitKopecks),
      amount(row.creditKopecks),
      ...blank(),
    ]);
  }
  // The turnover shows its zeros: «0,00» says nothing happened, not that a figure is missing.
  table.row([
    cell(R.turnover, { span: 2, bold: true }),
    cell(formatDocumentAmount(act.debitTotalKopecks), { align: 'right', bold: true }),
    cell(formatDocumentAmount(act.creditTotalKopecks), { align: 'right', bold: true }),
    cell(R.turnover, { span: 2, bold: true }),
    cell(''),
    cell(''),
  ]);
  table.row(balance(R.closingBalance, act.closingKopecks));
  await progress.onRows?.(act.rows.length);
}

/**
 * Акт сверки взаимных расчётов of a contract for a period, A4, in the standard Russian layout:
 * the title with the period, the parties and the contract; the two-sided table (the carrier's
 * data filled, the client's columns blank); the statement of who owes whom on the last day, the
 * amount in words; the signatures of both sides with «М. П.». Written into `output` (ended when
 * done; destroyed with the error and rejected on failure).
 */
export function writeReconciliationPdf(
  act: ReconciliationAct,
  createdAt: Date,
  output: Writable,
  progress: ReconciliationProgress = {},
): Promise<void> {
  const title = actTitle(act);
  return writePdf(
    { title, author: act.carrier.name, createdAt },
    async (doc) => {
      if (act.carrier.demo) paragraph(doc, D.demoNotice, { size: 8, bold: true, color: '#b00020' });
      doc
        .font(FONT.bold)
        .fontSize(12)
        .text(title, doc.page.margins.left, doc.y, {
          width: contentWidth(doc),
          align: 'center',
        });
      doc.font(FONT.regular).moveDown(0.3);
      rule(doc, 1.5);
      paragraph(doc, R.intro(act.carrier.name, act.client.name), { size: 8.5 });
      doc.moveDown(0.6);
      await actTable(doc, act, progress);
      doc.moveDown(0.8);
      ensureSpace(doc, 40);
      paragraph(doc, actConclusion(act), { size: 9, bold: true });
      doc.moveDown(0.6);
      rule(doc, 1.5);
      signatures(doc, [R.fromSide(act.carrier.name), R.fromSide(act.client.name)], {
        signature: D.signature,
        name: D.signatureName,
        stamp: D.stamp,
      });
    },
    output,
  );
}
