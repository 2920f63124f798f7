import { MESSAGES, formatNumber } from '@freight/domain';
import { A6, FONT, barcode, code128Svg, qrSvg, renderPdf, type Pdf } from './documents.pdf';
import type { CargoDocumentData } from './documents.model';

const T = MESSAGES.documents;
const L = T.labels;

const MARGIN = 14;

function label(doc: Pdf, data: CargoDocumentData, place: number, codes: { bars: string; qr: string }): void {
  const width = doc.page.width - MARGIN * 2;
  const x = MARGIN;
  let y = MARGIN;
  doc.font(FONT.bold).fontSize(9).fillColor('black').text(data.carrier.name, x, y, { width, lineBreak: false });
  y += 16;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(1)
    .strokeColor('black')
    .stroke();
  y += 6;

  doc.font(FONT.regular).fontSize(7.5).fillColor('#555555').text(L.from, x, y, { width });
  doc
    .font(FONT.bold)
    .fontSize(15)
    .fillColor('black')
    .text(data.departure.city, x, y + 9, { width, height: 20, ellipsis: true });
  y += 32;
  const toWay = data.delivery.type === 'address' ? L.toDoor : L.toTerminal;
  doc.font(FONT.regular).fontSize(7.5).fillColor('#555555').text(`${L.to} (${toWay})`, x, y, { width });
  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor('black')
    .text(data.delivery.city, x, y + 9, { width, height: 26, ellipsis: true });
  y += 40;

  doc.rect(x, y, width, 30).lineWidth(1.5).strokeColor('black').stroke();
  doc
    .font(FONT.bold)
    .fontSize(17)
    .text(L.place(place, data.quantity), x, y + 6, { width, align: 'center', lineBreak: false });
  y += 36;
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .text(L.shipmentWeight(T.kg(formatNumber(data.weightKg))), x, y, { width, align: 'center', lineBreak: false });
  y += 18;

  barcode(doc, codes.bars, { x: x + 6, y, width: width - 12, height: 62 });
  y += 65;
  doc.font(FONT.bold).fontSize(14).text(data.trackNumber, x, y, { width, align: 'center', lineBreak: false });
  y += 22;

  const qrSize = Math.min(88, doc.page.height - MARGIN - y);
  barcode(doc, codes.qr, { x, y, width: qrSize, height: qrSize });
  const textX = x + qrSize + 8;
  const textWidth = width - qrSize - 8;
  doc
    .font(FONT.regular)
    .fontSize(8)
    .text(L.scan, textX, y + 4, { width: textWidth });
  doc
    .fontSize(6.5)
    .fillColor('#555555')
    .text(data.trackingUrl, textX, doc.y + 3, { width: textWidth });
  doc.fillColor('black');
}

/**
 * Labels of one cargo: one A6 page (105 × 148 mm) per place, each with the carrier, the route
 * cities, «Место N из M», the shipment's weight, the track number as a Code 128 barcode and in
 * figures, and a QR code of the public tracking page. Both codes are drawn once as vectors and
 * repeated on every page.
 */
export function renderLabels(data: CargoDocumentData, createdAt: Date): Promise<Buffer> {
  const codes = { bars: code128Svg(data.trackNumber), qr: qrSvg(data.trackingUrl) };
  return renderPdf(
    { title: `${L.title} ${data.trackNumber}`, author: data.carrier.name, createdAt, size: A6, margin: MARGIN },
    (doc) => {
      for (let place = 1; place <= data.quantity; place += 1) {
        if (place > 1) doc.addPage();
        label(doc, data, place, codes);
      }
    },
  );
}
