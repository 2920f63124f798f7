import { describe, expect, it } from 'vitest';
import { createOrderDraft, type OrderDraft, type OrderDraftAction } from '../order-draft';
import { summarizePlaces } from '../pricing';
import {
  SHIPMENT_FIELDS,
  apiFieldsToDraftPaths,
  placesTotals,
  toDraftPath,
  type ResolvedShipment,
  type ShipmentField,
} from './fields';
import { getPath } from './paths';
import {
  draftFromCalculatorQuery,
  draftToCalculatorQuery,
  draftToCalculatorRequest,
  draftToPricesTermsQuery,
} from './query';
import { pricingPlaces, shipmentRecord, shipmentView } from './record';
import { MOSCOW, NOVOSIBIRSK, apply } from './shipment-test-kit';

const RESOLVED: ResolvedShipment = {
  cityFrom: { id: 1, name: 'Москва' },
  cityTo: { id: 62, name: 'Новосибирск' },
  departureOfficeId: 11,
  deliveryOfficeId: 27,
};
const run = (actions: OrderDraftAction[], base: OrderDraft | null = null) => apply(base, actions);

/** A draft where every shipment field differs from a fresh draft's. */
function fullDraft(): OrderDraft {
  return run([
    {
      type: 'destination/update',
      patch: {
        city_departure: MOSCOW,
        city_delivery: NOVOSIBIRSK,
        departure_type: 'address',
        departure_address: 'ул. Тверская, 7',
        delivery_type: 'address',
        delivery_address: 'ул. Ленина, 1',
        subdivision_departure: { id: '11', name: 'Терминал Москва' },
        subdivision_delivery: { id: '27', name: 'Терминал: Новосибирск' },
        onlyDeparture: true,
        onlyDelivery: true,
      },
    },
    { type: 'cargo/selectTab', tab: 'multiple' },
    { type: 'cargo/update', patch: { quantity: 3, length: 120, width: 80, height: 100, weight: 450.5, volume: 2.5 } },
    {
      type: 'services/update',
      patch: {
        declaredValue: 150000,
        fragile: true,
        crate: true,
        departureLoading: true,
        departureFloor: 3,
        departureLift: true,
        departureKm: 7.5,
        deliveryLoading: true,
        deliveryFloor: 4,
        deliveryLift: true,
        deliveryKm: 12.5,
      },
    },
    { type: 'packages/setQuantity', id: 'stretch', quantity: 3 },
    { type: 'packages/setQuantity', id: 'crate', quantity: 3 },
    { type: 'promocode/set', value: 'START10' },
    { type: 'transportation/select', id: 'rail' },
    { type: 'cargoType/select', id: 'fragile' },
    { type: 'contacts/update', participant: 'sender', patch: { name: 'Иванов', phone: '+79000000001' } },
  ]);
}

/** The draft's shipment paths: every key of the route, cargo and services, and the top-level choices. */
function shipmentPaths(draft: OrderDraft): string[] {
  const sections = ['destination', 'cargo', 'services'] as const;
  return [
    ...sections.flatMap((section) => Object.keys(draft[section]).map((key) => `${section}.${key}`)),
    'packageItems',
    'promocode',
    'transportationType',
    'cargoType',
  ].sort();
}

const label = (field: ShipmentField) => field.path;

describe('the shipment field table', () => {
  it('has exactly one row per shipment field of the draft, with unique keys', () => {
    expect(SHIPMENT_FIELDS.map((f) => f.path).sort()).toEqual(shipmentPaths(createOrderDraft()));
    const unique = (values: (string | undefined)[]) => {
      const defined = values.filter((v): v is string => v !== undefined);
      expect(new Set(defined).size).toBe(defined.length);
    };
    unique(SHIPMENT_FIELDS.map((f) => f.url));
    unique(SHIPMENT_FIELDS.map((f) => f.request?.at));
    unique(SHIPMENT_FIELDS.map((f) => f.prices));
    unique(SHIPMENT_FIELDS.map((f) => f.column?.at));
    unique(SHIPMENT_FIELDS.map((f) => f.view?.at));
  });

  it('the sample draft sets every field to something other than the default', () => {
    const fresh = createOrderDraft();
    const full = fullDraft();
    for (const field of SHIPMENT_FIELDS) {
      expect(getPath(full, field.path), field.path).not.toEqual(getPath(fresh, field.path));
    }
  });
});

describe('round trip: draft → calculator URL → draft', () => {
  it.each(SHIPMENT_FIELDS.map((f) => [label(f), f] as const))('%s', (_, field) => {
    const full = fullDraft();
    // Only this field differs from a fresh draft (with the cargo tab it needs).
    const fresh = createOrderDraft();
    const base =
      field.path.startsWith('cargo.') && field.path !== 'cargo.tab'
        ? { ...fresh, cargo: { ...fresh.cargo, tab: 'multiple' as const } }
        : fresh;
    const [section, name] = field.path.split('.') as [keyof OrderDraft, string | undefined];
    const one = name
      ? { ...base, [section]: { ...(base[section] as object), [name]: getPath(full, field.path) } }
      : { ...base, [section]: full[section] };
    const query = draftToCalculatorQuery(one);
    expect(query.has(field.url)).toBe(true);
    expect(
      [...new Set(query.keys())].filter((k) => k !== field.url && k !== `${field.url}_name` && k !== 'tab'),
    ).toEqual([]);
    expect(getPath(draftFromCalculatorQuery(new URLSearchParams(query.toString())), field.path)).toEqual(
      getPath(one, field.path),
    );
  });

  it('the whole draft comes back, personal data never goes into the URL', () => {
    const draft = fullDraft();
    const query = draftToCalculatorQuery(draft);
    expect(query.toString()).not.toMatch(/Иванов|79000000001/);
    expect(draftFromCalculatorQuery(new URLSearchParams(query.toString()))).toEqual({
      ...draft,
      contacts: createOrderDraft().contacts,
    });
  });
});

describe('round trip: draft → request → stored cargo → card', () => {
  const draft = fullDraft();
  const request = draftToCalculatorRequest(draft)!;
  const record = shipmentRecord(request, draft, RESOLVED);
  const view = shipmentView(record);

  /** What the card shows for a draft value (cities by name, terminals by our id). */
  const shown = (field: ShipmentField, value: unknown) => {
    if (field.kind === 'city') return (value as { name: string }).name;
    if (field.kind === 'office') return Number((value as { id: string }).id);
    return typeof value === 'string' ? value.trim() : value;
  };

  it.each(SHIPMENT_FIELDS.map((f) => [label(f), f] as const))('%s', (_, field) => {
    const value = getPath(draft, field.path);
    if (field.request) {
      expect(getPath(request, field.request.at)).not.toBeUndefined();
      // The error mappers of the calculator and of request_create bring the field back.
      expect(apiFieldsToDraftPaths({ [field.request.at]: 'm' })).toEqual({ fields: { [field.path]: 'm' }, rest: {} });
      expect(toDraftPath(field.request.at)).toBe(field.path);
    }
    if (field.prices) expect(apiFieldsToDraftPaths({ [field.prices]: 'm' }).fields).toEqual({ [field.path]: 'm' });
    if (field.column) expect(getPath(record, field.column.at)).toEqual(field.view ? expect.anything() : value);
    if (field.view) expect(getPath(view, field.view.at)).toEqual(shown(field, value));
    // Every field goes somewhere past the URL, or is declared URL-only (the spec's only* flags).
    expect(Boolean(field.request || field.column) || /^destination\.only/.test(field.path)).toBe(true);
  });

  it('packages and places by any index, unknown keys are kept apart', () => {
    expect(apiFieldsToDraftPaths({ 'packages.3.code': 'a', 'places.2.weight': 'b', _: 'c' })).toEqual({
      fields: { packageItems: 'a', 'cargo.weight': 'b' },
      rest: { _: 'c' },
    });
    expect(toDraftPath('is_logged')).toBe('is_logged');
  });
});

describe('one volume: a typed 0.5 m³ is priced, sent and stored as 0.5 m³', () => {
  const draft = run([
    { type: 'destination/update', patch: { city_departure: MOSCOW, city_delivery: NOVOSIBIRSK } },
    { type: 'cargo/update', patch: { weight: 5, volume: 0.5 } },
  ]);

  it('the full calculation prices 0.5 m³ (it used to price an 80 cm cube, 0.512 m³)', () => {
    const request = draftToCalculatorRequest(draft)!;
    expect(request.places).toEqual([{ quantity: 1, weight: 5, volume: 0.5, crate: false }]);
    expect(summarizePlaces(pricingPlaces(request)).volumeM3).toBe(0.5);
  });

  it('prices-and-terms, the stored record and the card say 0.5', () => {
    expect(draftToPricesTermsQuery(draft)?.get('volume')).toBe('0.5');
    const record = shipmentRecord(draftToCalculatorRequest(draft)!, draft, RESOLVED);
    expect(record.volumeM3).toBe(0.5);
    expect(shipmentView(record).cargo).toEqual({
      quantity: 1,
      weight: 5,
      volume: 0.5,
      length: null,
      width: null,
      height: null,
    });
  });

  it('several places: the totals of the places are what was typed', () => {
    const three = run(
      [
        { type: 'cargo/selectTab', tab: 'multiple' },
        { type: 'cargo/update', patch: { quantity: 3, weight: 10, volume: 0.7 } },
      ],
      draft,
    );
    const request = draftToCalculatorRequest(three)!;
    expect(placesTotals(request)).toEqual({ quantity: 3, weightKg: 10, volumeM3: 0.7 });
    const summary = summarizePlaces(pricingPlaces(request));
    expect(summary.volumeM3).toBeCloseTo(0.7, 12);
    expect(summary.weightKg).toBeCloseTo(10, 12);
  });
});
