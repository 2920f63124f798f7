import { fireEvent, render, screen, within } from '@testing-library/react';
import type { BoCargoListItem } from '@freight/contracts/back-office-cargo';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json as answer, stubFetch } from '@/testing/fetch';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({
  useRouter: () => router,
  usePathname: () => '/back-office/cargos',
  useSearchParams: () => new URLSearchParams(),
}));

const { CargoTable } = await import('./cargo-table');

const T = BACK_OFFICE_CARGO_TEXTS.page;
const E = BACK_OFFICE_CARGO_TEXTS.errors;

const row = (track: string, status: BoCargoListItem['status'], label: string): BoCargoListItem => ({
  track_number: track,
  status,
  status_label: label,
  closed: false,
  created_at: '2026-03-02T09:00:00.000Z',
  status_changed_at: '2026-03-02T09:00:00.000Z',
  city_departure: 'Москва',
  city_delivery: 'Новосибирск',
  sender_name: 'Иван Петров',
  recipient_name: 'Анна Смирнова',
  owner: { name: 'Ольга Клиентова', phone: '+7 (916) 555-44-33', profile_name: 'Ольга Клиентова' },
  price_kopecks: 1_250_000,
  price_text: '12\u00a0500\u00a0₽',
  flags: { paid: false, paid_storage: false, partial_release: false },
});
const items = [
  row('MG-1111-11111', 'awaiting_dropoff', 'Ожидает сдачи на терминал'),
  row('MG-2222-22222', 'accepted', 'Принят к перевозке'),
];

describe('CargoTable', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => router.refresh.mockReset());

  const renderTable = (canOperate = true) =>
    render(
      <CargoTable
        items={items}
        total={2}
        page={1}
        perPage={25}
        sort={{ id: 'created', desc: true }}
        canOperate={canOperate}
        offices={[]}
      />,
    );

  it('links each row to the cargo page and shows the owner in full', () => {
    renderTable(false);
    expect(screen.getByRole('link', { name: 'MG-1111-11111' })).toHaveAttribute(
      'href',
      '/back-office/cargos/MG-1111-11111',
    );
    expect(screen.getAllByText('+7 (916) 555-44-33')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: T.bulk.submit })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('changes the status of the selected cargos together, and lists the refused ones', async () => {
    renderTable();
    const submit = screen.getByRole('button', { name: T.bulk.submit });
    expect(submit).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /MG-1111-11111/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /MG-2222-22222/ }));
    expect(screen.getByText(T.bulk.selected(2))).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(T.bulk.statusLabel), { target: { value: 'accepted' } });

    fetchMock.mockResolvedValueOnce(
      answer(409, {
        error: { code: 'CONFLICT', message: E.bulkRefused(1), fields: { 'MG-2222-22222': E.bulkSame } },
      }),
    );
    fireEvent.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(E.bulkRefused(1));
    expect(within(alert).getByText(`MG-2222-22222: ${E.bulkSame}`)).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      tracks: ['MG-1111-11111', 'MG-2222-22222'],
      status: 'accepted',
    });

    fireEvent.click(screen.getByRole('checkbox', { name: /MG-2222-22222/ }));
    fetchMock.mockResolvedValueOnce(answer(200, { changed: 1 }));
    fireEvent.click(submit);
    expect(await screen.findByText(T.bulk.done(1))).toBeInTheDocument();
    expect(router.refresh).toHaveBeenCalled();
  });
});
