import { PRICE_MIN_WEIGHT_OR_VOLUME } from '../constants';
import type { CargoState } from '../cargo';
import type { DestinationState, OrderDraft, ServicesState } from '../order-draft';
import type { CalculatorRequest } from './request';
import { shipmentVolume } from './volume';

/*
 * One model of a shipment (issue #19): every field of the order draft that describes the
 * consignment, with where it goes — the calculator URL, the full-calculation body, the
 * prices-and-terms query, the stored cargo record and the cargo card. The conversions of
 * query.ts and record.ts and the error mapper below walk this table; nothing else names a key.
 */

type Leaf<S extends string, T> = { [K in keyof T & string]: `${S}.${K}` }[keyof T & string];

/** Every draft path of the shipment: the route, the cargo, the services and the top-level choices. */
export type ShipmentPath =
  | Leaf<'destination', DestinationState>
  | Leaf<'cargo', CargoState>
  | Leaf<'services', ServicesState>
  | 'packageItems'
  | 'promocode'
  | 'transportationType'
  | 'cargoType';

/** How a value is written to and read from the calculator URL (query.ts). */
export type ShipmentKind =
  | 'city'
  | 'office'
  | 'point'
  | 'text'
  | 'flag'
  | 'tab'
  | 'count'
  | 'measure'
  | 'money'
  | 'floor'
  | 'km'
  | 'packages'
  | 'transport'
  | 'code';

/** What the API resolved while pricing: city ids and names, the terminals it checked. */
export interface ResolvedShipment {
  cityFrom: { id: number; name: string };
  cityTo: { id: number; name: string };
  departureOfficeId: number | null;
  deliveryOfficeId: number | null;
}

/** The cargo record's shipment columns (cargos table; `details.*` is inside its JSON `details`). */
export interface ShipmentRecord {
  cityDepartureId: number;
  cityDeliveryId: number;
  cityDepartureName: string;
  cityDeliveryName: string;
  departureType: string;
  deliveryType: string;
  departureOfficeId: number | null;
  deliveryOfficeId: number | null;
  departureAddress: string | null;
  deliveryAddress: string | null;
  quantity: number;
  weightKg: number;
  volumeM3: number;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  cargoTab: string;
  cargoType: string | null;
  transportationType: string;
  details: { services: ServicesState; packageItems: OrderDraft['packageItems']; promocode: string | null };
}

/** Sums of the full-calculation places: what is priced is what is stored. */
export interface PlacesTotals {
  quantity: number;
  weightKg: number;
  volumeM3: number;
}

/** Clears binary noise of per-place arithmetic (0.1 × 3) without losing typed precision. */
const clean = (value: number) => Math.round(value * 1e9) / 1e9;

/** Totals of the places of a full calculation; the volume of a place is `shipmentVolume` of it. */
export function placesTotals(request: Pick<CalculatorRequest, 'places'>): PlacesTotals {
  let quantity = 0;
  let weightKg = 0;
  let volumeM3 = 0;
  for (const place of request.places) {
    quantity += place.quantity;
    weightKg += place.weight * place.quantity;
    volumeM3 += (shipmentVolume({ ...place, quantity: 1 }) ?? 0) * place.quantity;
  }
  return { quantity, weightKg: clean(weightKg), volumeM3: clean(volumeM3) };
}

type Getter<From, Extra = void> = (from: From, extra: Extra) => unknown;

export interface ShipmentField {
  /** Path in the order draft. */
  path: ShipmentPath;
  kind: ShipmentKind;
  /** Key in the calculator URL (also the order wizard's hand-over); a city or terminal adds `<key>_name`. */
  url: string;
  /** An absent `url` means the default when this other key is present (a city without its point type). */
  defaultWith?: string;
  /** Path in the full-calculation body and the value sent; undefined leaves it out. */
  request?: { at: string; get: Getter<OrderDraft> };
  /** Key of GET prices_terms_calculation (only error mapping: the query is built in query.ts). */
  prices?: string;
  /** Column of the cargo record (dots go into `details`) and its value from the priced request. */
  column?: { at: string; get: Getter<CalculatorRequest, { draft: OrderDraft; resolved: ResolvedShipment }> };
  /** Path in the shipment view of the cargo card (record.ts) and its value from the record. */
  view?: { at: string; get: Getter<ShipmentRecord> };
}

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const hasDimensions = (c: CargoState) => positive(c.length) && positive(c.width) && positive(c.height);
const isAddress = (d: OrderDraft, side: 'departure' | 'delivery') => d.destination[`${side}_type`] === 'address';

function pointFields(side: 'departure' | 'delivery', url: 'dep' | 'del', city: 'from' | 'to'): ShipmentField[] {
  const S = side === 'departure' ? 'Departure' : 'Delivery';
  const key = <T extends string>(k: T) => `${url}_${k}` as const;
  return [
    {
      path: side === 'departure' ? 'destination.city_departure' : 'destination.city_delivery',
      kind: 'city',
      url: city,
      request: { at: `city_${city}`, get: (d) => d.destination[`city_${side}`]?.fias_id },
      prices: `city_${city}_fias_id`,
      column: { at: `city${S}Name`, get: (_, { resolved }) => resolved[`city${city === 'from' ? 'From' : 'To'}`].name },
      view: { at: `${side}.city.name`, get: (r) => r[`city${S}Name`] },
    },
    {
      path: `destination.${side}_type`,
      kind: 'point',
      url: url,
      defaultWith: city,
      request: { at: `${side}.type`, get: (d) => d.destination[`${side}_type`] },
      column: { at: `${side}Type`, get: (r) => r[side]?.type ?? 'warehouse' },
      view: { at: `${side}.type`, get: (r) => r[`${side}Type`] },
    },
    {
      path: `destination.${side}_address`,
      kind: 'text',
      url: key('addr'),
      request: {
        at: `${side}.address`,
        get: (d) => (isAddress(d, side) ? d.destination[`${side}_address`].trim() || undefined : undefined),
      },
      prices: city === 'from' ? 'from_address' : 'to_address',
      column: { at: `${side}Address`, get: (r) => r[side]?.address ?? null },
      view: { at: `${side}.address`, get: (r) => r[`${side}Address`] },
    },
    {
      path: `destination.subdivision_${side}`,
      kind: 'office',
      url: key('office'),
      column: { at: `${side}OfficeId`, get: (_, { resolved }) => resolved[`${side}OfficeId`] },
      view: { at: `${side}.office_id`, get: (r) => r[`${side}OfficeId`] },
    },
    {
      path: side === 'departure' ? 'destination.onlyDeparture' : 'destination.onlyDelivery',
      kind: 'flag',
      url: key('only'),
    },
    {
      path: `services.${side}Loading`,
      kind: 'flag',
      url: key('load'),
      request: { at: `${side}.loading`, get: (d) => isAddress(d, side) && d.services[`${side}Loading`] },
      column: { at: `details.services.${side}Loading`, get: (_, { draft }) => draft.services[`${side}Loading`] },
    },
    {
      path: `services.${side}Floor`,
      kind: 'floor',
      url: key('floor'),
      request: { at: `${side}.floor`, get: (d) => d.services[`${side}Floor`] },
      column: { at: `details.services.${side}Floor`, get: (_, { draft }) => draft.services[`${side}Floor`] },
    },
    {
      path: `services.${side}Lift`,
      kind: 'flag',
      url: key('lift'),
      request: { at: `${side}.has_lift`, get: (d) => d.services[`${side}Lift`] },
      column: { at: `details.services.${side}Lift`, get: (_, { draft }) => draft.services[`${side}Lift`] },
    },
    {
      path: `services.${side}Km`,
      kind: 'km',
      url: key('km'),
      request: { at: `${side}.km_outside_ring`, get: (d) => (isAddress(d, side) ? d.services[`${side}Km`] : 0) },
      column: { at: `details.services.${side}Km`, get: (_, { draft }) => draft.services[`${side}Km`] },
    },
  ];
}

function dimensionField(name: 'length' | 'width' | 'height', url: string): ShipmentField {
  return {
    path: `cargo.${name}`,
    kind: 'measure',
    url,
    request: { at: `places.0.${name}`, get: (d) => (hasDimensions(d.cargo) ? d.cargo[name] : undefined) },
    column: { at: `${name}Cm`, get: (r) => r.places[0]?.[name] ?? null },
    view: { at: `cargo.${name}`, get: (r) => r[`${name}Cm`] },
  };
}

function serviceField(name: 'fragile' | 'crate', at: string): ShipmentField {
  return {
    path: `services.${name}`,
    kind: 'flag',
    url: name,
    request: { at, get: (d) => d.services[name] },
    column: { at: `details.services.${name}`, get: (_, { draft }) => draft.services[name] },
  };
}

/** The field table. Order matters for reading a URL: the cargo tab comes before the measures. */
export const SHIPMENT_FIELDS: readonly ShipmentField[] = [
  ...pointFields('departure', 'dep', 'from'),
  ...pointFields('delivery', 'del', 'to'),
  {
    path: 'cargo.tab',
    kind: 'tab',
    url: 'tab',
    column: { at: 'cargoTab', get: (_, { draft }) => draft.cargo.tab },
  },
  {
    path: 'cargo.quantity',
    kind: 'count',
    url: 'qty',
    request: { at: 'places.0.quantity', get: (d) => d.cargo.quantity },
    prices: 'quantity',
    column: { at: 'quantity', get: (r) => placesTotals(r).quantity },
    view: { at: 'cargo.quantity', get: (r) => r.quantity },
  },
  dimensionField('length', 'l'),
  dimensionField('width', 'w'),
  dimensionField('height', 'h'),
  {
    path: 'cargo.weight',
    kind: 'measure',
    url: 'kg',
    request: {
      at: 'places.0.weight',
      get: (d) =>
        d.cargo.weight === null ? undefined : Math.max(PRICE_MIN_WEIGHT_OR_VOLUME, d.cargo.weight / d.cargo.quantity),
    },
    prices: 'weight',
    column: { at: 'weightKg', get: (r) => placesTotals(r).weightKg },
    view: { at: 'cargo.weight', get: (r) => r.weightKg },
  },
  {
    path: 'cargo.volume',
    kind: 'measure',
    url: 'm3',
    request: {
      at: 'places.0.volume',
      get: (d) => {
        const volume = shipmentVolume(d.cargo);
        return volume === null ? undefined : volume / d.cargo.quantity;
      },
    },
    prices: 'volume',
    column: { at: 'volumeM3', get: (r) => placesTotals(r).volumeM3 },
    view: { at: 'cargo.volume', get: (r) => r.volumeM3 },
  },
  {
    path: 'services.declaredValue',
    kind: 'money',
    url: 'dv',
    request: { at: 'declared_value', get: (d) => d.services.declaredValue ?? 0 },
    column: { at: 'details.services.declaredValue', get: (_, { draft }) => draft.services.declaredValue },
  },
  serviceField('fragile', 'fragile'),
  serviceField('crate', 'places.0.crate'),
  {
    path: 'packageItems',
    kind: 'packages',
    url: 'pkg',
    request: { at: 'packages', get: (d) => d.packageItems.map((item) => ({ code: item.id, quantity: item.quantity })) },
    column: { at: 'details.packageItems', get: (_, { draft }) => draft.packageItems },
  },
  {
    path: 'promocode',
    kind: 'text',
    url: 'promo',
    request: { at: 'promocode', get: (d) => d.promocode || undefined },
    column: { at: 'details.promocode', get: (r) => r.promocode ?? null },
  },
  {
    path: 'transportationType',
    kind: 'transport',
    url: 'tt',
    request: { at: 'transportation_type', get: (d) => d.transportationType ?? 'auto' },
    column: { at: 'transportationType', get: (r) => r.transportation_type ?? 'auto' },
    view: { at: 'transportation_type', get: (r) => r.transportationType },
  },
  {
    path: 'cargoType',
    kind: 'code',
    url: 'ct',
    request: { at: 'cargo_type', get: (d) => d.cargoType ?? undefined },
    column: { at: 'cargoType', get: (r) => r.cargo_type ?? null },
    view: { at: 'cargo_type', get: (r) => r.cargoType },
  },
];

/** API field names (query keys and body paths) → draft paths; places and packages by any index. */
const API_TO_DRAFT = new Map<string, string>();
for (const field of SHIPMENT_FIELDS) {
  if (field.request) API_TO_DRAFT.set(field.request.at, field.path);
  if (field.prices) API_TO_DRAFT.set(field.prices, field.path);
}

/** The draft path of one API field name, or the name itself when it names no shipment field. */
export function toDraftPath(apiPath: string): string {
  return draftPathOf(apiPath) ?? apiPath;
}

function draftPathOf(apiPath: string): string | undefined {
  const direct = API_TO_DRAFT.get(apiPath);
  if (direct) return direct;
  const place = /^places\.\d+\.(\w+)$/.exec(apiPath);
  if (place) return API_TO_DRAFT.get(`places.0.${place[1]}`);
  if (/^packages(\.\d+(\.\w+)?)?$/.test(apiPath)) return 'packageItems';
  return undefined;
}

/**
 * The error mapper of the calculator and of request_create alike: the `fields` of an API error
 * (or zod issue paths) onto draft paths, so the form shows each message at its input and the
 * wizard opens the step with the problem. Keys that name no shipment field stay in `rest`.
 */
export function apiFieldsToDraftPaths(fields: Record<string, string> | undefined): {
  fields: Record<string, string>;
  rest: Record<string, string>;
} {
  const mapped: Record<string, string> = {};
  const rest: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const path = draftPathOf(key);
    if (path) mapped[path] ??= message;
    else rest[key] ??= message;
  }
  return { fields: mapped, rest };
}
