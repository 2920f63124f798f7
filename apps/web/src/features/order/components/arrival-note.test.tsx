import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestCreateResponse } from '@freight/contracts/orders';
import type { FullCalculatorResponse } from '@freight/contracts/pricing';
import { createOrderDraft, type OrderDraft } from '@freight/domain/order-draft';
import { ARRIVAL_TEXTS } from '@freight/domain/texts/arrival';
import { ORDER_TEXTS } from '@freight/domain/texts/order';
import { CREATED_STORAGE_KEY } from '../lib/created-stash';
import { OrderDone } from './order-done';
import { ReviewStep } from './review-step';
import { TimeStep, type TimeContext } from './time-step';

/*
 * Issue 21, item 1: when the planned arrival is later than the calculator's (the pick-up is
 * later than it assumed), the time step, the review and the confirmation say why, in the
 * catalogue's sentence; when it is not, they say nothing more.
 */

const LATER = ARRIVAL_TEXTS.laterPickup('1 декабря 2026 г.');

const calculation = (note?: string): FullCalculatorResponse => ({
  city_from: { id: 1, name: 'Москва', timezone: 'Europe/Moscow' },
  city_to: { id: 62, name: 'Новосибирск', timezone: 'Asia/Novosibirsk' },
  transportation_type: { id: 1, code: 'auto', name: 'Автоперевозка' },
  terms: '6–8 дней',
  dispatch_date: '2026-12-01',
  arrival_date: '2026-12-11',
  arrival_date_text: '11 декабря 2026 г.',
  ...(note ? { arrival_note: note } : {}),
  lines: [{ code: 'freight', title: 'Перевозка', amount_kopecks: 500_000, explanation: '' }],
  subtotal_kopecks: 500_000,
  total_kopecks: 500_000,
  total_text: '5\u00a0000\u00a0₽',
  vat_kopecks: 83_333,
  vat_included: true,
  promocode_error: null,
});

function review(data: FullCalculatorResponse) {
  render(
    <ReviewStep
      draft={createOrderDraft()}
      dispatch={() => undefined}
      errors={{}}
      calculation={{ data, loading: false, error: null }}
      packages={null}
      cargoTypes={null}
      submitError={null}
    />,
  );
}

describe('ReviewStep: the planned arrival and why it moved', () => {
  it('says the order’s date and the reason when the pick-up is later than the calculator assumed', () => {
    review(calculation(LATER));
    expect(screen.getByTestId('review-arrival').textContent).toBe(
      ORDER_TEXTS.arrivalLine('6–8 дней', '11 декабря 2026 г.'),
    );
    expect(screen.getByTestId('arrival-note').textContent).toBe(
      'Дата доставки позже, чем в расчёте: забор груза назначен на 1 декабря 2026 г.',
    );
  });

  it('says nothing more when the date is the calculator’s', () => {
    review(calculation());
    expect(screen.getByTestId('review-arrival').textContent).toContain('11 декабря 2026 г.');
    expect(screen.queryByTestId('arrival-note')).toBeNull();
  });
});

describe('TimeStep: the planned arrival for the chosen pick-up', () => {
  const context = (arrivalNote: string | null): TimeContext => ({
    today: '2026-11-26',
    nowMinutes: 600,
    departureDates: ['2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01'],
    deliveryDates: ['2026-12-11', '2026-12-14'],
    arrivalText: '11 декабря 2026 г.',
    arrivalNote,
  });
  const draft: OrderDraft = (() => {
    const d = createOrderDraft();
    return { ...d, time: { ...d.time, departure: { ...d.time.departure, date: '2026-12-01' } } };
  })();

  it('shows the date and the reason', () => {
    render(<TimeStep draft={draft} dispatch={() => undefined} errors={{}} context={context(LATER)} />);
    expect(screen.getByTestId('planned-arrival').textContent).toBe(ORDER_TEXTS.plannedArrival('11 декабря 2026 г.'));
    expect(screen.getByTestId('arrival-note').textContent).toBe(LATER);
  });

  it('no reason, no note', () => {
    render(<TimeStep draft={draft} dispatch={() => undefined} errors={{}} context={context(null)} />);
    expect(screen.queryByTestId('arrival-note')).toBeNull();
  });
});

describe('OrderDone: the confirmation keeps the date and its reason', () => {
  const TRACK = 'MG-2611-00017';
  const created = (note?: string): RequestCreateResponse => ({
    track_number: TRACK,
    status: 'created',
    status_name: 'Заявка оформлена',
    price_kopecks: 500_000,
    price_text: '5\u00a0000\u00a0₽',
    lines: [],
    vat_kopecks: 0,
    vat_included: true,
    promocode_error: null,
    transportation_type: { code: 'auto', name: 'Автоперевозка' },
    terms: '6–8 дней',
    dispatch_date: '2026-12-01',
    arrival_date: '2026-12-11',
    arrival_date_text: '11 декабря 2026 г.',
    ...(note ? { arrival_note: note } : {}),
    city_from: { id: 1, name: 'Москва' },
    city_to: { id: 62, name: 'Новосибирск' },
    created_at: '2026-11-26T07:00:00.000Z',
    tracking_path: `/tracking/${TRACK}`,
    notification: null,
  });
  // get_current_cargo answers with the stored plan (only the fields the page reads).
  const details = {
    track_number: TRACK,
    status_name: 'Заявка оформлена',
    price_text: '5\u00a0000\u00a0₽',
    planned_arrival_date: '2026-12-11',
    departure: { type: 'address' },
  };

  afterEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
  });

  async function done(stash: RequestCreateResponse) {
    window.sessionStorage.setItem(CREATED_STORAGE_KEY, JSON.stringify(stash));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(details), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<OrderDone track={TRACK} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await screen.findByTestId('done-arrival');
  }

  it('the stored date, and why it is later than the calculator’s', async () => {
    await done(created(LATER));
    await waitFor(() => expect(screen.getByTestId('done-arrival').textContent).toBe('11 декабря 2026 г.'));
    expect(screen.getByTestId('arrival-note').textContent).toBe(LATER);
  });

  it('no reason when the date is the calculator’s', async () => {
    await done(created());
    await waitFor(() => expect(screen.getByTestId('done-arrival').textContent).toBe('11 декабря 2026 г.'));
    expect(screen.queryByTestId('arrival-note')).toBeNull();
  });
});
