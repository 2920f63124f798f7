import { describe, expect, it } from 'vitest';
import {
  draftFromCalculatorQuery,
  draftToCalculatorQuery,
  draftToCalculatorRequest,
  draftToPricesTermsQuery,
  hasCalculatorQuery,
  ROUTE_SAMPLE_WEIGHT_KG,
  routeCalculatorQuery,
} from './query';
import { createOrderDraft, orderDraftReducer, type OrderDraft, type OrderDraftAction } from '../order-draft';
import { MOSCOW, NOVOSIBIRSK, apply } from './shipment-test-kit';

const run = (...actions: OrderDraftAction[]) => apply(null, actions);

function calculatorDraft(): OrderDraft {
  return run(
    { type: 'destination/update', patch: { city_departure: MOSCOW, city_delivery: NOVOSIBIRSK } },
    { type: 'destination/update', patch: { delivery_type: 'address', delivery_address: 'ул. Ленина, 1' } },
    { type: 'cargo/selectTab', tab: 'multiple' },
    { type: 'cargo/update', patch: { quantity: 3, length: 120, width: 80, height: 100, weight: 450, volume: 2.88 } },
    {
      type: 'services/update',
      patch: { declaredValue: 150000, fragile: true, deliveryLoading: true, deliveryFloor: 4, deliveryKm: 12.5 },
    },
    { type: 'packages/setQuantity', id: 'stretch', quantity: 3 },
    { type: 'packages/setQuantity', id: 'pallet', quantity: 1 },
    { type: 'promocode/set', value: 'START10' },
    { type: 'transportation/select', id: 'auto' },
    { type: 'contacts/update', participant: 'sender', patch: { name: 'Иванов', phone: '+79000000001' } },
  );
}

describe('calculator query', () => {
  it('round-trips every calculator input and leaves personal data out', () => {
    const draft = calculatorDraft();
    const query = draftToCalculatorQuery(draft);
    expect(query.toString()).not.toMatch(/Иванов|79000000001/);
    expect(Object.fromEntries(query)).toMatchObject({ from: MOSCOW.fias_id, to_name: 'Новосибирск', tab: 'multiple' });
    const restored = draftFromCalculatorQuery(new URLSearchParams(query.toString()));
    expect(restored).toEqual({ ...draft, contacts: createOrderDraft().contacts });
  });

  it('writes nothing for a fresh draft and detects calculator params', () => {
    const empty = draftToCalculatorQuery(createOrderDraft());
    expect(empty.toString()).toBe('');
    expect(hasCalculatorQuery(empty)).toBe(false);
    expect(hasCalculatorQuery(new URLSearchParams('step=route'))).toBe(false);
    expect(hasCalculatorQuery(new URLSearchParams('kg=5'))).toBe(true);
  });

  it('keeps the base draft and ignores garbage', () => {
    const base = calculatorDraft();
    const params = new URLSearchParams(
      'from=<script>&tab=huge&qty=-4&kg=abc&l=&dep=moon&tt=rocket&pkg=%3Cb%3E:2&pkg=bag:x&dep_floor=-3&fragile=0',
    );
    const draft = draftFromCalculatorQuery(params, base);
    expect(draft.destination.city_departure).toEqual(MOSCOW);
    expect(draft.cargo).toMatchObject({ tab: 'multiple', quantity: 3, weight: 450, length: null });
    expect(draft.destination.departure_type).toBe('warehouse');
    expect(draft.transportationType).toBe('auto');
    expect(draft.packageItems).toEqual([]);
    expect(draft.services.departureFloor).toBe(1);
    expect(draft.services.fragile).toBe(false);
  });

  it('applies the cargo-tab rules: documents keep their preset, one place outside «Несколько мест»', () => {
    const docs = draftFromCalculatorQuery(new URLSearchParams('tab=documents&kg=50&qty=3'));
    expect(docs.cargo).toMatchObject({ tab: 'documents', length: 31, width: 25, height: 1, weight: 2, quantity: 1 });
    const single = draftFromCalculatorQuery(new URLSearchParams('qty=7&kg=5,5'));
    expect(single.cargo).toMatchObject({ tab: 'single', quantity: 1, weight: 5.5 });
  });
});

describe('draftToCalculatorRequest', () => {
  it('builds the full-calculation body; weight per place is the total split', () => {
    expect(draftToCalculatorRequest(calculatorDraft())).toEqual({
      city_from: MOSCOW.fias_id,
      city_to: NOVOSIBIRSK.fias_id,
      transportation_type: 'auto',
      places: [{ quantity: 3, weight: 150, length: 120, width: 80, height: 100, volume: 2.88 / 3, crate: false }],
      fragile: true,
      departure: { type: 'warehouse', km_outside_ring: 0, loading: false, floor: 1, has_lift: false },
      delivery: {
        type: 'address',
        address: 'ул. Ленина, 1',
        km_outside_ring: 12.5,
        loading: true,
        floor: 4,
        has_lift: false,
      },
      packages: [
        { code: 'stretch', quantity: 3 },
        { code: 'pallet', quantity: 1 },
      ],
      declared_value: 150000,
      promocode: 'START10',
    });
  });

  it('carries the pick-up date, and the delivery date only when the client chose one (issue 21)', () => {
    const withDates = (isDeliveryDateChosen: boolean): OrderDraft => {
      const draft = calculatorDraft();
      return {
        ...draft,
        time: {
          ...draft.time,
          departure: { ...draft.time.departure, date: '2026-12-01' },
          delivery: { ...draft.time.delivery, date: '2026-12-15' },
          isDeliveryDateChosen,
        },
      };
    };
    expect(draftToCalculatorRequest(withDates(true))).toMatchObject({
      departure_date: '2026-12-01',
      delivery_date: '2026-12-15',
    });
    const byTerms = draftToCalculatorRequest(withDates(false));
    expect(byTerms?.departure_date).toBe('2026-12-01');
    expect(byTerms).not.toHaveProperty('delivery_date');
    expect(draftToCalculatorRequest(calculatorDraft())).not.toHaveProperty('departure_date');
  });

  it('is null while incomplete; a volume alone is sent as the place volume, never as a made-up cube', () => {
    expect(draftToCalculatorRequest(createOrderDraft())).toBeNull();
    const noSize = orderDraftReducer(calculatorDraft(), {
      type: 'cargo/update',
      patch: { length: null, width: null, height: null, volume: null },
    });
    expect(draftToCalculatorRequest(noSize)).toBeNull();
    const byVolume = orderDraftReducer(noSize, { type: 'cargo/update', patch: { volume: 3 } });
    expect(draftToCalculatorRequest(byVolume)?.places[0]).toEqual({
      quantity: 3,
      weight: 150,
      volume: 1,
      crate: false,
    });
    const light = orderDraftReducer(calculatorDraft(), { type: 'cargo/update', patch: { weight: 0.001 } });
    expect(draftToCalculatorRequest(light)?.places[0]?.weight).toBe(0.01);
  });
});

describe('draftToPricesTermsQuery', () => {
  it('floors weight and volume at 0.01 and computes the volume from dimensions', () => {
    const draft = run(
      { type: 'destination/update', patch: { city_departure: MOSCOW, city_delivery: NOVOSIBIRSK } },
      { type: 'cargo/selectTab', tab: 'multiple' },
      { type: 'cargo/update', patch: { quantity: 3, length: 120, width: 80, height: 100, weight: 0.001 } },
    );
    expect(Object.fromEntries(draftToPricesTermsQuery(draft)!)).toEqual({
      city_from_fias_id: MOSCOW.fias_id,
      city_to_fias_id: NOVOSIBIRSK.fias_id,
      quantity: '3',
      weight: '0.01',
      volume: '2.88',
    });
    const tiny = orderDraftReducer(draft, { type: 'cargo/update', patch: { length: null } });
    expect(draftToPricesTermsQuery(tiny)?.get('volume')).toBe('0.01');
  });

  it('passes door addresses and is null without cities or weight', () => {
    const q = draftToPricesTermsQuery(calculatorDraft())!;
    expect(q.get('to_address')).toBe('ул. Ленина, 1');
    expect(q.has('from_address')).toBe(false);
    expect(draftToPricesTermsQuery(createOrderDraft())).toBeNull();
  });
});

describe('routeCalculatorQuery', () => {
  it('carries the two cities of a popular direction and the sample weight; the calculator reads them back', () => {
    const q = routeCalculatorQuery(MOSCOW, NOVOSIBIRSK);
    const fresh = createOrderDraft();
    const back = draftFromCalculatorQuery(q);
    expect(back.destination.city_departure).toEqual(MOSCOW);
    expect(back.destination.city_delivery).toEqual(NOVOSIBIRSK);
    expect(back.cargo.weight).toBe(ROUTE_SAMPLE_WEIGHT_KG);
    expect({ ...back, destination: fresh.destination, cargo: fresh.cargo }).toEqual(fresh);
    expect(hasCalculatorQuery(q)).toBe(true);
  });
});
