import { MESSAGES, amountInWords, formatDocumentAmount, formatDocumentRub, formatLongDate } from '@freight/domain';
import { FONT, ensureSpace, facts, heading, paragraph, renderPdf, rule, signatures, type Pdf } from './documents.pdf';
import { priceSummary, type CargoDocumentData } from './documents.model';
import { carrierLine, partyLine } from './receipt.pdf';

const T = MESSAGES.documents;
const TT = T.table;

type Cell = PDFKit.Mixins.CellOptions;

const cell = (text: string, options: Partial<Cell> = {}): Cell => ({ text, font: { src: FONT.regular }, ...options });
const right = { align: { x: 'right' as const, y: 'top' as const } };
const centre = { align: { x: 'center' as const, y: 'top' as const } };

/**
 * The services table of the счёт and the акт (№, name, quantity, unit, price, sum; one service
 * per price line), the VAT rows under it, the count and sum line and the total in words.
 */
function servicesTable(
  doc: Pdf,
  data: CargoDocumentData,
  words: { due: string; summary: (count: number, amount: string) => string },
): void {
  const summary = priceSummary(data, data.carrier.vatRatePercent, words.due);
  const head = (text: string) => cell(text, { font: { src: FONT.bold }, ...centre, backgroundColor: '#eeeeee' });
  doc.fontSize(8.5);
  doc.table({
    position: { x: doc.page.margins.left },
    columnStyles: [24, '*', 42, 34, 78, 78],
    defaultStyle: { border: 0.5, padding: [3, 3, 3, 3] },
    data: [
      [head(TT.number), head(TT.name), head(TT.quantity), head(TT.unit), head(TT.price), head(TT.amount)],
      ...summary.items.map((line, index) => [
        cell(String(index + 1), centre),
        cell(line.title),
        cell('1', centre),
        cell(TT.unitService, centre),
        cell(formatDocumentAmount(line.amount_kopecks), right),
        cell(formatDocumentAmount(line.amount_kopecks), right),
      ]),
    ],
  });
  doc.moveDown(0.3);
  doc.fontSize(9);
  doc.table({
    position: { x: doc.page.margins.left },
    columnStyles: ['*', 110],
    defaultStyle: { border: 0, padding: [1.5, 3, 1.5, 3] },
    data: summary.rows.map((row) => [
      cell(row.label, { ...right, font: { src: FONT.bold } }),
      cell(row.amountKopecks === null ? T.dash : formatDocumentAmount(row.amountKopecks), {
        ...right,
        font: { src: FONT.bold },
      }),
    ]),
  });
  doc.x = doc.page.margins.left;
  doc.moveDown(0.5);
  paragraph(doc, words.summary(summary.items.length, formatDocumentRub(data.priceKopecks)));
  paragraph(doc, amountInWords(data.priceKopecks), { bold: true });
  doc.moveDown(0.5);
}

/** The bank block at the top of a Russian счёт: bank, БИК, к/с; ИНН, КПП, recipient, р/с. */
function bankBlock(doc: Pdf, data: CargoDocumentData): void {
  const c = data.carrier;
  const I = T.invoice;
  const caption = (text: string) => cell(text, { textColor: '#555555', font: { src: FONT.regular, size: 7 } });
  doc.fontSize(9);
  // The bank's name and the recipient's name stand over their captions, as on a payment order.
  const over = { border: [0.5, 0.5, 0, 0.5] as [number, number, number, number] };
  const under = { border: [0, 0.5, 0.5, 0.5] as [number, number, number, number] };
  doc.table({
    position: { x: doc.page.margins.left },
    columnStyles: ['*', 44, 150],
    defaultStyle: { border: 0.5, padding: [3, 4, 3, 4] },
    data: [
      [cell(c.bankName, over), cell(T.bik), cell(c.bik)],
      [{ ...caption(I.recipientBank), ...under }, cell(I.accountNo), cell(c.corrAccount)],
      [cell(T.innKpp(c.inn, c.kpp)), cell(I.accountNo, { rowSpan: 3 }), cell(c.account, { rowSpan: 3 })],
      [cell(c.name, over)],
      [{ ...caption(I.recipient), ...under }],
    ],
  });
  doc.x = doc.page.margins.left;
  doc.moveDown(0.8);
}

const route = (data: CargoDocumentData) => `${data.departure.city} — ${data.delivery.city}`;

/**
 * Счёт на оплату of one cargo to its legal payer, A4: the carrier's bank requisites, supplier and
 * buyer, the basis (the request with the track number and route), the price lines, VAT per the
 * tariff model, the total in words, the payment purpose and the signature lines. Its number is
 * the track number, its date the day the request was made.
 */
export function renderInvoice(data: CargoDocumentData, createdAt: Date): Promise<Buffer> {
  const I = T.invoice;
  const date = formatLongDate(data.createdAt);
  return renderPdf({ title: I.heading(data.trackNumber, date), author: data.carrier.name, createdAt }, (doc) => {
    if (data.carrier.demo) paragraph(doc, T.demoNotice, { size: 8, bold: true, color: '#b00020' });
    bankBlock(doc, data);
    heading(doc, I.heading(data.trackNumber, date), 14);
    rule(doc, 1.5);
    facts(
      doc,
      [
        [I.supplier, carrierLine(data.carrier)],
        [I.buyer, partyLine(data.payer)],
        [I.basis, `${I.basisText(data.trackNumber, date)}, ${route(data)}`],
      ],
      120,
    );
    doc.moveDown(0.6);
    servicesTable(doc, data, { due: TT.due, summary: TT.summary });
    paragraph(doc, I.paymentPurpose(data.trackNumber), { size: 8 });
    paragraph(doc, I.validity, { size: 8 });
    doc.moveDown(0.4);
    rule(doc, 1.5);
    signatures(doc, [I.head, I.accountant], { signature: T.signature, name: T.signatureName });
  });
}

/**
 * Акт оказанных услуг of a released cargo, A4: contractor and customer, the basis, the services
 * with VAT, the total in words, the statement that the services were rendered and the signature
 * lines of both sides. Its number is the track number, its date the day the cargo was released.
 */
export function renderAct(data: CargoDocumentData, createdAt: Date): Promise<Buffer> {
  const A = T.act;
  const date = formatLongDate(data.statusChangedAt);
  return renderPdf({ title: A.heading(data.trackNumber, date), author: data.carrier.name, createdAt }, (doc) => {
    if (data.carrier.demo) paragraph(doc, T.demoNotice, { size: 8, bold: true, color: '#b00020' });
    heading(doc, A.heading(data.trackNumber, date), 14);
    rule(doc, 1.5);
    facts(
      doc,
      [
        [A.contractor, carrierLine(data.carrier)],
        [A.customer, partyLine(data.payer)],
        [T.invoice.basis, `${T.invoice.basisText(data.trackNumber, formatLongDate(data.createdAt))}, ${route(data)}`],
      ],
      120,
    );
    doc.moveDown(0.6);
    servicesTable(doc, data, { due: TT.dueAct, summary: A.summary });
    ensureSpace(doc, 30);
    paragraph(doc, A.statement, { size: 8.5 });
    doc.moveDown(0.4);
    rule(doc, 1.5);
    signatures(doc, [A.contractor, A.customer], { signature: T.signature, name: T.signatureName, stamp: T.stamp });
  });
}
