import { MESSAGES, formatLongDate, formatNumber, formatPhoneSpaced, formatDocumentRub } from '@freight/domain';
import type { CarrierRequisites } from '../../config/env';
import {
  FONT,
  barcode,
  code128Svg,
  contentWidth,
  ensureSpace,
  facts,
  heading,
  paragraph,
  renderPdf,
  rule,
  signatures,
  type Pdf,
} from './documents.pdf';
import { priceSummary, type CargoDocumentData, type DocumentParty, type DocumentPoint } from './documents.model';

const T = MESSAGES.documents;
const R = T.receipt;

// ---- parts shared by the receipt, the счёт and the акт ------------------------------------------------------

/** «ООО «Ромашка», ИНН 7720123457, КПП 772001001, тел. +7 (900) 123-45-01»; null parts are left out. */
export function partyLine(party: DocumentParty | null, options: { contacts?: boolean } = {}): string {
  if (!party) return T.dash;
  const parts = [party.name ?? T.dash];
  if (party.inn) parts.push(T.innKpp(party.inn, party.kpp));
  if (options.contacts !== false) {
    if (party.phone) parts.push(T.phoneShort(formatPhoneSpaced(party.phone)));
    if (party.email) parts.push(party.email);
  }
  return parts.join(', ');
}

/** «ООО «Магистраль», ИНН 7700000009, КПП 770001001, ОГРН …, адрес». */
export function carrierLine(carrier: CarrierRequisites): string {
  return [carrier.name, T.innKpp(carrier.inn, carrier.kpp), `${T.ogrn} ${carrier.ogrn}`, carrier.address].join(', ');
}

/** The carrier's name and requisites over a rule, and the sample warning while the requisites are the demo ones. */
export function carrierHeader(doc: Pdf, carrier: CarrierRequisites): void {
  if (carrier.demo) paragraph(doc, T.demoNotice, { size: 8, bold: true, color: '#b00020' });
  paragraph(doc, carrier.name, { size: 11, bold: true });
  paragraph(doc, [T.innKpp(carrier.inn, carrier.kpp), `${T.ogrn} ${carrier.ogrn}`].join(', '), { size: 8 });
  paragraph(doc, carrier.address, { size: 8 });
  rule(doc);
}

/** A terminal (its name says so: «Терминал «Север»») with its address, or the client's address. */
export function pointLine(point: DocumentPoint): string {
  if (point.type === 'warehouse') return point.office ? `${point.office.name}, ${point.office.address}` : T.dash;
  return point.address ?? T.dash;
}

// ---- the receipt ---------------------------------------------------------------------------------------------------

/**
 * Экспедиторская расписка (forwarding receipt) of one cargo, A4: the carrier, the parties, the
 * route with terminals or addresses, places, weight, volume, declared value, the services with
 * the price and VAT, payment, the track number with its Code 128 barcode, and the signature lines.
 */
export function renderReceipt(data: CargoDocumentData, createdAt: Date): Promise<Buffer> {
  return renderPdf(
    { title: R.heading(data.trackNumber, formatLongDate(data.createdAt)), author: data.carrier.name, createdAt },
    (doc) => {
      carrierHeader(doc, data.carrier);
      const top = doc.y;
      const barcodeWidth = 170;
      const left = doc.page.margins.left;
      const right = doc.page.width - doc.page.margins.right;
      barcode(doc, code128Svg(data.trackNumber), { x: right - barcodeWidth, y: top, width: barcodeWidth, height: 34 });
      doc
        .font(FONT.bold)
        .fontSize(10)
        .text(data.trackNumber, right - barcodeWidth, top + 37, { width: barcodeWidth, align: 'center' });
      doc.y = top;
      doc
        .font(FONT.bold)
        .fontSize(14)
        .text(R.heading(data.trackNumber, formatLongDate(data.createdAt)), left, top, {
          width: contentWidth(doc) - barcodeWidth - 16,
        });
      paragraph(doc, R.basis, { size: 8, color: '#555555' });
      doc.y = Math.max(doc.y, top + 54);
      doc.moveDown(0.5);

      const m = (value: number, digits = 2) => formatNumber(value, digits);
      facts(doc, [
        [R.forwarder, carrierLine(data.carrier)],
        [R.sender, partyLine(data.sender)],
        [R.recipient, partyLine(data.recipient)],
        [R.payer, partyLine(data.payer)],
      ]);
      doc.moveDown(0.4);
      heading(doc, R.route, 11);
      facts(doc, [
        [R.from, `${data.departure.city}: ${pointLine(data.departure)}`],
        [R.to, `${data.delivery.city}: ${pointLine(data.delivery)}`],
        [R.transport, data.transportName],
        [R.plannedDispatch, data.plannedDispatchDate ? formatLongDate(data.plannedDispatchDate) : null],
        [R.plannedArrival, data.plannedArrivalDate ? formatLongDate(data.plannedArrivalDate) : null],
      ]);
      doc.moveDown(0.4);
      heading(doc, R.cargo, 11);
      const dims = data.dimensionsCm;
      facts(doc, [
        [R.places, String(data.quantity)],
        [R.weight, T.kg(m(data.weightKg))],
        [R.volume, T.m3(m(data.volumeM3, 3))],
        [R.dimensions, dims ? T.cm(`${m(dims.length)} × ${m(dims.width)} × ${m(dims.height)}`) : null],
        [R.cargoType, data.cargoType],
        [
          R.declaredValue,
          data.declaredValueKopecks !== null && data.declaredValueKopecks > 0
            ? formatDocumentRub(data.declaredValueKopecks)
            : R.notDeclared,
        ],
      ]);
      doc.moveDown(0.4);
      heading(doc, R.services, 11);
      const summary = priceSummary(data, data.carrier.vatRatePercent, T.table.dueAct);
      doc.fontSize(9);
      doc.table({
        position: { x: left },
        columnStyles: ['*', 110],
        defaultStyle: { border: [0, 0, 0.5, 0], borderColor: '#999999', padding: [3, 4, 3, 0] },
        data: [
          ...summary.items.map((line) => [
            { text: line.title, font: { src: FONT.regular } },
            {
              text: formatDocumentRub(line.amount_kopecks),
              align: { x: 'right' as const },
              font: { src: FONT.regular },
            },
          ]),
          ...summary.rows.map((row) => [
            { text: row.label, font: { src: row.bold ? FONT.bold : FONT.regular }, border: 0 },
            {
              text: row.amountKopecks === null ? T.dash : formatDocumentRub(row.amountKopecks),
              align: { x: 'right' as const },
              font: { src: row.bold ? FONT.bold : FONT.regular },
              border: 0,
            },
          ]),
        ],
      });
      doc.x = left;
      doc.moveDown(0.4);
      facts(doc, [
        [R.payment, data.paymentTypeLabel],
        [R.paymentState, data.paid ? R.paid : R.notPaid],
      ]);
      doc.moveDown(0.6);
      ensureSpace(doc, 40);
      paragraph(doc, R.note, { size: 8 });
      paragraph(doc, T.trackingLink(data.trackingUrl), { size: 8 });
      doc.moveDown(0.6);
      signatures(doc, [R.handedOver, R.accepted], { signature: T.signature, name: T.signatureName, stamp: T.stamp });
    },
  );
}
