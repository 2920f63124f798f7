import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrderDraft, orderDraftReducer, type OrderDraft } from '@freight/domain/order-draft';
import { Calculator } from './calculator';

const PRICES = {
  city_from: { id: 1, name: 'Москва', timezone: 'Europe/Moscow' },
  city_to: { id: 62, name: 'Новосибирск', timezone: 'Asia/Novosibirsk' },
  distance_km: 2811,
  quantity: 1,
  weight: 60,
  volume: 0.06,
  prices: [
    {
      transportation_type: { id: 1, code: 'auto', name: 'Автоперевозка' },
      price_kopecks: 127_200,
      price_text: '1 272 ₽',
      transit_days_min: 6,
      transit_days_max: 8,
      terms: '6–8 дней',
      dispatch_date: '2026-03-02',
      arrival_date: '2026-03-12',
      arrival_date_text: '12 марта 2026 г.',
      personal: false,
    },
  ],
  unavailable: [{ code: 'express', name: 'Экспресс', reason: 'Расстояние больше максимального' }],
};

const BREAKDOWN = {
  city_from: PRICES.city_from,
  city_to: PRICES.city_to,
  transportation_type: { id: 1, code: 'auto', name: 'Автоперевозка' },
  terms: '6–8 дней',
  dispatch_date: '2026-03-02',
  arrival_date: '2026-03-12',
  arrival_date_text: '12 марта 2026 г.',
  lines: [{ code: 'freight', title: 'Перевозка', amount_kopecks: 127_200, explanation: 'Перевозка: 60 кг × 21,20 ₽' }],
  subtotal_kopecks: 127_200,
  total_kopecks: 127_200,
  total_text: '1 272 ₽',
  vat_kopecks: 21_200,
  vat_included: true,
  promocode_error: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function routeDraft(): OrderDraft {
  return orderDraftReducer(createOrderDraft(), {
    type: 'destination/update',
    patch: { city_departure: { fias_id: '1', name: 'Москва' }, city_delivery: { fias_id: '62', name: 'Новосибирск' } },
  });
}

describe('Calculator', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const calls = (part: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(part));

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('prices_terms_calculation') ? json(200, PRICES) : json(200, BREAKDOWN),
    );
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/calculator');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks once, 500 ms after the last keystroke, shows the result and mirrors the inputs into the URL', async () => {
    render(<Calculator initialDraft={routeDraft()} packages={[]} layout="full" syncUrl />);
    const result = screen.getByTestId('calculator-result');
    // Nothing to price yet: the result waits, not busy (its skeleton stands still).
    expect(result).toHaveAttribute('data-state', 'idle');
    expect(result).toHaveAttribute('aria-busy', 'false');
    const weight = screen.getByLabelText('Вес, кг');
    fireEvent.change(weight, { target: { value: '6' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(weight, { target: { value: '60' } });
    // The first price is pending from the keystroke on: busy, the skeleton shimmers, and no
    // «Пересчитываем…», which is for numbers already on screen.
    expect(result).toHaveAttribute('data-state', 'pending');
    expect(result).toHaveAttribute('aria-busy', 'true');
    expect(within(result).getByText('Пересчитываем…')).toHaveAttribute('data-visible', 'false');
    expect(within(result).getByText('Считаем стоимость и сроки…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(calls('prices_terms_calculation')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls('prices_terms_calculation')).toHaveLength(1);
    expect(String(calls('prices_terms_calculation')[0]![0])).toContain('weight=60');

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(within(result).getByText('Доставим 12 марта 2026 г.')).toBeInTheDocument();
    expect(within(result).getByText(/Экспресс/)).toBeInTheDocument();
    // No size yet: prices only, no breakdown asked.
    expect(calls('full_calculator_standard')).toHaveLength(0);

    for (const [label, value] of [
      ['Длина, см', '50'],
      ['Ширина, см', '40'],
      ['Высота, см', '30'],
    ] as const) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    expect(screen.getByLabelText('Объём, м³')).toHaveValue('0,06');
    expect(result).toHaveAttribute('data-state', 'pending');
    expect(within(result).getByText('Пересчитываем…')).toHaveAttribute('data-visible', 'true');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(calls('full_calculator_standard')).toHaveLength(1);
    expect(result).toHaveAttribute('data-state', 'done');
    expect(within(result).getByTestId('calculator-total')).toHaveTextContent('1 272 ₽');
    expect(within(result).getByText('Автоперевозка: 1 272 ₽, доставим 12 марта 2026 г.')).toBeInTheDocument();
    expect(window.location.search).toContain('kg=60');
    expect(window.location.search).toContain('l=50');
    expect(within(result).getByRole('link', { name: 'Оформить заявку: Автоперевозка' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/order\?.*tt=auto/),
    );
  });

  it('reads a decimal comma: «12,5» kg and «0.5» m³ are asked and put in the URL with dots, shown with commas', async () => {
    render(<Calculator initialDraft={routeDraft()} packages={[]} layout="full" syncUrl />);
    const weight = screen.getByLabelText('Вес, кг');
    const volume = screen.getByLabelText('Объём, м³');
    fireEvent.change(weight, { target: { value: '12,5' } });
    fireEvent.change(volume, { target: { value: '0.5' } });
    expect(volume).toHaveValue('0.5');
    fireEvent.blur(volume);
    expect(weight).toHaveValue('12,5');
    expect(volume).toHaveValue('0,5');
    await act(() => vi.advanceTimersByTimeAsync(500));
    const asked = new URL(String(calls('prices_terms_calculation').at(-1)![0]), 'http://localhost');
    expect(asked.searchParams.get('weight')).toBe('12.5');
    expect(asked.searchParams.get('volume')).toBe('0.5');
    await act(() => vi.advanceTimersByTimeAsync(500));
    const shared = new URLSearchParams(window.location.search);
    expect(shared.get('kg')).toBe('12.5');
    expect(shared.get('m3')).toBe('0.5');
  });

  it('text that is not a number is said at the field and never asked; leaving the field brings the number back', async () => {
    render(<Calculator initialDraft={routeDraft()} packages={[]} layout="full" syncUrl={false} />);
    const weight = screen.getByLabelText('Вес, кг');
    fireEvent.change(weight, { target: { value: '60' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(calls('prices_terms_calculation')).toHaveLength(1);
    fireEvent.change(weight, { target: { value: '6,0,0' } });
    expect(weight).toHaveAccessibleDescription('Введите число, не больше 3 знаков после запятой');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls('prices_terms_calculation')).toHaveLength(1);
    fireEvent.blur(weight);
    expect(weight).toHaveValue('60');
    expect(weight).not.toHaveAccessibleDescription();
  });

  it('puts API field errors in Russian next to their fields', async () => {
    fetchMock.mockImplementation(async () =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Проверьте правильность заполнения полей',
          fields: { weight: 'Укажите вес от 0,01 до 20 000 кг' },
        },
      }),
    );
    render(<Calculator initialDraft={routeDraft()} packages={[]} layout="full" syncUrl={false} />);
    fireEvent.change(screen.getByLabelText('Вес, кг'), { target: { value: '90000' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByLabelText('Вес, кг')).toHaveAccessibleDescription('Укажите вес от 0,01 до 20 000 кг');
    expect(screen.getByTestId('calculator-result')).toHaveAttribute('data-state', 'error');
  });

  it('cargo tabs: arrows move the focus, Enter chooses; Документы presets the size', () => {
    render(<Calculator initialDraft={createOrderDraft()} packages={[]} layout="full" syncUrl={false} />);
    const single = screen.getByRole('tab', { name: '1 место' });
    expect(single).toHaveAttribute('aria-selected', 'true');
    single.focus();
    fireEvent.keyDown(single, { key: 'ArrowLeft' });
    const documents = screen.getByRole('tab', { name: 'Документы' });
    expect(documents).toHaveFocus();
    expect(documents).toHaveAttribute('aria-selected', 'false');
    fireEvent.click(documents);
    expect(documents).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Длина, см')).toHaveValue('31');
    expect(screen.getByLabelText('Ширина, см')).toHaveValue('25');
    expect(screen.getByLabelText('Высота, см')).toHaveValue('1');
    expect(screen.getByLabelText('Вес, кг')).toHaveValue('2');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', documents.id);

    fireEvent.click(screen.getByRole('tab', { name: 'Несколько мест' }));
    expect(screen.getByLabelText('Длина, см')).toHaveValue('');
    expect(screen.getByLabelText('Мест')).toHaveValue('1');
  });

  it("asks at once for a draft restored without the server's answer, pending until it comes", async () => {
    const draft = orderDraftReducer(routeDraft(), { type: 'cargo/update', patch: { weight: 60 } });
    render(<Calculator initialDraft={draft} packages={[]} layout="full" syncUrl={false} />);
    const result = screen.getByTestId('calculator-result');
    expect(result).toHaveAttribute('data-state', 'pending');
    expect(within(result).getByText('Считаем стоимость и сроки…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls('prices_terms_calculation')).toHaveLength(1);
    expect(result).toHaveAttribute('data-state', 'done');
  });

  it('restores a shared result without asking again', async () => {
    const draft = orderDraftReducer(routeDraft(), { type: 'cargo/update', patch: { weight: 60 } });
    render(
      <Calculator
        initialDraft={draft}
        initialResult={{ prices: PRICES as never, breakdown: null, breakdownError: null, fields: {} }}
        packages={[]}
        layout="widget"
        syncUrl={false}
      />,
    );
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Откуда')).toHaveValue('Москва');
    const order = screen.getByRole('link', { name: 'Оформить заявку: Автоперевозка' });
    expect(order).toHaveAttribute('target', '_blank');
  });
});
