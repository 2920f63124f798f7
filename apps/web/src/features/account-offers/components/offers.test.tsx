import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DiscountList as DiscountListData, Offer } from '@freight/contracts/commercial';
import { COMMERCIAL_TEXTS } from '@freight/domain/texts/commercial';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json as answer, stubFetch } from '@/testing/fetch';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { DiscountList } = await import('./discount-list');
const { OfferList } = await import('./offer-list');

const S = COMMERCIAL_TEXTS.offersScreen;
const TODAY = '2026-05-15';
const COMPANY = '0b5f3c0e-8f0a-4a43-9a55-1c6f2b1d2e3f';
const OWN = '7d1c2a36-3c0c-4f3e-8f59-0d5d4c1f0a11';
const names = { [OWN]: 'Иван Петров', [COMPANY]: 'ООО «Демо Логистик»' };

const discounts: DiscountListData = {
  discounts: [
    {
      id: 'personal',
      source: 'personal',
      title: 'Персональная скидка',
      percent: 7.5,
      conditions: 'На все перевозки, которые вы оформляете в личном кабинете.',
      account_uuid: null,
      valid_from: '2026-01-10',
      valid_to: null,
      applies_now: true,
    },
    {
      id: 'offer-3',
      source: 'offer',
      title: 'Летний сезон',
      percent: 10,
      conditions: 'На заказы профиля ООО «Демо Логистик».',
      account_uuid: COMPANY,
      valid_from: '2026-06-01',
      valid_to: '2026-08-31',
      applies_now: false,
    },
    {
      id: 'offer-2',
      source: 'offer',
      title: 'Весенний старт',
      percent: 5,
      conditions: 'На заказы профиля ООО «Демо Логистик».',
      account_uuid: COMPANY,
      valid_from: '2026-03-01',
      valid_to: '2026-04-30',
      applies_now: false,
    },
  ],
  rule: 'Скидки не суммируются: к заказу применяется наибольшая из действующих.',
};

describe('DiscountList', () => {
  it('shows each discount with its percent, conditions, validity, state and the rule', () => {
    render(<DiscountList data={discounts} today={TODAY} profileNames={names} />);
    const personal = screen.getByTestId('discount-personal');
    expect(within(personal).getByLabelText('Скидка 7,5 %')).toHaveTextContent('−7,5 %');
    expect(within(personal).getByRole('heading', { name: 'Персональная скидка' })).toBeInTheDocument();
    expect(within(personal).getByText('действует сейчас')).toHaveAttribute('data-state', 'active');
    expect(within(personal).getByText('с 10 января 2026 г., бессрочно')).toBeInTheDocument();
    expect(within(personal).getByText(S.forEveryOrder)).toBeInTheDocument();

    const summer = screen.getByTestId(`discount-offer-3-${COMPANY}`);
    expect(within(summer).getByText('ещё не началась')).toHaveAttribute('data-state', 'upcoming');
    expect(within(summer).getByText('с 1 июня 2026 г. по 31 августа 2026 г.')).toBeInTheDocument();
    expect(within(summer).getByText('Для профиля ООО «Демо Логистик» · По принятому предложению')).toBeInTheDocument();

    const spring = screen.getByTestId(`discount-offer-2-${COMPANY}`);
    expect(within(spring).getByText('истекла')).toHaveAttribute('data-state', 'expired');
    expect(within(spring).getByLabelText('Скидка 5 %')).toBeInTheDocument();

    expect(screen.getByText(discounts.rule)).toBeInTheDocument();
  });

  it('with no discount explains how to get one and links to the manager', () => {
    render(<DiscountList data={{ discounts: [], rule: discounts.rule }} today={TODAY} profileNames={names} />);
    expect(screen.getByRole('heading', { name: S.discountsEmptyTitle })).toBeInTheDocument();
    expect(screen.getByText(S.discountsEmptyText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: S.toManager })).toHaveAttribute('href', '/personal-account/manager');
  });
});

const offer = (overrides: Partial<Offer> = {}): Offer => ({
  id: 7,
  title: 'Скидка на направление Москва → Казань',
  description: 'Для компаний, которые возят в Казань каждую неделю.',
  conditions: 'От 10 отправок в месяц.',
  discount_percent: 12,
  valid_from: '2026-05-01',
  valid_to: '2026-07-31',
  account_uuid: null,
  accepted_at: null,
  can_accept: true,
  ...overrides,
});

describe('OfferList', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => router.refresh.mockReset());

  const renderOffers = (offers: Offer[]) =>
    render(<OfferList offers={offers} activeProfileName="ООО «Демо Логистик»" today={TODAY} profileNames={names} />);

  it('shows an offer’s terms', () => {
    renderOffers([offer({ account_uuid: COMPANY })]);
    const card = screen.getByRole('article', { name: 'Скидка на направление Москва → Казань' });
    expect(within(card).getByLabelText('Скидка 12 %')).toHaveTextContent('−12 %');
    expect(within(card).getByText('Для компаний, которые возят в Казань каждую неделю.')).toBeInTheDocument();
    expect(within(card).getByText('От 10 отправок в месяц.')).toBeInTheDocument();
    expect(within(card).getByText('с 1 мая 2026 г. по 31 июля 2026 г.')).toBeInTheDocument();
    expect(within(card).getByText('Для профиля ООО «Демо Логистик»')).toBeInTheDocument();
    expect(screen.getByText(S.offersOfProfile('ООО «Демо Логистик»'))).toBeInTheDocument();
  });

  it('takes an offer with a same-origin GET, shows the date and reads the page again', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, offer({ accepted_at: '2026-05-15T07:30:00.000Z', can_accept: false })));
    renderOffers([offer()]);
    fireEvent.click(screen.getByRole('button', { name: S.accept }));
    const done = await screen.findByText('Предложение принято 15 мая 2026 г.', undefined, { timeout: 5_000 });
    expect(done).toHaveAttribute('role', 'status');
    // Focus moves in an effect after the status renders: under a loaded suite that is a tick later.
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.queryByRole('button', { name: S.accept })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/take_offer?offer_id=7');
    expect(init?.method ?? 'GET').toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect(router.refresh).toHaveBeenCalledTimes(1);
  });

  it('shows the API’s Russian message on the card when taking fails, and lets the user try again', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, { error: { code: 'OFFER_EXPIRED', message: COMMERCIAL_TEXTS.offerExpired } }),
    );
    renderOffers([offer(), offer({ id: 8, title: 'Другое предложение' })]);
    const card = screen.getByRole('article', { name: 'Скидка на направление Москва → Казань' });
    fireEvent.click(within(card).getByRole('button', { name: S.accept }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(COMMERCIAL_TEXTS.offerExpired);
    const other = screen.getByRole('article', { name: 'Другое предложение' });
    expect(within(other).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: S.accept })).toBeEnabled();
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it.each([
    [
      'taken before',
      offer({ accepted_at: '2026-05-02T09:00:00.000Z', can_accept: false }),
      'Предложение принято 2 мая 2026 г.',
    ],
    ['without the right to take it', offer({ can_accept: false }), S.cannotAccept],
    ['ended', offer({ valid_to: '2026-05-14', can_accept: false }), COMMERCIAL_TEXTS.offerExpired],
    [
      'not started',
      offer({ valid_from: '2026-06-01', can_accept: false }),
      'Принять предложение можно с 1 июня 2026 г.',
    ],
  ])('an offer %s says so instead of offering the button', (_case, item, text) => {
    renderOffers([item]);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: S.accept })).not.toBeInTheDocument();
  });

  it('with no offers explains where they come from and links to the manager', () => {
    renderOffers([]);
    expect(screen.getByRole('heading', { name: S.offersEmptyTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: S.toManager })).toHaveAttribute('href', '/personal-account/manager');
  });
});
