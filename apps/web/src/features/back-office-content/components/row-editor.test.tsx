import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch';
import type { AdminOffer } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({
  useRouter: () => router,
  usePathname: () => '/back-office/offers',
  useSearchParams: () => new URLSearchParams(),
}));

const { OffersManager } = await import('./offers-manager');
const { PromoCodesManager } = await import('./promo-codes-manager');

const T = BACK_OFFICE_CONTENT_TEXTS;

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sent = (call: Parameters<typeof fetch> | undefined) => ({
  url: call?.[0],
  method: call?.[1]?.method,
  body: JSON.parse(String(call?.[1]?.body ?? 'null')) as unknown,
});

const offer: AdminOffer = {
  id: 7,
  title: 'Скидка на Сибирь',
  description: 'Для постоянных клиентов',
  conditions: 'От 100 кг',
  discount_percent: 5,
  account_uuid: null,
  profile_name: null,
  valid_from: '2026-03-01',
  valid_to: '2026-03-31',
  is_active: true,
  updated_at: '2026-02-20T10:00:00.000Z',
};

describe('content managers: the row editor', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => router.refresh.mockReset());

  it('«Изменить» puts the row into the form; «Сохранить» sends PUT and empties the form again', async () => {
    render(<OffersManager data={{ items: [offer], total: 1, page: 1, per_page: 20 }} />);
    fireEvent.click(screen.getByRole('button', { name: T.actions.editItem(offer.title) }));
    expect(screen.getByRole('heading', { name: T.actions.editItem(offer.title) })).toBeTruthy();
    expect((screen.getByLabelText(T.fields.discountPercent) as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText(T.fields.accountUuid) as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByLabelText(T.fields.title), { target: { value: 'Скидка на Урал' } });
    fetchMock.mockResolvedValueOnce(answer(200, { ...offer, title: 'Скидка на Урал' }));
    fireEvent.click(screen.getByRole('button', { name: T.actions.save }));
    expect(await screen.findByText(T.notices.saved)).toBeTruthy();
    expect(sent(fetchMock.mock.calls[0])).toEqual({
      url: '/api/v1/back-office/offers/7',
      method: 'PUT',
      body: {
        title: 'Скидка на Урал',
        description: offer.description,
        conditions: offer.conditions,
        discount_percent: 5,
        account_uuid: null,
        valid_from: offer.valid_from,
        valid_to: offer.valid_to,
        is_active: true,
      },
    });
    expect(router.refresh).toHaveBeenCalledOnce();
    expect(screen.getByRole('heading', { name: T.actions.createOffer })).toBeTruthy();
    expect((screen.getByLabelText(T.fields.title) as HTMLInputElement).value).toBe('');
  });

  it('a refusal of a renamed field (amount_kopecks) is shown under the form’s field', async () => {
    render(<PromoCodesManager data={{ items: [], total: 0, page: 1, per_page: 20 }} />);
    fireEvent.change(screen.getByLabelText(T.fields.code), { target: { value: 'SALE500' } });
    fireEvent.change(screen.getByLabelText(T.fields.promoKind), { target: { value: 'fixed' } });
    fireEvent.change(await screen.findByLabelText(T.fields.promoAmount), { target: { value: '500' } });
    fetchMock.mockResolvedValueOnce(
      answer(422, {
        error: { code: 'VALIDATION_FAILED', message: 'Проверьте поля', fields: { amount_kopecks: 'Слишком много' } },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: T.actions.createPromoCode }));
    expect(await screen.findByText('Слишком много')).toBeTruthy();
    expect(screen.getByText('Проверьте поля')).toBeTruthy();
    expect(sent(fetchMock.mock.calls[0])).toMatchObject({
      url: '/api/v1/back-office/promo_codes',
      method: 'POST',
      body: { code: 'SALE500', kind: 'fixed', percent: null, amount_kopecks: 50_000 },
    });
    await waitFor(() => expect(screen.getByLabelText(T.fields.promoAmount).getAttribute('aria-invalid')).toBe('true'));
    expect(router.refresh).not.toHaveBeenCalled();
  });
});
