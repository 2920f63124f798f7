import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CargoDetailsSchema,
  FullCalculatorResponseSchema,
  PricesTermsResponseSchema,
  RequestCreateResponseSchema,
  TrackingResponseSchema,
} from '@freight/contracts';
import { MESSAGES, draftToCalculatorRequest, draftToPricesTermsQuery, type OrderDraft } from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { Visitor, nextIp, testClock } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, validDraft, type NetworkRefs } from './orders-test-kit';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const A = MESSAGES.arrival;

/*
 * Issue 21, item 1: the calculator, the wizard's review, the confirmation and tracking show one
 * planned arrival for the same inputs. Moscow → Novosibirsk by road is 6–8 working days in the
 * reference tariffs; the dates below are counted by hand on the 2026 production calendar.
 */
describe('one planned arrival: calculator, review, request_create, tracking', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  // Thursday 26 November 2026, 10:00 in Moscow.
  const START = Date.parse('2026-11-26T07:00:00Z');
  const clock = testClock(START);

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock: clock.now });
    net = await loadNetwork(ctx.database.db);
  });
  afterAll(async () => ctx.close());

  const anonymous = () => new Visitor(ctx, nextIp()).start();

  /** What each screen is given for `draft`: the calculator, the review, the confirmation, the card and tracking. */
  async function journey(draft: OrderDraft) {
    const visitor = await anonymous();
    const query = draftToPricesTermsQuery(draft)!.toString();
    const prices = PricesTermsResponseSchema.parse(
      (await visitor.get(`/api/v1/requests/prices_terms_calculation?${query}`)).json(),
    );
    const calculator = prices.prices.find((p) => p.transportation_type.code === 'auto')!;
    // The review step posts exactly this body (order-wizard.tsx).
    const reviewRes = await visitor.post('/api/v1/requests/full_calculator_standard', draftToCalculatorRequest(draft));
    expect(reviewRes.statusCode, reviewRes.body).toBe(200);
    const review = FullCalculatorResponseSchema.parse(reviewRes.json());
    const createdRes = await createOrder(visitor, draft);
    expect(createdRes.statusCode, createdRes.body).toBe(201);
    const created = RequestCreateResponseSchema.parse(createdRes.json());
    const details = CargoDetailsSchema.parse(
      (await visitor.get(`/api/v1/cargo/get_current_cargo?tracknumber=${created.track_number}`)).json(),
    );
    const tracking = TrackingResponseSchema.parse(
      (await (await anonymous()).get(`/api/v1/tracking/${created.track_number}`)).json(),
    );
    return { calculator, review, created, details, tracking };
  }

  it('Moscow → Novosibirsk by road is 6–8 days (the premise of the dates below)', async () => {
    const { calculator } = await journey(validDraft(net, '2026-11-26'));
    expect([calculator.transit_days_min, calculator.transit_days_max]).toEqual([6, 8]);
  });

  it('pick-up on the day the calculator assumed: every screen says 8 December, with no note', async () => {
    // 26.11 (Thu) + 8 working days: 27, 30, 1, 2, 3, 4, 7, 8 → Tuesday 8 December.
    const { calculator, review, created, details, tracking } = await journey(validDraft(net, '2026-11-26'));
    expect(calculator.dispatch_date).toBe('2026-11-26');
    expect(calculator.arrival_date).toBe('2026-12-08');
    expect(calculator.arrival_date_text).toBe('8 декабря 2026 г.');
    expect(review.arrival_date).toBe('2026-12-08');
    expect(review.arrival_note).toBeUndefined();
    expect(created.dispatch_date).toBe('2026-11-26');
    expect(created.arrival_date).toBe('2026-12-08');
    expect(created.arrival_date_text).toBe('8 декабря 2026 г.');
    expect(created.arrival_note).toBeUndefined();
    expect(details.planned_dispatch_date).toBe('2026-11-26');
    expect(details.planned_arrival_date).toBe('2026-12-08');
    expect(tracking.planned_arrival_date).toBe('2026-12-08');
    expect(tracking.planned_arrival_text).toBe('8 декабря 2026 г.');
  });

  it('a later pick-up: the review already gives the order’s date and says why; tracking keeps it', async () => {
    // Pick-up Tuesday 1 December + 8 working days: 2, 3, 4, 7, 8, 9, 10, 11 → Friday 11 December.
    const { calculator, review, created, details, tracking } = await journey(validDraft(net, '2026-12-01'));
    expect(calculator.arrival_date).toBe('2026-12-08');
    expect(review.dispatch_date).toBe('2026-12-01');
    expect(review.arrival_date).toBe('2026-12-11');
    expect(review.arrival_date_text).toBe('11 декабря 2026 г.');
    const why = 'Дата доставки позже, чем в расчёте: сдача груза на терминал назначена на 1 декабря 2026 г.';
    expect(review.arrival_note).toBe(why);
    expect(created.arrival_date).toBe(review.arrival_date);
    expect(created.arrival_date_text).toBe(review.arrival_date_text);
    expect(created.arrival_note).toBe(why);
    expect(details.planned_dispatch_date).toBe('2026-12-01');
    expect(details.planned_arrival_date).toBe('2026-12-11');
    expect(tracking.planned_arrival_date).toBe('2026-12-11');
    expect(tracking.planned_arrival_text).toBe('11 декабря 2026 г.');
  });

  it('a pick-up at the door and a chosen delivery date later than the terms: the note names the cause', async () => {
    const door = (pickup: string, delivery: string | null) =>
      validDraft(net, pickup, (d) => ({
        ...d,
        destination: { ...d.destination, departure_type: 'address', departure_address: 'Москва, ул. Тверская, 7' },
        time: {
          ...d.time,
          isDeliveryDateChosen: delivery !== null,
          delivery: { date: delivery, timeFrom: '10:00', timeTo: '14:00', breakFrom: null, breakTo: null },
        },
      }));
    const pickup = await journey(door('2026-12-01', null));
    expect(pickup.review.arrival_note).toBe(A.laterPickup('1 декабря 2026 г.'));
    expect(pickup.created.arrival_date).toBe('2026-12-11');

    const delivery = await journey(door('2026-11-26', '2026-12-15'));
    expect(delivery.review.arrival_date).toBe('2026-12-15');
    expect(delivery.review.arrival_note).toBe(A.laterRelease('15 декабря 2026 г.'));
    expect(delivery.created.arrival_date).toBe('2026-12-15');
    expect(delivery.tracking.planned_arrival_date).toBe('2026-12-15');
  });

  it('at 15:30 no window can be booked today: the calculator already counts from tomorrow', async () => {
    // The wizard's first pick-up day at 15:30 is Friday 27 November; 27 + 8: 30, 1, 2, 3, 4, 7, 8, 9.
    clock.advance(5.5 * 3600_000);
    try {
      const { calculator, review, created, tracking } = await journey(validDraft(net, '2026-11-27'));
      expect(calculator.dispatch_date).toBe('2026-11-27');
      expect(calculator.arrival_date).toBe('2026-12-09');
      expect(review.arrival_date).toBe('2026-12-09');
      expect(review.arrival_note).toBeUndefined();
      expect(created.arrival_date).toBe('2026-12-09');
      expect(tracking.planned_arrival_date).toBe('2026-12-09');
    } finally {
      clock.advance(-5.5 * 3600_000);
    }
  });

  it('a malformed pick-up date is a 400 at its field, never a 500', async () => {
    const visitor = await anonymous();
    const body = { ...draftToCalculatorRequest(validDraft(net, '2026-11-26'))!, departure_date: '2026-02-30' };
    const res = await visitor.post('/api/v1/requests/full_calculator_standard', body);
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorJson).error.fields).toEqual({ departure_date: A.dateInvalid });
  });
});
