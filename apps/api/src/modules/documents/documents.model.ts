import { MESSAGES, NBSP, type CargoStatus } from '@freight/domain';
import type { CargoPriceLine } from '@freight/db';
import type { CarrierRequisites } from '../../config/env';

const T = MESSAGES.documents;

/** A participant of the cargo as its documents print it. */
export interface DocumentParty {
  /** «Юридическое лицо», «Физическое лицо»… */
  typeLabel: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  inn: string | null;
  kpp: string | null;
}

export interface DocumentPoint {
  city: string;
  type: 'warehouse' | 'address';
  /** The terminal for `warehouse`, with its address. */
  office: { name: string; address: string } | null;
  /** The client's address for `address`. */
  address: string | null;
}

/** Everything the receipt, the счёт, the акт and the labels print about one cargo. */
export interface CargoDocumentData {
  carrier: CarrierRequisites;
  trackNumber: string;
  status: CargoStatus;
  createdAt: Date;
  /** When the status last changed: the release date of a released cargo (the акт's date). */
  statusChangedAt: Date;
  departure: DocumentPoint;
  delivery: DocumentPoint;
  quantity: number;
  weightKg: number;
  volumeM3: number;
  dimensionsCm: { length: number; width: number; height: number } | null;
  cargoType: string | null;
  transportName: string;
  declaredValueKopecks: number | null;
  plannedDispatchDate: string | null;
  plannedArrivalDate: string | null;
  sender: DocumentParty;
  recipient: DocumentParty;
  payer: DocumentParty | null;
  paymentTypeLabel: string;
  paid: boolean;
  priceKopecks: number;
  priceLines: CargoPriceLine[];
  vatKopecks: number;
  /** The public tracking page of the cargo. */
  trackingUrl: string;
}

/** One row under a price table: «Итого:», «В том числе НДС 22 %:», «Всего к оплате:». */
export interface PriceSummaryRow {
  label: string;
  /** Null: the row is a statement without an amount («Без НДС»). */
  amountKopecks: number | null;
  bold?: boolean;
}

/**
 * The services (price lines without the VAT line) and the rows under them, per the tariff model
 * (reference integrations-and-tariffs.md §9: a price list quotes with VAT or without it):
 * a separate `vat` line means VAT was added on top — «Итого без НДС», «НДС 22 %», «Всего к
 * оплате»; VAT inside the total gives «В том числе НДС 22 %»; a cargo without VAT says «Без
 * НДС». The amounts are the cargo's, fixed at its pricing; the carrier's rate only names them.
 */
export function priceSummary(
  data: Pick<CargoDocumentData, 'priceLines' | 'priceKopecks' | 'vatKopecks'>,
  vatRatePercent: number,
  dueLabel: string = T.table.due,
): { items: CargoPriceLine[]; rows: PriceSummaryRow[] } {
  const items = data.priceLines.filter((line) => line.code !== 'vat');
  const vatLine = data.priceLines.find((line) => line.code === 'vat');
  const rate = vatRatePercent > 0 ? `${vatRatePercent}${NBSP}%` : null;
  const due: PriceSummaryRow = { label: dueLabel, amountKopecks: data.priceKopecks, bold: true };
  if (vatLine) {
    const net = items.reduce((sum, line) => sum + line.amount_kopecks, 0);
    return {
      items,
      rows: [
        { label: T.table.totalWithoutVat, amountKopecks: net },
        { label: rate ? T.table.vatAdded(rate) : T.table.vatAddedNoRate, amountKopecks: vatLine.amount_kopecks },
        due,
      ],
    };
  }
  const total: PriceSummaryRow = { label: T.table.total, amountKopecks: data.priceKopecks };
  if (data.vatKopecks > 0) {
    return {
      items,
      rows: [
        total,
        { label: rate ? T.table.vatIncluded(rate) : T.table.vatIncludedNoRate, amountKopecks: data.vatKopecks },
        due,
      ],
    };
  }
  return { items, rows: [total, { label: T.table.noVat, amountKopecks: null }, due] };
}
