import { CARGO_TAB_VALUES, calculateVolume, type CargoTab } from './cargo';
import { PRICE_MIN_WEIGHT_OR_VOLUME } from './constants';
import {
  orderDraftReducer,
  createOrderDraft,
  type OrderDraft,
  type PointType,
  type ServicesState,
} from './order-draft';

/**
 * The calculator's inputs as a URL query, so a result can be shared and carried into the order
 * wizard. Only what the calculator asks is written: cities, points, cargo, services, packaging,
 * promo code, transportation type — never names, phones or e-mails (security reference 14.2.1).
 *
 * Keys: from, from_name, to, to_name, dep (warehouse|address), dep_addr, del, del_addr, tab,
 * qty, l, w, h, kg, m3, dv (declared value, ₽), fragile=1, crate=1, dep_load=1, dep_floor,
 * dep_lift=1, dep_km, del_load=1, del_floor, del_lift=1, del_km, pkg=code:qty (repeated), promo, tt.
 */
const KNOWN_KEYS = [
  'from',
  'from_name',
  'to',
  'to_name',
  'dep',
  'dep_addr',
  'del',
  'del_addr',
  'tab',
  'qty',
  'l',
  'w',
  'h',
  'kg',
  'm3',
  'dv',
  'fragile',
  'crate',
  'dep_load',
  'dep_floor',
  'dep_lift',
  'dep_km',
  'del_load',
  'del_floor',
  'del_lift',
  'del_km',
  'pkg',
  'promo',
  'tt',
] as const;

const TRANSPORT_CODES = ['auto', 'express', 'rail', 'avia'] as const;
const POINT_VALUES: readonly PointType[] = ['warehouse', 'address'];
const CODE = /^[a-z0-9_-]{1,50}$/i;

function formatNumber(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

export function draftToCalculatorQuery(draft: OrderDraft): URLSearchParams {
  const q = new URLSearchParams();
  const d = draft.destination;
  if (d.city_departure) {
    q.set('from', d.city_departure.fias_id);
    q.set('from_name', d.city_departure.name);
  }
  if (d.city_delivery) {
    q.set('to', d.city_delivery.fias_id);
    q.set('to_name', d.city_delivery.name);
  }
  if (d.departure_type !== 'warehouse') q.set('dep', d.departure_type);
  if (d.departure_type === 'address' && d.departure_address) q.set('dep_addr', d.departure_address);
  if (d.delivery_type !== 'warehouse') q.set('del', d.delivery_type);
  if (d.delivery_type === 'address' && d.delivery_address) q.set('del_addr', d.delivery_address);
  const c = draft.cargo;
  if (c.tab !== 'single') q.set('tab', c.tab);
  if (c.quantity !== 1) q.set('qty', String(c.quantity));
  const measures = [
    ['l', c.length],
    ['w', c.width],
    ['h', c.height],
    ['kg', c.weight],
    ['m3', c.volume],
  ] as const;
  for (const [key, value] of measures) if (value !== null) q.set(key, formatNumber(value));
  const s = draft.services;
  if (s.declaredValue !== null) q.set('dv', formatNumber(s.declaredValue));
  if (s.fragile) q.set('fragile', '1');
  if (s.crate) q.set('crate', '1');
  if (s.departureLoading) q.set('dep_load', '1');
  if (s.departureFloor !== 1) q.set('dep_floor', String(s.departureFloor));
  if (s.departureLift) q.set('dep_lift', '1');
  if (s.departureKm !== 0) q.set('dep_km', formatNumber(s.departureKm));
  if (s.deliveryLoading) q.set('del_load', '1');
  if (s.deliveryFloor !== 1) q.set('del_floor', String(s.deliveryFloor));
  if (s.deliveryLift) q.set('del_lift', '1');
  if (s.deliveryKm !== 0) q.set('del_km', formatNumber(s.deliveryKm));
  for (const item of draft.packageItems) q.append('pkg', `${item.id}:${item.quantity}`);
  if (draft.promocode) q.set('promo', draft.promocode);
  if (draft.transportationType) q.set('tt', draft.transportationType);
  return q;
}

/** True when `params` carry at least one calculator key. */
export function hasCalculatorQuery(params: URLSearchParams): boolean {
  return KNOWN_KEYS.some((key) => params.has(key));
}

function readNumber(params: URLSearchParams, key: string): number | null | undefined {
  const raw = params.get(key);
  if (raw === null) return undefined;
  if (raw.trim() === '') return null;
  const value = Number(raw.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function readCity(params: URLSearchParams, idKey: string, nameKey: string) {
  const id = params.get(idKey)?.trim();
  const name = params.get(nameKey)?.trim();
  if (!id || !/^[0-9a-f-]{1,36}$/i.test(id)) return undefined;
  return { fias_id: id.toLowerCase(), name: name && name.length <= 200 ? name : id };
}

/**
 * Applies calculator params onto `base` through the draft reducer, so every cleaning rule and
 * cargo-tab invariant holds. Unknown keys and garbage values are ignored (the base value stays).
 */
export function draftFromCalculatorQuery(params: URLSearchParams, base: OrderDraft = createOrderDraft()): OrderDraft {
  let draft = base;
  const apply = (action: Parameters<typeof orderDraftReducer>[1]) => {
    draft = orderDraftReducer(draft, action);
  };
  const from = readCity(params, 'from', 'from_name');
  const to = readCity(params, 'to', 'to_name');
  const dep = params.get('dep') ?? (params.has('from') ? 'warehouse' : null);
  const del = params.get('del') ?? (params.has('to') ? 'warehouse' : null);
  apply({
    type: 'destination/update',
    patch: {
      ...(from ? { city_departure: from } : {}),
      ...(to ? { city_delivery: to } : {}),
      ...(dep && POINT_VALUES.includes(dep as PointType) ? { departure_type: dep as PointType } : {}),
      ...(del && POINT_VALUES.includes(del as PointType) ? { delivery_type: del as PointType } : {}),
      ...(params.has('dep_addr') ? { departure_address: params.get('dep_addr') ?? '' } : {}),
      ...(params.has('del_addr') ? { delivery_address: params.get('del_addr') ?? '' } : {}),
    },
  });
  const tab = params.get('tab');
  if (tab && (CARGO_TAB_VALUES as string[]).includes(tab)) apply({ type: 'cargo/selectTab', tab: tab as CargoTab });
  const cargoPatch: Record<string, number | null> = {};
  for (const [key, field] of [
    ['l', 'length'],
    ['w', 'width'],
    ['h', 'height'],
    ['kg', 'weight'],
    ['m3', 'volume'],
  ] as const) {
    const value = readNumber(params, key);
    if (value !== undefined) cargoPatch[field] = value;
  }
  const qty = readNumber(params, 'qty');
  if (typeof qty === 'number') cargoPatch.quantity = qty;
  if (draft.cargo.tab !== 'documents' && Object.keys(cargoPatch).length > 0) {
    apply({ type: 'cargo/update', patch: cargoPatch });
  }
  const services: Partial<ServicesState> = {};
  const dv = readNumber(params, 'dv');
  if (dv !== undefined) services.declaredValue = dv;
  const flag = (key: string) => (params.has(key) ? params.get(key) === '1' : undefined);
  for (const [key, field] of [
    ['fragile', 'fragile'],
    ['crate', 'crate'],
    ['dep_load', 'departureLoading'],
    ['dep_lift', 'departureLift'],
    ['del_load', 'deliveryLoading'],
    ['del_lift', 'deliveryLift'],
  ] as const) {
    const value = flag(key);
    if (value !== undefined) services[field] = value;
  }
  for (const [key, field] of [
    ['dep_floor', 'departureFloor'],
    ['del_floor', 'deliveryFloor'],
    ['dep_km', 'departureKm'],
    ['del_km', 'deliveryKm'],
  ] as const) {
    const value = readNumber(params, key);
    if (typeof value === 'number') services[field] = value;
  }
  if (Object.keys(services).length > 0) apply({ type: 'services/update', patch: services });
  const packages = params.getAll('pkg');
  if (packages.length > 0) {
    for (const item of draft.packageItems) apply({ type: 'packages/setQuantity', id: item.id, quantity: 0 });
    for (const raw of packages.slice(0, 20)) {
      const [code, quantity] = raw.split(':');
      const count = Number(quantity ?? '1');
      if (code && CODE.test(code) && Number.isFinite(count)) {
        apply({ type: 'packages/setQuantity', id: code, quantity: Math.min(count, 500) });
      }
    }
  }
  const promo = params.get('promo');
  if (promo !== null) apply({ type: 'promocode/set', value: promo });
  const tt = params.get('tt');
  if (tt && (TRANSPORT_CODES as readonly string[]).includes(tt)) apply({ type: 'transportation/select', id: tt });
  return draft;
}

/** One group of identical places in a full calculation. */
export interface CalculatorPlace {
  quantity: number;
  /** Weight of ONE place, kg. */
  weight: number;
  length: number;
  width: number;
  height: number;
  crate: boolean;
}

export interface CalculatorPoint {
  type: PointType;
  address?: string;
  km_outside_ring: number;
  loading: boolean;
  floor: number;
  has_lift: boolean;
}

/** The body of POST /requests/full_calculator_standard (FullCalculatorRequest in contracts). */
export interface CalculatorRequestBody {
  city_from: string;
  city_to: string;
  transportation_type: string;
  places: CalculatorPlace[];
  cargo_type?: string;
  fragile: boolean;
  departure: CalculatorPoint;
  delivery: CalculatorPoint;
  packages: { code: string; quantity: number }[];
  declared_value: number;
  promocode?: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * One place's dimensions: those entered, or — when only the total volume is known — a cube of the
 * same volume per place (rounded up to whole centimetres, at least 1 cm).
 */
function placeDimensions(draft: OrderDraft): { length: number; width: number; height: number } | null {
  const { length, width, height, volume, quantity } = draft.cargo;
  if (length && width && height) return { length, width, height };
  if (!volume) return null;
  const side = Math.max(1, Math.ceil(Math.cbrt(volume / quantity) * 100));
  return { length: side, width: side, height: side };
}

/**
 * The full-calculation body for a draft, or null while the cities, the weight or the size are
 * missing. `cargo.weight` is the total, so one place weighs weight ÷ quantity (at least 0.01 kg).
 */
export function draftToCalculatorRequest(draft: OrderDraft): CalculatorRequestBody | null {
  const d = draft.destination;
  const c = draft.cargo;
  const dims = placeDimensions(draft);
  if (!d.city_departure || !d.city_delivery || !c.weight || !dims) return null;
  const s = draft.services;
  const point = (side: 'departure' | 'delivery'): CalculatorPoint => {
    const isDeparture = side === 'departure';
    const type = isDeparture ? d.departure_type : d.delivery_type;
    const address = isDeparture ? d.departure_address : d.delivery_address;
    return {
      type,
      ...(type === 'address' && address.trim() ? { address: address.trim() } : {}),
      km_outside_ring: type === 'address' ? (isDeparture ? s.departureKm : s.deliveryKm) : 0,
      loading: type === 'address' && (isDeparture ? s.departureLoading : s.deliveryLoading),
      floor: isDeparture ? s.departureFloor : s.deliveryFloor,
      has_lift: isDeparture ? s.departureLift : s.deliveryLift,
    };
  };
  return {
    city_from: d.city_departure.fias_id,
    city_to: d.city_delivery.fias_id,
    transportation_type: draft.transportationType ?? 'auto',
    places: [
      {
        quantity: c.quantity,
        weight: Math.max(PRICE_MIN_WEIGHT_OR_VOLUME, round2(c.weight / c.quantity)),
        ...dims,
        crate: s.crate,
      },
    ],
    ...(draft.cargoType ? { cargo_type: draft.cargoType } : {}),
    fragile: s.fragile,
    departure: point('departure'),
    delivery: point('delivery'),
    packages: draft.packageItems.map((item) => ({ code: item.id, quantity: item.quantity })),
    declared_value: s.declaredValue ?? 0,
    ...(draft.promocode ? { promocode: draft.promocode } : {}),
  };
}

/**
 * The query of GET /requests/prices_terms_calculation for a draft, or null while the cities or the
 * weight are missing. Weight and volume below 0.01 are sent as 0.01 (spec section 5); the volume
 * comes from the dimensions when it was not typed.
 */
export function draftToPricesTermsQuery(draft: OrderDraft): URLSearchParams | null {
  const d = draft.destination;
  const c = draft.cargo;
  if (!d.city_departure || !d.city_delivery || c.weight === null) return null;
  const volume = c.volume ?? calculateVolume({ ...c }) ?? 0;
  const q = new URLSearchParams({
    city_from_fias_id: d.city_departure.fias_id,
    city_to_fias_id: d.city_delivery.fias_id,
    quantity: String(c.quantity),
    weight: formatNumber(Math.max(PRICE_MIN_WEIGHT_OR_VOLUME, c.weight)),
    volume: formatNumber(Math.max(PRICE_MIN_WEIGHT_OR_VOLUME, volume)),
  });
  if (d.departure_type === 'address' && d.departure_address.trim()) q.set('from_address', d.departure_address.trim());
  if (d.delivery_type === 'address' && d.delivery_address.trim()) q.set('to_address', d.delivery_address.trim());
  return q;
}
