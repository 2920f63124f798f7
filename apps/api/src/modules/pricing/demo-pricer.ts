import { FullCalculatorRequestSchema } from '@freight/contracts';
import type { Database, DemoCargoPricer } from '@freight/db';
import { fullCalculation } from './pricing.service';

/**
 * The pricer the demo seed (DEMO_MODE) prices its cargos with: the full calculation of the
 * calculator and the order wizard, for the body the wizard would send for the same shipment —
 * cities by our id, equal places (total weight and volume split by the quantity, as the wizard
 * splits them), door or terminal on each side, the declared value for insurance. With a user id
 * the calculation is the signed-in client's (their personal discount applies), else a visitor's.
 * Today's tariffs (`clock`, default now); refusals (no route, type unavailable) are thrown.
 */
export function demoCargoPricer(db: Database, clock: () => Date = () => new Date()): DemoCargoPricer {
  return async (input) => {
    const point = (p: (typeof input)['departure']) =>
      p.type === 'address' ? { type: 'address' as const, address: p.address ?? '' } : { type: 'warehouse' as const };
    const body = FullCalculatorRequestSchema.parse({
      city_from: String(input.cityDepartureId),
      city_to: String(input.cityDeliveryId),
      transportation_type: input.transportationType,
      places: [
        {
          quantity: input.quantity,
          weight: input.weightKg / input.quantity,
          volume: input.volumeM3 / input.quantity,
        },
      ],
      departure: point(input.departure),
      delivery: point(input.delivery),
      declared_value: input.declaredValueRub,
      is_logged: input.userId !== null,
    });
    const price = await fullCalculation({ db, now: clock(), userId: input.userId }, body);
    return { priceKopecks: price.total_kopecks, vatKopecks: price.vat_kopecks, lines: price.lines };
  };
}
