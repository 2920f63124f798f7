import type { OrderDraft } from '../order-draft';
import type { PricingPlace } from '../pricing';
import { CRATE_PACKAGE_CODE } from './limits';
import { SHIPMENT_FIELDS, type ResolvedShipment, type ShipmentRecord } from './fields';
import { setPath } from './paths';
import type { CalculatorRequest } from './request';

/*
 * The priced request → the cargo record → the card. What the order stores is what was priced:
 * quantity, weight and volume are the totals of the request's places.
 */

/**
 * The shipment columns of the cargo record for a priced request (`request` after the contracts
 * schema, the one the price was computed from), with what the API resolved (city ids and names,
 * terminals) and the draft's parts that are not priced (tab, services as typed, packaging).
 */
export function shipmentRecord(
  request: CalculatorRequest,
  draft: OrderDraft,
  resolved: ResolvedShipment,
): ShipmentRecord {
  const record: Record<string, unknown> = {
    cityDepartureId: resolved.cityFrom.id,
    cityDeliveryId: resolved.cityTo.id,
  };
  for (const field of SHIPMENT_FIELDS) {
    if (field.column) setPath(record, field.column.at, field.column.get(request, { draft, resolved }));
  }
  return record as unknown as ShipmentRecord;
}

/** The shipment as the cargo card shows it (the API adds names, offices and privacy). */
export interface ShipmentView {
  departure: {
    type: 'warehouse' | 'address';
    city: { name: string };
    address: string | null;
    office_id: number | null;
  };
  delivery: { type: 'warehouse' | 'address'; city: { name: string }; address: string | null; office_id: number | null };
  cargo: {
    quantity: number;
    weight: number;
    volume: number;
    length: number | null;
    width: number | null;
    height: number | null;
  };
  cargo_type: string | null;
  /** The code; its name comes from the transportation-type catalogue. */
  transportation_type: string;
}

/** The card's shipment part of a stored record (a cargos row has every column it reads). */
export function shipmentView(
  record: Omit<ShipmentRecord, 'details' | 'cityDepartureId' | 'cityDeliveryId'>,
): ShipmentView {
  const view: Record<string, unknown> = {};
  for (const field of SHIPMENT_FIELDS) {
    if (field.view) setPath(view, field.view.at, field.view.get(record as ShipmentRecord));
  }
  const point = (side: 'departure' | 'delivery') => {
    const p = view[side] as ShipmentView['departure'];
    p.type = p.type === 'address' ? 'address' : 'warehouse';
  };
  point('departure');
  point('delivery');
  return view as unknown as ShipmentView;
}

/** The request's places as the pricing engine takes them (request → pricing input). */
export function pricingPlaces(request: Pick<CalculatorRequest, 'places' | 'packages'>): PricingPlace[] {
  // Crate packaging crates every place: their volume grows by the CRATE_VOLUME share.
  const crateAll = (request.packages ?? []).some((p) => p.code === CRATE_PACKAGE_CODE);
  return request.places.map((p) => ({
    quantity: p.quantity,
    weightKg: p.weight,
    lengthCm: p.length ?? null,
    widthCm: p.width ?? null,
    heightCm: p.height ?? null,
    volumeM3: p.volume ?? null,
    crate: Boolean(p.crate) || crateAll,
  }));
}
