import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FullCalculatorResponse } from '@freight/contracts/pricing';
import { createOrderDraft, type OrderDraftAction } from '@freight/domain/order-draft';
import type { RemoteState } from '../lib/use-remote';
import { PaymentStep } from './payment-step';

/* Issue 21: whether a typed promo code applies is said under its field, on the step where it is typed. */

const S = '\u00a0';
const MIN_ORDER = `Промокод START10 действует для заказов от 3${S}000${S}₽`;

function calculation(patch: Partial<FullCalculatorResponse>): FullCalculatorResponse {
  return {
    city_from: { id: 1, name: 'Москва', timezone: 'Europe/Moscow' },
    city_to: { id: 62, name: 'Новосибирск', timezone: 'Asia/Novosibirsk' },
    transportation_type: { id: 1, code: 'auto', name: 'Автоперевозка' },
    terms: '6–8 дней',
    dispatch_date: '2026-03-02',
    arrival_date: '2026-03-12',
    arrival_date_text: '12 марта 2026 г.',
    lines: [{ code: 'freight', title: 'Перевозка', amount_kopecks: 127_200, explanation: '' }],
    subtotal_kopecks: 127_200,
    total_kopecks: 127_200,
    total_text: `1${S}272${S}₽`,
    vat_kopecks: 21_200,
    vat_included: true,
    promocode_error: null,
    ...patch,
  };
}

const APPLIED = calculation({
  lines: [
    { code: 'freight', title: 'Перевозка', amount_kopecks: 420_000, explanation: '' },
    { code: 'promocode', title: 'Промокод «START10»', amount_kopecks: -42_000, explanation: '' },
  ],
  subtotal_kopecks: 420_000,
  total_kopecks: 378_000,
});

function renderStep(
  promoCheck: RemoteState<FullCalculatorResponse> | null,
  { code = 'START10', errors = {} }: { code?: string; errors?: Record<string, string> } = {},
) {
  const dispatch = vi.fn<(action: OrderDraftAction) => void>();
  render(
    <PaymentStep
      draft={{ ...createOrderDraft(), promocode: code }}
      dispatch={dispatch}
      errors={errors}
      prices={{ data: null, loading: false, error: null }}
      promoCheck={promoCheck}
    />,
  );
  return { field: screen.getByRole('textbox', { name: 'Промокод' }), dispatch };
}

describe('PaymentStep: the promo code field', () => {
  it('a code under its minimum: the one sentence under the field, the field invalid, announced', () => {
    const { field } = renderStep({ data: calculation({ promocode_error: MIN_ORDER }), loading: false, error: null });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(MIN_ORDER);
    expect(screen.getByRole('status').textContent).toBe(MIN_ORDER);
  });

  it('an unknown code is named as the pricing said', () => {
    const { field } = renderStep(
      { data: calculation({ promocode_error: 'Промокод START11 не найден' }), loading: false, error: null },
      { code: 'start11' },
    );
    expect(field).toHaveAccessibleDescription('Промокод START11 не найден');
  });

  it('while the check is on its way: no stale verdict, a «checking» hint', () => {
    const { field } = renderStep({ data: calculation({ promocode_error: MIN_ORDER }), loading: true, error: null });
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription('Проверяем промокод…');
    expect(screen.queryByText(MIN_ORDER)).toBeNull();
  });

  it('an applied code: its discount as the hint, no error', () => {
    const { field } = renderStep({ data: APPLIED, loading: false, error: null });
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription(`Промокод применён: скидка 420${S}₽`);
  });

  it('the server’s refusal on «Оформить заявку» shows at the field too', () => {
    const { field } = renderStep(
      { data: APPLIED, loading: false, error: null },
      { errors: { promocode: 'Лимит использований промокода START10 исчерпан' } },
    );
    expect(field).toHaveAccessibleDescription('Лимит использований промокода START10 исчерпан');
  });

  it('no code typed: nothing said; typing dispatches the code', () => {
    const { field, dispatch } = renderStep(null, { code: '' });
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAccessibleDescription();
    fireEvent.change(field, { target: { value: 'START10' } });
    expect(dispatch).toHaveBeenCalledWith({ type: 'promocode/set', value: 'START10' });
  });
});
