import { fireEvent, render, screen, within } from '@testing-library/react';
import type { CargoDetails } from '@freight/contracts/orders';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CargoCardData } from '../api/server';
import { json as answer, stubFetch } from '@/testing/fetch';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { CancelCargo } = await import('./cargo-actions');
const { CargoCard } = await import('./cargo-card');

const T = ACCOUNT_ORDERS_TEXTS;
const TRACK = 'MG-2611-04217';

const person = (name: string) => ({ type: 'individual', name, phone: null, email: null, inn: null, kpp: null });

const cargo: CargoDetails = {
  id: 1,
  track_number: TRACK,
  status: 'created',
  status_name: 'Оформлен',
  status_changed_at: '2026-03-02T09:00:00.000Z',
  closed: false,
  flags: { paid: false, paid_storage: false, partial_release: false },
  created_at: '2026-03-02T09:00:00.000Z',
  departure: { type: 'warehouse', city: { id: 14, name: 'Москва' }, office: null, address: null },
  delivery: { type: 'warehouse', city: { id: 9, name: 'Казань' }, office: null, address: null },
  planned_dispatch_date: null,
  planned_arrival_date: null,
  cargo: { quantity: 1, weight: 10, volume: 0.1, length: null, width: null, height: null },
  cargo_type: null,
  transportation_type: { code: 'auto', name: 'Автоперевозка' },
  payment_type: 'cash',
  payer: 'sender',
  sender: person('Демо Клиент'),
  recipient: person('Иван Получатель'),
  payer_participant: null,
  customer_participant: null,
  price_kopecks: 301_700,
  price_text: '3 017 ₽',
  lines: [],
  history: [],
  driver_assigned: false,
  favorite: false,
  rating: null,
  owner_profile: null,
  permissions: [],
};

const card = (
  status: 'created' | 'cancelled',
  codes: Array<'cancel' | 'change_contacts' | 'repeat'>,
): CargoCardData => ({
  cargo: { ...cargo, status, status_name: status === 'created' ? 'Оформлен' : 'Отменён', closed: status !== 'created' },
  payment: null,
  actions: { track_number: TRACK, status, actions: codes.map((code) => ({ code, name: code })) },
  rating: null,
  driver: null,
});

describe('CancelCargo', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => router.refresh.mockReset());

  it('nothing while the cargo may not be cancelled', () => {
    const { container } = render(<CancelCargo track={TRACK} cancellable={false} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('keeps «Заявка отменена» on the card after the refresh that makes the cargo no longer cancellable', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { track_number: TRACK, status: 'cancelled', status_name: 'Отменён' }));
    const { rerender } = render(<CargoCard data={card('created', ['cancel', 'change_contacts', 'repeat'])} />);
    fireEvent.click(screen.getByRole('button', { name: T.cancel }));
    const dialog = await screen.findByRole('dialog', { name: T.cancelConfirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: T.cancelConfirm }));
    expect(await screen.findByText(T.cancelled)).toBeInTheDocument();
    expect(router.refresh).toHaveBeenCalled();
    // The card's refresh: the cargo is cancelled, «cancel» is no longer among its actions.
    rerender(<CargoCard data={card('cancelled', ['repeat'])} />);
    expect(screen.getByText(T.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.cancel })).not.toBeInTheDocument();
  });
});
