import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMERCIAL_TEXTS } from '@freight/domain/texts/commercial';
import { describe, expect, it } from 'vitest';
import { ManagerCard, type ManagerEntry } from './manager-card';
import { ManagerRating } from './manager-rating';
import { json as answer, stubFetch } from '@/testing/fetch';

const C = COMMERCIAL_TEXTS;
const S = C.managerScreen;
const ACCOUNT = '7a1f9d4e-2c3b-4e5f-8a6b-9c0d1e2f3a4b';

const entry: ManagerEntry = {
  account_uuid: ACCOUNT,
  profile_name: 'ООО «Демо Логистик»',
  manager: {
    id: 7,
    name: 'Ирина Соколова',
    photo_url: null,
    phone: '+79161234567',
    email: 'i.sokolova@magistral-cargo.ru',
    work_hours: 'Пн–Пт, 9:00–18:00 (МСК)',
    messenger: 'https://t.me/sokolova_mg',
  },
  rating_this_month: null,
};

describe('ManagerCard', () => {
  it('shows the contacts as links, the phone as +7 (XXX) XXX-XX-XX, initials without a photo', () => {
    render(<ManagerCard entry={entry} today="2026-11-17" />);
    const card = screen.getByRole('article', { name: 'Ирина Соколова' });
    expect(within(card).getByText('Профиль: ООО «Демо Логистик»')).toBeInTheDocument();
    expect(within(card).getByTestId('manager-initials')).toHaveTextContent('ИС');
    expect(within(card).queryByRole('img', { name: /Фото/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '+7 (916) 123-45-67' })).toHaveAttribute('href', 'tel:+79161234567');
    expect(within(card).getByRole('link', { name: 'i.sokolova@magistral-cargo.ru' })).toHaveAttribute(
      'href',
      'mailto:i.sokolova@magistral-cargo.ru',
    );
    expect(within(card).getByText('Пн–Пт, 9:00–18:00 (МСК)')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'https://t.me/sokolova_mg' })).toHaveAttribute('target', '_blank');
  });

  it('shows the photo with its alt text, and a messenger that is not an address as text', () => {
    render(
      <ManagerCard
        entry={{
          ...entry,
          manager: {
            ...entry.manager,
            photo_url: '/api/v1/user/managers/photo/7',
            messenger: 'Telegram: @sokolova_mg',
            email: null,
          },
        }}
        today="2026-11-17"
      />,
    );
    expect(screen.getByRole('img', { name: 'Фото: Ирина Соколова' })).toHaveAttribute(
      'src',
      '/api/v1/user/managers/photo/7',
    );
    expect(screen.getByText('Telegram: @sokolova_mg')).not.toHaveAttribute('href');
    expect(screen.queryByText(S.email)).not.toBeInTheDocument();
  });
});

describe('ManagerRating', () => {
  const { fetchMock } = stubFetch();

  const renderForm = (rated: { rating: number; comment: string | null } | null = null, today = '2026-11-17') =>
    render(<ManagerRating accountUuid={ACCOUNT} managerId={7} rated={rated} today={today} />);

  it('asks for a star before sending anything', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: S.submit }));
    expect(await screen.findByText(C.ratingInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is a radio group the keyboard can use', async () => {
    const user = userEvent.setup();
    renderForm();
    const group = screen.getByRole('radiogroup', { name: S.ratingLabel });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['1 из 5', '2 из 5', '3 из 5', '4 из 5', '5 из 5']);
    // One Tab stop: the first star until one is chosen.
    expect(radios.map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    await user.tab();
    expect(radios[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(radios[3]).toHaveFocus();
    expect(radios[3]).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(radios[2]).toHaveAttribute('aria-checked', 'true');
    expect(radios.map((r) => r.tabIndex)).toEqual([-1, -1, 0, -1, -1]);
  });

  it('sends the rating and the comment, then thanks and says when the next rating is possible', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(201, {
        account_uuid: ACCOUNT,
        manager_id: 7,
        month: '2026-12-01',
        rating: 4,
        comment: 'Быстро ответила',
        created_at: '2026-12-05T09:30:00.000Z',
      }),
    );
    renderForm(null, '2026-12-05');
    fireEvent.click(screen.getByRole('radio', { name: '4 из 5' }));
    fireEvent.change(screen.getByLabelText(S.commentLabel), { target: { value: '  Быстро ответила ' } });
    fireEvent.click(screen.getByRole('button', { name: S.submit }));

    expect(await screen.findByText('Спасибо! Оценка учтена')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ваша оценка: 4 из 5' })).toBeInTheDocument();
    expect(screen.getByText('Следующая оценка — с 1 января 2027 г.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/duty_manager_rating/');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({
      account_uuid: ACCOUNT,
      manager_id: 7,
      rating: 4,
      comment: 'Быстро ответила',
    });
  });

  it('shows the API’s message when the manager was rated this month already (409)', async () => {
    fetchMock.mockResolvedValueOnce(answer(409, { error: { code: 'ALREADY_RATED', message: C.ratedThisMonth } }));
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: '5 из 5' }));
    fireEvent.click(screen.getByRole('button', { name: S.submit }));
    expect(await screen.findByText(C.ratedThisMonth)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(C.ratedThisMonth);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      account_uuid: ACCOUNT,
      manager_id: 7,
      rating: 5,
    });
    // The form stays, nothing is claimed as counted.
    expect(screen.queryByText(S.thanks)).not.toBeInTheDocument();
  });

  it('shows this month’s rating instead of the form', () => {
    renderForm({ rating: 3, comment: null }, '2026-11-17');
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.getByText(S.ratedAlready)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ваша оценка: 3 из 5' })).toBeInTheDocument();
    expect(screen.getByText('Следующая оценка — с 1 декабря 2026 г.')).toBeInTheDocument();
  });
});
