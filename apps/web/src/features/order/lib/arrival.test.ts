import { describe, expect, it } from 'vitest';
import type { PricesTermsResponse } from '@freight/contracts/pricing';
import { createOrderDraft, type OrderDraft } from '@freight/domain/order-draft';
import { ARRIVAL_TEXTS } from '@freight/domain/texts/arrival';
import { draftArrival, pricesForDraft } from './arrival';

/*
 * The wizard plans the arrival as the API does (domain planArrival): from prices_terms' earliest
 * dispatch (Thursday 26 November 2026) and the transit terms, for the chosen pick-up date.
 */

const price = (code: 'auto' | 'rail', max: number): PricesTermsResponse['prices'][number] => ({
  transportation_type: { id: code === 'auto' ? 1 : 2, code, name: code === 'auto' ? 'Автоперевозка' : 'Ж/д' },
  price_kopecks: 500_000,
  price_text: '5\u00a0000\u00a0₽',
  transit_days_min: max - 2,
  transit_days_max: max,
  terms: `${max - 2}–${max} дней`,
  dispatch_date: '2026-11-26',
  arrival_date: '2026-12-08',
  arrival_date_text: '8 декабря 2026 г.',
  personal: false,
});

const PRICES: PricesTermsResponse = {
  city_from: { id: 1, name: 'Москва', timezone: 'Europe/Moscow' },
  city_to: { id: 62, name: 'Новосибирск', timezone: 'Asia/Novosibirsk' },
  distance_km: 3300,
  quantity: 1,
  weight: 120,
  volume: 0.6,
  prices: [price('auto', 8), price('rail', 10)],
  unavailable: [],
};

function draftWith(pickup: string | null, delivery: string | null = null, door = false): OrderDraft {
  const d = createOrderDraft();
  return {
    ...d,
    destination: { ...d.destination, departure_type: door ? 'address' : 'warehouse' },
    time: {
      ...d.time,
      departure: { ...d.time.departure, date: pickup },
      delivery: { ...d.time.delivery, date: delivery },
      isDeliveryDateChosen: delivery !== null,
    },
  };
}

describe('draftArrival', () => {
  it.each<[string, OrderDraft, string, string | null]>([
    ['no pick-up yet: the calculator’s date', draftWith(null), '8 декабря 2026 г.', null],
    ['pick-up on the earliest day: the same', draftWith('2026-11-26'), '8 декабря 2026 г.', null],
    // 1 December + 8 working days: 2, 3, 4, 7, 8, 9, 10, 11.
    [
      'a later pick-up at the door',
      draftWith('2026-12-01', null, true),
      '11 декабря 2026 г.',
      ARRIVAL_TEXTS.laterPickup('1 декабря 2026 г.'),
    ],
    [
      'a later drop-off at the terminal',
      draftWith('2026-12-01'),
      '11 декабря 2026 г.',
      ARRIVAL_TEXTS.laterDropoff('1 декабря 2026 г.'),
    ],
    [
      'a later delivery date chosen',
      draftWith('2026-11-26', '2026-12-15'),
      '15 декабря 2026 г.',
      ARRIVAL_TEXTS.laterRelease('15 декабря 2026 г.'),
    ],
  ])('%s', (_name, draft, text, note) => {
    const arrival = draftArrival(PRICES.prices[0]!, draft);
    expect(arrival.text).toBe(text);
    expect(arrival.note).toBe(note);
  });

  it('without the delivery date: the soonest arrival for the pick-up (the first delivery date offered)', () => {
    const arrival = draftArrival(PRICES.prices[0]!, draftWith('2026-12-01', '2026-12-15'), { withDelivery: false });
    expect(arrival.plan.earliestArrivalDate).toBe('2026-12-11');
    expect(arrival.text).toBe('11 декабря 2026 г.');
  });
});

describe('pricesForDraft', () => {
  it('moves every type’s arrival to the chosen pick-up, keeping the earliest dispatch', () => {
    const planned = pricesForDraft(PRICES, draftWith('2026-12-01'));
    // Rail: 1 December + 10 working days → 15 December.
    expect(planned.prices.map((p) => [p.arrival_date, p.arrival_date_text, p.dispatch_date])).toEqual([
      ['2026-12-11', '11 декабря 2026 г.', '2026-11-26'],
      ['2026-12-15', '15 декабря 2026 г.', '2026-11-26'],
    ]);
    // Planning again from the result changes nothing.
    expect(pricesForDraft(planned, draftWith('2026-12-01'))).toEqual(planned);
  });

  it('is the same object while no date is chosen', () => {
    expect(pricesForDraft(PRICES, draftWith(null))).toBe(PRICES);
  });
});
