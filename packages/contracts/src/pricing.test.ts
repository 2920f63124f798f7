import { describe, expect, it } from 'vitest';
import { SHIPMENT_LIMITS as L, createOrderDraft, draftToCalculatorRequest, type OrderDraft } from '@freight/domain';
import { FullCalculatorRequestSchema, PricesTermsQuerySchema } from './pricing';

const CITY = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5';
const OTHER = '8dea00e3-9aab-4d8e-887c-ef2aaa546456';

function draft(cargo: Partial<OrderDraft['cargo']>): OrderDraft {
  const d = createOrderDraft();
  return {
    ...d,
    destination: {
      ...d.destination,
      city_departure: { fias_id: CITY, name: 'A' },
      city_delivery: { fias_id: OTHER, name: 'B' },
    },
    cargo: { ...d.cargo, weight: 5, ...cargo },
  };
}

const place = (patch: Record<string, unknown>) => ({
  city_from: CITY,
  city_to: OTHER,
  places: [{ quantity: 1, weight: 5, length: 10, width: 10, height: 10, ...patch }],
});

describe('pricing contracts are built from the shipment limits', () => {
  it('accept what the domain builds: dimensions, or a volume alone', () => {
    for (const cargo of [{ length: 120, width: 80, height: 60 }, { volume: 0.5 }]) {
      const body = draftToCalculatorRequest(draft(cargo));
      expect(FullCalculatorRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
    }
  });

  it('a place needs its dimensions or a volume', () => {
    const body = { city_from: CITY, city_to: OTHER, places: [{ quantity: 1, weight: 5 }] };
    const result = FullCalculatorRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['places', 0, 'length']);
  });

  it.each([
    ['quantity', L.quantity.max, L.quantity.max + 1],
    ['weight', L.weight.max, L.weight.max + 1],
    ['length', L.dimension.max, L.dimension.max + 1],
    ['volume', L.volume.max, L.volume.max + 0.001],
  ])('a place %s up to %s, not %s', (key, ok, bad) => {
    expect(FullCalculatorRequestSchema.safeParse(place({ [key]: ok })).success).toBe(true);
    expect(FullCalculatorRequestSchema.safeParse(place({ [key]: bad })).success).toBe(false);
  });

  it('services and the prices query keep the same limits', () => {
    const body = (patch: Record<string, unknown>) => ({ ...place({}), ...patch });
    expect(FullCalculatorRequestSchema.safeParse(body({ declared_value: L.declaredValue.max })).success).toBe(true);
    expect(FullCalculatorRequestSchema.safeParse(body({ declared_value: L.declaredValue.max + 1 })).success).toBe(
      false,
    );
    expect(FullCalculatorRequestSchema.safeParse(body({ delivery: { floor: L.floor.max + 1 } })).success).toBe(false);
    expect(FullCalculatorRequestSchema.safeParse(body({ delivery: { km_outside_ring: L.km.max + 1 } })).success).toBe(
      false,
    );
    const query = (patch: Record<string, string>) =>
      PricesTermsQuerySchema.safeParse({ city_from_fias_id: CITY, city_to_fias_id: OTHER, ...patch }).success;
    expect(query({ volume: String(L.volume.max) })).toBe(true);
    expect(query({ volume: String(L.volume.max + 1) })).toBe(false);
    expect(query({ weight: String(L.weight.max + 1) })).toBe(false);
    expect(query({ quantity: String(L.quantity.max + 1) })).toBe(false);
  });
});
