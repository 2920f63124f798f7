import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_TEXTS } from '@freight/domain/texts/account';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
const location = vi.hoisted(() => ({ pathname: '/personal-account/orders/MG-2600-00121' }));
vi.mock('next/navigation', () => ({ useRouter: () => router, usePathname: () => location.pathname }));

const { AccountNav } = await import('./account-nav');

const PERSONAL = {
  account_uuid: '11111111-1111-4111-8111-111111111111',
  name: 'Демо Клиент',
  inn: null,
  is_active: true,
};
const COMPANY = {
  account_uuid: '22222222-2222-4222-8222-222222222222',
  name: 'ООО «Демо Логистик»',
  inn: '7709123453',
  is_active: false,
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('AccountNav', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => router.refresh.mockReset());

  it('marks the current section (a cargo card is under «Мои заказы», the overview only on its own address)', () => {
    render(<AccountNav profiles={[PERSONAL]} />);
    const nav = screen.getByRole('navigation', { name: ACCOUNT_TEXTS.navLabel });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Мои заказы' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Обзор' })).not.toHaveAttribute('aria-current');
    // One profile: nothing to switch.
    expect(screen.queryByRole('combobox', { name: ACCOUNT_TEXTS.profileLabel })).not.toBeInTheDocument();
  });

  it('switches the profile and renders the page again; a refusal is shown in Russian', async () => {
    render(<AccountNav profiles={[PERSONAL, COMPANY]} />);
    const select = screen.getByRole('combobox', { name: ACCOUNT_TEXTS.profileLabel });
    expect(select).toHaveValue(PERSONAL.account_uuid);
    expect(screen.getByRole('option', { name: 'ООО «Демо Логистик», ИНН 7709123453' })).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(answer(200, {}));
    fireEvent.change(select, { target: { value: COMPANY.account_uuid } });
    await waitFor(() => expect(router.refresh).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/user/change_profile');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ account_uuid: COMPANY.account_uuid });

    fetchMock.mockResolvedValueOnce(
      answer(404, { error: { code: 'NOT_FOUND', message: 'Профиль не найден', fields: {} } }),
    );
    fireEvent.change(select, { target: { value: COMPANY.account_uuid } });
    expect(await screen.findByText('Профиль не найден')).toBeInTheDocument();
    expect(router.refresh).toHaveBeenCalledTimes(1);
  });
});
