import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createOrderDraft, type OrderDraft } from '@freight/domain/order-draft';
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
