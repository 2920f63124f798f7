import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createOrderDraft, type OrderDraft, type OrderDraftAction } from '@freight/domain/order-draft';
import { ORDER_TEXTS } from '@freight/domain/texts/order';
import type { SignedInUser } from '../api/order-api';
import { ReviewStep } from './review-step';

/* The review step says honestly where the confirmation goes (decision 010). */

function draftWith(email: string): OrderDraft {
  const draft = createOrderDraft();
  return {
    ...draft,
    contacts: {
      ...draft.contacts,
      sender: { name: 'Иван Петров', phone: '+7(916) 123-45-67', email, inn: '', kpp: '' },
    },
  };
}

const account = (phone: string | null, email: string | null = null): SignedInUser => ({
  id: 1,
  name: 'Иван Петров',
  phone,
  email,
  is_verified: true,
});

function noteFor(draft: OrderDraft, user: SignedInUser | null): string {
  render(
    <ReviewStep
      draft={draft}
      dispatch={() => undefined}
      errors={{}}
      calculation={{ data: null, loading: false, error: null }}
      packages={null}
      cargoTypes={null}
      submitError={null}
      account={user}
    />,
  );
  return screen.getByTestId('confirmation-note').textContent ?? '';
}

describe('ReviewStep: where the confirmation goes', () => {
  it('anonymous without an e-mail: only on screen, no SMS promised', () => {
    const note = noteFor(draftWith(''), null);
    expect(note).toBe(ORDER_TEXTS.confirmationOnScreen);
    expect(note).not.toMatch(/придёт в SMS/);
  });

  it('anonymous with the sender’s e-mail: on screen and by mail', () => {
    expect(noteFor(draftWith('ivan@example.ru'), null)).toBe(ORDER_TEXTS.confirmationByEmail('ivan@example.ru'));
  });

  it('a verified client with a mobile phone: by SMS to the account phone, not to the typed sender phone', () => {
    expect(noteFor(draftWith(''), account('+79001112233'))).toBe(ORDER_TEXTS.confirmationBySms('+7(900) 111-22-33'));
  });

  it('a verified client whose account phone is not a mobile: by mail to the account’s address', () => {
    expect(noteFor(draftWith(''), account('+74951234567', 'me@example.ru'))).toBe(
      ORDER_TEXTS.confirmationByEmail('me@example.ru'),
    );
  });
});

/* Issue 21: a code that no longer applies is said at its line on the review step, with a way out. */
describe('ReviewStep: a refused promo code', () => {
  const S = '\u00a0';
  const MIN_ORDER = `Промокод START10 действует для заказов от 3${S}000${S}₽`;
  // The text as shown, no-break spaces included (the default normalizer would turn them into spaces).
  const asShown = { normalizer: (text: string) => text };
  const priced = (promocodeError: string | null) => ({
    city_from: { id: 1, name: 'Москва', timezone: 'Europe/Moscow' },
    city_to: { id: 62, name: 'Новосибирск', timezone: 'Asia/Novosibirsk' },
    transportation_type: { id: 1, code: 'auto' as const, name: 'Автоперевозка' },
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
    promocode_error: promocodeError,
  });

  function renderReview(
    calculation: { data: ReturnType<typeof priced> | null; loading: boolean; error: null },
    errors: Record<string, string> = {},
  ) {
    const dispatch = vi.fn<(action: OrderDraftAction) => void>();
    render(
      <ReviewStep
        draft={{ ...draftWith(''), promocode: 'START10' }}
        dispatch={dispatch}
        errors={errors}
        calculation={calculation}
        packages={null}
        cargoTypes={null}
        submitError={null}
      />,
    );
    return dispatch;
  }

  it('the pricing’s reason at the code’s line; «Убрать промокод» erases the code', () => {
    const dispatch = renderReview({ data: priced(MIN_ORDER), loading: false, error: null });
    const section = screen.getByRole('region', { name: 'Услуги и оплата' });
    expect(within(section).getByText(MIN_ORDER, asShown)).toBeInTheDocument();
    const remove = within(section).getByRole('button', { name: 'Убрать промокод' });
    expect(remove).toHaveAccessibleDescription(MIN_ORDER);
    // The wizard moves the focus here when «Оформить заявку» is pressed with the code refused.
    expect(remove).toHaveAttribute('data-invalid-focus');
    fireEvent.click(remove);
    expect(dispatch).toHaveBeenCalledWith({ type: 'promocode/set', value: '' });
    // Said once, at the line: not repeated under the price.
    expect(screen.getAllByText(MIN_ORDER, asShown)).toHaveLength(1);
  });

  it('the server’s refusal after «Оформить заявку» is said at the same line', () => {
    renderReview(
      { data: priced(null), loading: false, error: null },
      { promocode: 'Лимит использований промокода START10 исчерпан' },
    );
    expect(screen.getByRole('button', { name: 'Убрать промокод' })).toHaveAccessibleDescription(
      'Лимит использований промокода START10 исчерпан',
    );
  });

  it('an applied code, or a price still on its way: no refusal, no button', () => {
    renderReview({ data: priced(null), loading: false, error: null });
    expect(screen.queryByRole('button', { name: 'Убрать промокод' })).toBeNull();
    cleanup();
    renderReview({ data: priced(MIN_ORDER), loading: true, error: null });
    expect(screen.queryByRole('button', { name: 'Убрать промокод' })).toBeNull();
  });
});
