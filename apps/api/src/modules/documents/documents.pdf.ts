import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PassThrough, type Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { toSVG } from 'bwip-js/node';

/*
 * PDF building blocks of the cargo documents: one document in memory, the embedded font, text
 * blocks, a signature line and vector barcodes. PDFKit draws; the DejaVu fonts come from npm
 * (dejavu-fonts-ttf: full Cyrillic, «₽», «№», U+00A0), so a fresh server needs no system fonts;
 * PDFKit embeds only the glyphs a document uses.
 */

export type Pdf = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);

/** Registered font names. DejaVu Sans Condensed: a Russian счёт is dense, the wide cut would not fit. */
export const FONT = { regular: 'doc-regular', bold: 'doc-bold' } as const;

let fontFiles: { regular: Buffer; bold: Buffer } | null = null;

/** The TTF files, read once per process (about 1.3 MB together). */
function fonts() {
  fontFiles ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return fontFiles;
}

export interface PdfMeta {
  title: string;
  author: string;
  /** Stamped as the creation date (the service's clock, so tests and replays agree). */
  createdAt: Date;
  /** Points, [width, height]; A4 by default. */
  size?: [number, number];
  margin?: number;
}

/** A4 in points. */
export const A4: [number, number] = [595.28, 841.89];
/** A6 (105 × 148 mm) in points: the label of one place. */
export const A6: [number, number] = [297.64, 419.53];

/**
 * Builds one PDF in memory: `draw` gets a document with the first page added and the regular
 * font selected; the bytes are returned once PDFKit has flushed them. Documents are small (a few
 * pages, or one page per place of a cargo, at most 500), so nothing is streamed. A long one
 * (the reconciliation act) draws asynchronously and lets other requests run between its parts.
 */
export async function renderPdf(meta: PdfMeta, draw: (doc: Pdf) => void | Promise<void>): Promise<Buffer> {
  const sink = new PassThrough();
  const [, bytes] = await Promise.all([writePdf(meta, draw, sink), buffer(sink)]);
  return bytes;
}

/**
 * Draws one PDF into `output` as PDFKit produces it (the reconciliation act: to a download or to
 * the file storage). `output` is ended when the document is; a failure of `draw` destroys it with
 * the error and rejects.
 */
export async function writePdf(
  meta: PdfMeta,
  draw: (doc: Pdf) => void | Promise<void>,
  output: Writable,
): Promise<void> {
  const { regular, bold } = fonts();
  const doc = new PDFDocument({
    size: meta.size ?? A4,
    margin: meta.margin ?? 40,
    lang: 'ru-RU',
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: meta.title, Author: meta.author, Creator: meta.author, CreationDate: meta.createdAt },
  });
  doc.registerFont(FONT.regular, regular);
  doc.registerFont(FONT.bold, bold);
  doc.font(FONT.regular);
  const written = pipeline(doc, output);
  try {
    // A long document may draw asynchronously, yielding to the event loop between parts.
    await draw(doc);
    doc.end();
  } catch (error) {
    doc.destroy(error as Error);
  }
  await written;
}

/** The width between the page margins. */
export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Starts a new page when fewer than `height` points are left above the bottom margin. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

export function heading(doc: Pdf, text: string, size = 14): void {
  doc.font(FONT.bold).fontSize(size).fillColor('black');
  doc.text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.font(FONT.regular);
  doc.moveDown(0.3);
}

export function paragraph(doc: Pdf, text: string, options: { size?: number; bold?: boolean; color?: string } = {}) {
  doc
    .font(options.bold ? FONT.bold : FONT.regular)
    .fontSize(options.size ?? 9)
    .fillColor(options.color ?? 'black');
  doc.text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.font(FONT.regular).fillColor('black');
}

/** A thin full-width rule under the current line. */
export function rule(doc: Pdf, weight = 0.75): void {
  const y = doc.y + 2;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(weight)
    .strokeColor('black')
    .stroke();
  doc.y = y + 6;
}

/**
 * «Label: value» rows as a two-column borderless table (labels grey, values wrapping). Empty
 * values are skipped, so optional facts leave no blank rows.
 */
export function facts(doc: Pdf, rows: ReadonlyArray<readonly [string, string | null | undefined]>, labelWidth = 150) {
  const data = rows
    .filter((row): row is readonly [string, string] => typeof row[1] === 'string' && row[1] !== '')
    .map(([label, value]) => [
      { text: label, textColor: '#555555', font: { src: FONT.regular } },
      { text: value, font: { src: FONT.regular } },
    ]);
  if (data.length === 0) return;
  doc.fontSize(9);
  doc.table({
    position: { x: doc.page.margins.left },
    columnStyles: [labelWidth, '*'],
    defaultStyle: { border: 0, padding: [1.5, 4, 1.5, 0] },
    data,
  });
  doc.x = doc.page.margins.left;
}

/**
 * Signature lines side by side: a title over each, «подпись» and «расшифровка подписи» under
 * the line, and an optional «М. П.».
 */
export function signatures(
  doc: Pdf,
  blocks: readonly string[],
  captions: { signature: string; name: string; stamp?: string },
): void {
  ensureSpace(doc, 70);
  const gap = 24;
  const width = (contentWidth(doc) - gap * (blocks.length - 1)) / blocks.length;
  const top = doc.y + 8;
  blocks.forEach((title, index) => {
    const x = doc.page.margins.left + index * (width + gap);
    doc.font(FONT.bold).fontSize(9).fillColor('black').text(title, x, top, { width });
    const lineY = top + 34;
    const signWidth = width * 0.4;
    doc
      .moveTo(x, lineY)
      .lineTo(x + signWidth - 6, lineY)
      .moveTo(x + signWidth + 6, lineY)
      .lineTo(x + width, lineY)
      .lineWidth(0.5)
      .strokeColor('black')
      .stroke();
    doc.font(FONT.regular).fontSize(6.5).fillColor('#555555');
    doc.text(captions.signature, x, lineY + 2, { width: signWidth - 6, align: 'center' });
    doc.text(captions.name, x + signWidth + 6, lineY + 2, { width: width - signWidth - 6, align: 'center' });
    if (captions.stamp) doc.fontSize(8).text(captions.stamp, x, lineY + 14, { width });
  });
  doc.fillColor('black').font(FONT.regular);
  doc.x = doc.page.margins.left;
  doc.y = top + 64;
}

// ---- barcodes --------------------------------------------------------------------------------------------------

interface SvgShape {
  d: string;
  stroke: string | null;
  strokeWidth: number;
  evenOdd: boolean;
}

/**
 * The shapes of a bwip-js SVG: its output is one `<svg viewBox>` of `<path>` elements, either
 * stroked bars (Code 128) or one even-odd filled outline (QR). Drawing those paths keeps the
 * barcode vector: sharp at any printer resolution.
 */
export function svgShapes(svg: string): { width: number; height: number; shapes: SvgShape[] } {
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) throw new Error('bwip-js SVG without a viewBox');
  const shapes: SvgShape[] = [];
  for (const match of svg.matchAll(/<path ([^>]*)\/>/g)) {
    const attributes = match[1] ?? '';
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;
    const d = attribute('d');
    if (!d) continue;
    shapes.push({
      d,
      stroke: attribute('stroke'),
      strokeWidth: Number(attribute('stroke-width') ?? 1),
      evenOdd: attribute('fill-rule') === 'evenodd',
    });
  }
  return { width: Number(box[1]), height: Number(box[2]), shapes };
}

function drawSvg(doc: Pdf, svg: string, x: number, y: number, width: number, height: number): void {
  const parsed = svgShapes(svg);
  doc.save();
  doc.translate(x, y).scale(width / parsed.width, height / parsed.height);
  for (const shape of parsed.shapes) {
    doc.path(shape.d);
    if (shape.stroke) doc.lineWidth(shape.strokeWidth).lineCap('butt').strokeColor('black').stroke();
    else doc.fillColor('black').fill(shape.evenOdd ? 'even-odd' : 'non-zero');
  }
  doc.restore();
}

/** A Code 128 barcode of `text` (no human-readable line: the caller prints the number in its font). */
export function code128Svg(text: string): string {
  return toSVG({ bcid: 'code128', text, height: 12 });
}

/** A QR code of `text` with error correction M (15 %: survives a scuffed label). */
export function qrSvg(text: string): string {
  // `eclevel` is a BWIPP option of the QR symbol that the bwip-js typings do not list.
  const options: Parameters<typeof toSVG>[0] & { eclevel: 'L' | 'M' | 'Q' | 'H' } = {
    bcid: 'qrcode',
    text,
    eclevel: 'M',
  };
  return toSVG(options);
}

/** Draws a barcode SVG from {@link code128Svg} or {@link qrSvg} into the box. */
export function barcode(doc: Pdf, svg: string, box: { x: number; y: number; width: number; height: number }): void {
  drawSvg(doc, svg, box.x, box.y, box.width, box.height);
}
