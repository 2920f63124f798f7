import { CARGO_TAB_VALUES, type CargoTab } from '../cargo';
import { PRICE_MIN_WEIGHT_OR_VOLUME } from '../constants';
import {
  POINT_TYPES,
  createOrderDraft,
  orderDraftReducer,
  type OrderDraft,
  type OrderDraftAction,
  type PackageItem,
} from '../order-draft';
import { SHIPMENT_FIELDS, type ShipmentField } from './fields';
import { SHIPMENT_LIMITS, TRANSPORT_TYPE_CODES } from './limits';
import { getPath, setPath } from './paths';
import type { CalculatorRequest } from './request';
import { shipmentVolume } from './volume';

/*
 * The calculator's inputs as a URL query, so a result can be shared and carried into the order
 * wizard, and the two pricing calls of a draft. Keys come from the field table (fields.ts); only
 * the shipment is written — never names, phones or e-mails (security reference 14.2.1). A value
 * equal to the fresh draft's is left out.
 */

const CODE = /^[a-z0-9_-]{1,50}$/i;
const CITY_ID = /^[0-9a-f-]{1,36}$/i;
const OFFICE_ID = /^\d{1,9}$/;
const NAME_MAX = 200;
const DEFAULTS = createOrderDraft();

function formatNumber(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

const nameKey = (field: ShipmentField) => `${field.url}_name`;

function writeValue(q: URLSearchParams, field: ShipmentField, value: unknown): void {
  switch (field.kind) {
    case 'city': {
      const city = value as { fias_id: string; name: string };
      q.set(field.url, city.fias_id);
      q.set(nameKey(field), city.name);
      return;
    }
    case 'office': {
      const office = value as { id: string; name: string };
      q.set(field.url, office.id);
      q.set(nameKey(field), office.name);
      return;
    }
    case 'flag':
      q.set(field.url, '1');
      return;
    case 'packages':
      for (const item of value as PackageItem[]) q.append(field.url, `${item.id}:${item.quantity}`);
      return;
    case 'count':
    case 'floor':
    case 'measure':
    case 'money':
    case 'km':
      q.set(field.url, formatNumber(value as number));
      return;
    default:
      q.set(field.url, String(value));
  }
}

/** The weight (kg) the home page's popular directions are priced for; the visitor changes it in the calculator. */
export const ROUTE_SAMPLE_WEIGHT_KG = 10;

/**
 * The calculator query of a popular direction: a fresh draft with both cities and a small
 * consignment of {@link ROUTE_SAMPLE_WEIGHT_KG} kg, so /calculator opens with the route priced.
 */
export function routeCalculatorQuery(from: { fias_id: string; name: string }, to: { fias_id: string; name: string }) {
  const draft = [
    {
      type: 'destination/update',
      patch: {
        city_departure: { fias_id: from.fias_id, name: from.name },
        city_delivery: { fias_id: to.fias_id, name: to.name },
      },
    },
    { type: 'cargo/update', patch: { weight: ROUTE_SAMPLE_WEIGHT_KG } },
  ].reduce<OrderDraft>((state, action) => orderDraftReducer(state, action as OrderDraftAction), DEFAULTS);
  return draftToCalculatorQuery(draft);
}

/** The calculator query of a draft: every field of the table that differs from a fresh draft. */
export function draftToCalculatorQuery(draft: OrderDraft): URLSearchParams {
  const q = new URLSearchParams();
  for (const field of SHIPMENT_FIELDS) {
    const value = getPath(draft, field.path);
    if (value === null || value === '' || JSON.stringify(value) === JSON.stringify(getPath(DEFAULTS, field.path))) {
      continue;
    }
    writeValue(q, field, value);
  }
  return q;
}

/** True when `params` carry at least one calculator key. */
export function hasCalculatorQuery(params: URLSearchParams): boolean {
  return SHIPMENT_FIELDS.some((field) => params.has(field.url));
}

function readNumber(raw: string): number | null | undefined {
  if (raw.trim() === '') return null;
  const value = Number(raw.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function readNamed(params: URLSearchParams, field: ShipmentField, id: RegExp) {
  const value = params.get(field.url)?.trim();
  if (!value || !id.test(value)) return undefined;
  const name = params.get(nameKey(field))?.trim();
  return { value, name: name && name.length <= NAME_MAX ? name : value };
}

/** The value of `field` in `params`: undefined when absent or garbage (the base value stays). */
function readValue(params: URLSearchParams, field: ShipmentField): unknown {
  const raw = params.get(field.url);
  if (raw === null)
    return field.defaultWith && params.has(field.defaultWith) ? getPath(DEFAULTS, field.path) : undefined;
  switch (field.kind) {
    case 'city': {
      const city = readNamed(params, field, CITY_ID);
      return city && { fias_id: city.value.toLowerCase(), name: city.name };
    }
    case 'office': {
      const office = readNamed(params, field, OFFICE_ID);
      return office && { id: office.value, name: office.name };
    }
    case 'point':
      return POINT_TYPES.some((p) => p.value === raw) ? raw : undefined;
    case 'tab':
      return (CARGO_TAB_VALUES as string[]).includes(raw) ? (raw as CargoTab) : undefined;
    case 'transport':
      return (TRANSPORT_TYPE_CODES as readonly string[]).includes(raw) ? raw : undefined;
    case 'code':
      return CODE.test(raw) ? raw : undefined;
    case 'text':
      return raw;
    case 'flag':
      return raw === '1';
    case 'measure':
    case 'money':
      return readNumber(raw);
    case 'count':
    case 'floor':
    case 'km': {
      const value = readNumber(raw);
      return typeof value === 'number' ? value : undefined;
    }
    case 'packages': {
      const items: PackageItem[] = [];
      for (const entry of params.getAll(field.url).slice(0, SHIPMENT_LIMITS.packages.max)) {
        const [code, quantity] = entry.split(':');
        const count = Number(quantity ?? '1');
        if (code && CODE.test(code) && Number.isFinite(count)) {
          items.push({ id: code, quantity: Math.min(count, SHIPMENT_LIMITS.quantity.max) });
        }
      }
      return items;
    }
  }
}

/** The reducer actions that set `value` at a field's draft path (so every cleaning rule holds). */
function actionsFor(draft: OrderDraft, field: ShipmentField, value: unknown): OrderDraftAction[] {
  const [section, name] = field.path.split('.') as [string, string | undefined];
  switch (section) {
    case 'destination':
      return [{ type: 'destination/update', patch: { [name!]: value } }];
    case 'cargo':
      if (name === 'tab') return [{ type: 'cargo/selectTab', tab: value as CargoTab }];
      // The «Документы» preset is fixed: its measures are not taken from a URL.
      return draft.cargo.tab === 'documents' ? [] : [{ type: 'cargo/update', patch: { [name!]: value } }];
    case 'services':
      return [{ type: 'services/update', patch: { [name!]: value } }];
    case 'packageItems':
      return [
        ...draft.packageItems.map((item) => ({ type: 'packages/setQuantity' as const, id: item.id, quantity: 0 })),
        ...(value as PackageItem[]).map((item) => ({
          type: 'packages/setQuantity' as const,
          id: item.id,
          quantity: item.quantity,
        })),
      ];
    case 'promocode':
      return [{ type: 'promocode/set', value: value as string }];
    case 'transportationType':
      return [{ type: 'transportation/select', id: value as string }];
    case 'cargoType':
      return [{ type: 'cargoType/select', id: value as string }];
    default:
      return [];
  }
}

/**
 * Applies calculator params onto `base` through the draft reducer, field by field in table
 * order, so every cleaning rule and cargo-tab invariant holds. Unknown keys and garbage values
 * are ignored (the base value stays); a city without its point type means «at the terminal».
 */
export function draftFromCalculatorQuery(params: URLSearchParams, base: OrderDraft = createOrderDraft()): OrderDraft {
  let draft = base;
  for (const field of SHIPMENT_FIELDS) {
    const value = readValue(params, field);
    if (value === undefined) continue;
    for (const action of actionsFor(draft, field, value)) draft = orderDraftReducer(draft, action);
  }
  return draft;
}

/**
 * The full-calculation body of a draft (POST full_calculator_standard), or null while the
 * cities, the weight or the size (dimensions or a volume) are missing. Every value comes from
 * the field table; a place carries the volume of `shipmentVolume`, so a typed volume is priced
 * as typed. The pick-up date and a chosen delivery date of the time step go along, so the
 * review's planned arrival is the one request_create stores.
 */
export function draftToCalculatorRequest(draft: OrderDraft): CalculatorRequest | null {
  const d = draft.destination;
  if (!d.city_departure || !d.city_delivery || !draft.cargo.weight || shipmentVolume(draft.cargo) === null) return null;
  const body: Record<string, unknown> = {};
  for (const field of SHIPMENT_FIELDS) {
    const value = field.request?.get(draft);
    if (field.request && value !== undefined) setPath(body, field.request.at, value);
  }
  // The dates chosen on the time step: the planned arrival is computed from them (planArrival).
  const { departure, delivery, isDeliveryDateChosen } = draft.time;
  if (departure.date) body.departure_date = departure.date;
  if (isDeliveryDateChosen && delivery.date) body.delivery_date = delivery.date;
  return body as unknown as CalculatorRequest;
}

/**
 * The query of GET /requests/prices_terms_calculation for a draft, or null while the cities or
 * the weight are missing. Weight and volume below 0.01 are sent as 0.01 (spec section 5); the
 * volume is `shipmentVolume`, the same the full calculation and the order use.
 */
export function draftToPricesTermsQuery(draft: OrderDraft): URLSearchParams | null {
  const d = draft.destination;
  const c = draft.cargo;
  if (!d.city_departure || !d.city_delivery || c.weight === null) return null;
  const values: Record<string, string | undefined> = {
    'destination.city_departure': d.city_departure.fias_id,
    'destination.city_delivery': d.city_delivery.fias_id,
    'cargo.quantity': String(c.quantity),
    'cargo.weight': formatNumber(Math.max(PRICE_MIN_WEIGHT_OR_VOLUME, c.weight)),
    'cargo.volume': formatNumber(Math.max(PRICE_MIN_WEIGHT_OR_VOLUME, shipmentVolume(c) ?? 0)),
    'destination.departure_address':
      d.departure_type === 'address' ? d.departure_address.trim() || undefined : undefined,
    'destination.delivery_address': d.delivery_type === 'address' ? d.delivery_address.trim() || undefined : undefined,
  };
  const q = new URLSearchParams();
  for (const field of SHIPMENT_FIELDS) {
    const value = values[field.path];
    if (field.prices && value !== undefined) q.set(field.prices, value);
  }
  return q;
}
