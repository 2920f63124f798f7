import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BoOffice } from '@freight/contracts/back-office-cargo';
import { MESSAGES } from '@freight/domain';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json as answer, stubFetch } from '@/testing/fetch';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { StatusForm } = await import('./status-form');
const { DriverForm } = await import('./driver-form');
const { CancelCargo } = await import('./cancel-cargo');
const { CargoFlags } = await import('./cargo-flags');

const T = BACK_OFFICE_CARGO_TEXTS.page;
const E = BACK_OFFICE_CARGO_TEXTS.errors;
const TRACK = 'MG-1234-56789';
const offices: BoOffice[] = [
  {
    id: 101,
    code: 'MOW-T1',
    name: 'Терминал «Южный»',
    address: 'Москва, ул. Складочная, д. 1',
    city: 'Москва',
    kind: 'terminal',
  },
  {
    id: 205,
    code: 'NSK-T1',
    name: 'Терминал Новосибирск',
    address: 'Новосибирск, ул. Станционная, д. 2',
    city: 'Новосибирск',
    kind: 'terminal',
  },
];

const sent = (call: Parameters<typeof fetch> | undefined) => ({
  url: call?.[0],
  method: call?.[1]?.method,
  body: JSON.parse(String(call?.[1]?.body ?? 'null')) as unknown,
});

describe('back-office cargo operations', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => router.refresh.mockReset());

  it('status form: offers only the allowed statuses and sends the change with the office', async () => {
    render(
      <StatusForm
        track={TRACK}
        next={[
          { status: 'in_transit', label: 'В пути' },
          { status: 'returned', label: 'Возврат' },
        ]}
        offices={offices}
      />,
    );
    const select = screen.getByLabelText(T.status.next);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([T.status.choose, 'В пути', 'Возврат']);

    fireEvent.click(screen.getByRole('button', { name: T.status.submit }));
    expect(await screen.findByText(E.statusInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(answer(200, {}));
    fireEvent.change(select, { target: { value: 'in_transit' } });
    fireEvent.change(screen.getByLabelText(T.status.office), { target: { value: '205' } });
    fireEvent.change(screen.getByLabelText(T.status.comment), { target: { value: 'Рейс 12' } });
    fireEvent.click(screen.getByRole('button', { name: T.status.submit }));
    expect(await screen.findByText(T.status.done('В пути'))).toBeInTheDocument();
    expect(sent(fetchMock.mock.calls[0])).toEqual({
      url: `/api/v1/back-office/cargos/${TRACK}/status`,
      method: 'POST',
      body: { status: 'in_transit', office_id: 205, comment: 'Рейс 12' },
    });
    expect(router.refresh).toHaveBeenCalled();
  });

  it('status form: shows the API’s refusal in Russian beside the form', async () => {
    const message = MESSAGES.backOffice.errors.transitionForbidden('В пути', 'Выдан');
    fetchMock.mockResolvedValueOnce(answer(409, { error: { code: 'CONFLICT', message } }));
    render(<StatusForm track={TRACK} next={[{ status: 'released', label: 'Выдан' }]} offices={offices} />);
    fireEvent.change(screen.getByLabelText(T.status.next), { target: { value: 'released' } });
    fireEvent.click(screen.getByRole('button', { name: T.status.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it('status form: a cargo in a final status has nothing to choose', () => {
    render(<StatusForm track={TRACK} next={[]} offices={offices} />);
    expect(screen.getByText(T.status.none)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.status.submit })).not.toBeInTheDocument();
  });

  it('status form: keeps the success of a final status after the refresh leaves nothing to choose', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, {}));
    const { rerender } = render(
      <StatusForm track={TRACK} next={[{ status: 'released', label: 'Выдан' }]} offices={offices} />,
    );
    fireEvent.change(screen.getByLabelText(T.status.next), { target: { value: 'released' } });
    fireEvent.click(screen.getByRole('button', { name: T.status.submit }));
    expect(await screen.findByText(T.status.done('Выдан'))).toBeInTheDocument();
    // The page's refresh: the cargo is released, no status follows.
    rerender(<StatusForm track={TRACK} next={[]} offices={offices} />);
    expect(screen.getByText(T.status.none)).toBeInTheDocument();
    expect(screen.getByText(T.status.done('Выдан'))).toBeInTheDocument();
  });

  it('driver form: checks the plate as the API does and sends the normalised values', async () => {
    render(<DriverForm track={TRACK} driver={null} closed={false} canOperate />);
    fireEvent.change(screen.getByLabelText(T.driver.name), { target: { value: 'Сергей Водителев' } });
    fireEvent.change(screen.getByLabelText(T.driver.phone), { target: { value: '89123456789' } });
    fireEvent.change(screen.getByLabelText(T.driver.vehicleModel), { target: { value: 'ГАЗель' } });
    fireEvent.change(screen.getByLabelText(T.driver.vehiclePlate), { target: { value: 'Я12' } });
    fireEvent.click(screen.getByRole('button', { name: T.driver.assign }));
    expect(await screen.findByText(E.plateInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(answer(200, {}));
    fireEvent.change(screen.getByLabelText(T.driver.vehiclePlate), { target: { value: 'a 123 bc 77' } });
    fireEvent.click(screen.getByRole('button', { name: T.driver.assign }));
    expect(await screen.findByText(T.driver.saved)).toBeInTheDocument();
    expect(sent(fetchMock.mock.calls[0])).toEqual({
      url: `/api/v1/back-office/cargos/${TRACK}/driver`,
      method: 'PUT',
      body: { name: 'Сергей Водителев', phone: '+79123456789', vehicle_model: 'ГАЗель', vehicle_plate: 'А123ВС77' },
    });
  });

  it('driver form: nothing to change once the cargo is closed', () => {
    render(<DriverForm track={TRACK} driver={null} closed canOperate />);
    expect(screen.getByText(T.driver.closed)).toBeInTheDocument();
    expect(screen.getByLabelText(T.driver.name)).toBeDisabled();
    expect(screen.queryByRole('button', { name: T.driver.assign })).not.toBeInTheDocument();
  });

  it('cancel: asks for the reason in a dialog and sends it', async () => {
    render(<CancelCargo track={TRACK} />);
    fireEvent.click(screen.getByRole('button', { name: T.cancel.open }));
    const dialog = await screen.findByRole('dialog', { name: T.cancel.confirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: T.cancel.confirm }));
    expect(await within(dialog).findByText(E.reasonLength)).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(answer(200, {}));
    fireEvent.change(within(dialog).getByLabelText(T.cancel.reason), { target: { value: 'Клиент передумал' } });
    fireEvent.click(within(dialog).getByRole('button', { name: T.cancel.confirm }));
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
    expect(sent(fetchMock.mock.calls[0])).toEqual({
      url: `/api/v1/back-office/cargos/${TRACK}/cancel`,
      method: 'POST',
      body: { reason: 'Клиент передумал' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('flags: a tick is saved at once; a refusal puts it back and says why', async () => {
    const flags = { paid: false, paid_storage: false, partial_release: false };
    fetchMock.mockResolvedValueOnce(answer(200, {}));
    render(<CargoFlags track={TRACK} flags={flags} paidAt={null} canOperate />);
    fireEvent.click(screen.getByLabelText(T.flags.paid));
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
    expect(sent(fetchMock.mock.calls[0])).toEqual({
      url: `/api/v1/back-office/cargos/${TRACK}/flags`,
      method: 'PATCH',
      body: { paid: true },
    });
    expect(screen.getByLabelText(T.flags.paid)).toBeChecked();

    fetchMock.mockResolvedValueOnce(
      answer(403, { error: { code: 'FORBIDDEN', message: 'Недостаточно прав для этого действия' } }),
    );
    fireEvent.click(screen.getByLabelText(T.flags.partialRelease));
    expect(await screen.findByRole('alert')).toHaveTextContent('Недостаточно прав для этого действия');
    expect(screen.getByLabelText(T.flags.partialRelease)).not.toBeChecked();
  });
});
