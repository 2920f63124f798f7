import {
  MESSAGES,
  PARTICIPANT_TYPES,
  PAYMENT_TYPES,
  rublesToKopecks,
  shipmentView,
  trackingPath,
  type CargoStatus,
  type ProfilePermission,
} from '@freight/domain';
import type { CargoParticipantData, Database } from '@freight/db';
import type { CarrierRequisites } from '../../config/env';
import { AppError } from '../../errors/app-error';
import type { SessionRow } from '../auth/session.repository';
import { findTransportationTypeName } from '../catalog/catalog.repository';
import { findOffices, type CargoRow } from '../orders/orders.repository';
import { requireOwnedCargo, requireOwner } from '../orders/orders.service';
import type { CargoDocumentData, DocumentParty } from './documents.model';
import { renderAct, renderInvoice } from './finance.pdf';
import { renderLabels } from './labels.pdf';
import { renderReceipt } from './receipt.pdf';

const T = MESSAGES.documents;

export interface DocumentsDeps {
  db: Database;
  clock: () => Date;
  /** Origin of the site, for the tracking link and QR code. */
  publicOrigin: string;
  carrier: CarrierRequisites;
}

export const DOCUMENT_KINDS = ['receipt', 'invoice', 'act', 'labels'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Shipping documents for whoever handles the cargo; the счёт and акт for those who see the money. */
const PERMISSION: Record<DocumentKind, ProfilePermission> = {
  receipt: 'documents.shipping',
  labels: 'documents.shipping',
  invoice: 'documents.finance',
  act: 'documents.finance',
};

const RENDER: Record<DocumentKind, (data: CargoDocumentData, createdAt: Date) => Promise<Buffer>> = {
  receipt: renderReceipt,
  labels: renderLabels,
  invoice: renderInvoice,
  act: renderAct,
};

export interface DocumentFile {
  bytes: Buffer;
  /** For Content-Disposition: an ASCII fallback and the Russian name (RFC 5987). */
  names: { ascii: string; utf8: string };
}

const conflict = (message: string) => new AppError('CONFLICT', 409, message);

/**
 * Which documents a cargo has: none once cancelled; the счёт and акт only for a payer with an
 * ИНН (an organisation or a sole trader); the акт only after the cargo is released. Throws the
 * Russian 409 of the first rule that refuses.
 */
export function checkDocumentAvailable(
  kind: DocumentKind,
  cargo: { status: CargoStatus; payer: CargoParticipantData | null },
): void {
  if (cargo.status === 'cancelled') throw conflict(T.cancelled);
  if (kind !== 'invoice' && kind !== 'act') return;
  if (!cargo.payer?.inn) throw conflict(T.financeNotLegal);
  if (kind === 'act' && cargo.status !== 'released') throw conflict(T.actNotReleased);
}

const TYPE_LABELS = new Map<string, string>(PARTICIPANT_TYPES.map((t) => [t.value, t.label]));
const PAYMENT_LABELS = new Map<string, string>(PAYMENT_TYPES.map((p) => [p.value, p.label]));

function party(data: CargoParticipantData): DocumentParty {
  return {
    typeLabel: TYPE_LABELS.get(data.type) ?? data.type,
    name: data.name,
    phone: data.phone,
    email: data.email,
    inn: data.inn,
    kpp: data.kpp,
  };
}

/** The cargo as its documents print it: route points with terminals, parties, measures, price. */
async function documentData(deps: DocumentsDeps, row: CargoRow): Promise<CargoDocumentData> {
  const view = shipmentView(row);
  const officeIds = [view.departure.office_id, view.delivery.office_id].filter((id): id is number => id !== null);
  const [offices, transportName] = await Promise.all([
    findOffices(deps.db, officeIds),
    findTransportationTypeName(deps.db, view.transportation_type),
  ]);
  const point = (side: 'departure' | 'delivery') => {
    const { type, city, office_id: officeId, address } = view[side];
    const office = officeId !== null ? offices.get(officeId) : undefined;
    return {
      city: city.name,
      type,
      office: office ? { name: office.name, address: office.address } : null,
      address: type === 'address' ? address : null,
    };
  };
  const services = (row.details as { services?: { declaredValue?: unknown } }).services;
  const declared = typeof services?.declaredValue === 'number' ? rublesToKopecks(services.declaredValue) : null;
  const { length, width, height } = view.cargo;
  return {
    carrier: deps.carrier,
    trackNumber: row.trackNumber,
    status: row.status as CargoStatus,
    createdAt: row.createdAt,
    statusChangedAt: row.statusChangedAt,
    departure: point('departure'),
    delivery: point('delivery'),
    quantity: row.quantity,
    weightKg: row.weightKg,
    volumeM3: row.volumeM3,
    dimensionsCm: length && width && height ? { length, width, height } : null,
    cargoType: view.cargo_type,
    transportName: transportName ?? view.transportation_type,
    declaredValueKopecks: declared,
    plannedDispatchDate: row.plannedDispatchDate,
    plannedArrivalDate: row.plannedArrivalDate,
    sender: party(row.sender),
    recipient: party(row.recipient),
    payer: row.payer ? party(row.payer) : null,
    paymentTypeLabel: PAYMENT_LABELS.get(row.paymentType) ?? row.paymentType,
    paid: row.paid,
    priceKopecks: row.priceKopecks,
    priceLines: row.priceLines,
    vatKopecks: row.vatKopecks,
    trackingUrl: `${deps.publicOrigin}${trackingPath(row.trackNumber)}`,
  };
}

/**
 * One document of the caller's cargo as a PDF: 401 without a session, 404 for a cargo that is
 * not the caller's (someone else's, unknown), 403 for a team member whose role lacks the
 * permission, 409 with the reason when the cargo has no such document (see
 * {@link checkDocumentAvailable}).
 */
export async function cargoDocument(
  deps: DocumentsDeps,
  session: SessionRow | null,
  trackNumber: string,
  kind: DocumentKind,
): Promise<DocumentFile> {
  const row = await requireOwnedCargo(deps.db, requireOwner(session), trackNumber, PERMISSION[kind]);
  checkDocumentAvailable(kind, { status: row.status as CargoStatus, payer: row.payer });
  const data = await documentData(deps, row);
  const bytes = await RENDER[kind](data, deps.clock());
  return {
    bytes,
    names: {
      ascii: `${kind}-${row.trackNumber}.pdf`,
      utf8: `${T.fileNames[kind](row.trackNumber)}.pdf`,
    },
  };
}
