import { fireEvent, render, screen, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint, WebhookList } from '@freight/contracts/webhooks';
import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json as answer, stubFetch } from '@/testing/fetch';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { WebhooksManager } = await import('./webhooks-manager');

const W = WEBHOOKS_TEXTS;
const S = W.screen;
const ACCOUNT = '7d1c2a36-3c0c-4f3e-8f59-0d5d4c1f0a11';
const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: '5b0c7f2e-6d1a-4f0e-9c3b-2a1d0e9f8c7b',
  url: 'https://erp.example.ru/hooks/magistral',
  events: ['cargo.status_changed'],
  is_active: true,
  created_at: '2026-05-10T09:00:00.000Z',
  created_by: 'Ольга Клиентова',
  disabled_at: null,
  ...over,
});

const list = (endpoints: WebhookEndpoint[] = []): WebhookList => ({
  account_uuid: ACCOUNT,
  endpoints,
  max_endpoints: 10,
});

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'a0e1b2c3-d4e5-4f60-8a1b-2c3d4e5f6a7b',
  event: 'cargo.status_changed',
  event_label: W.events['cargo.status_changed'].label,
  event_id: '9f8e7d6c-5b4a-8392-a1b0-c9d8e7f6a5b4',
  status: 'failed',
  status_label: W.deliveryStatus.failed,
  attempt_count: 2,
  created_at: '2026-05-15T07:00:00.000Z',
  delivered_at: null,
  next_attempt_at: null,
  last_status_code: 500,
  last_response: 'внутренняя ошибка',
  last_error: W.attemptError.httpStatus(500),
  duration_ms: 42,
  can_retry: true,
  attempts: [
    {
      number: 2,
      manual: false,
      at: '2026-05-15T07:01:00.000Z',
      status_code: 500,
      response: 'внутренняя ошибка',
      error: W.attemptError.httpStatus(500),
      duration_ms: 42,
    },
    {
      number: 1,
      manual: false,
      at: '2026-05-15T07:00:00.000Z',
      status_code: null,
      response: null,
      error: W.attemptError.timeout,
      duration_ms: 10_000,
    },
  ],
  ...over,
});

describe('webhooks in the account', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => router.refresh.mockReset());

  it('checks the form before sending: an address and at least one event', async () => {
    render(<WebhooksManager list={list()} />);
    fireEvent.click(screen.getByRole('button', { name: S.submit }));
    expect(await screen.findByText(W.urlRequired)).toBeInTheDocument();
    expect(screen.getByText(W.eventsRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds an address and shows its secret once, with «Скопировать»', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fetchMock.mockResolvedValueOnce(
      answer(201, { endpoint: endpoint({ events: ['cargo.status_changed', 'invoice.issued'] }), secret: SECRET }),
    );
    render(<WebhooksManager list={list()} />);
    fireEvent.change(screen.getByLabelText(S.urlLabel), {
      target: { value: 'https://erp.example.ru/hooks/magistral' },
    });
    fireEvent.click(screen.getByLabelText(W.events['cargo.status_changed'].label));
    fireEvent.click(screen.getByLabelText(W.events['invoice.issued'].label));
    fireEvent.click(screen.getByRole('button', { name: S.submit }));

    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent(SECRET);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/webhooks');
    expect(JSON.parse(String(init?.body))).toEqual({
      account_uuid: ACCOUNT,
      url: 'https://erp.example.ru/hooks/magistral',
      events: ['cargo.status_changed', 'invoice.issued'],
    });
    fireEvent.click(screen.getByRole('button', { name: S.copy }));
    expect(await screen.findByRole('button', { name: S.copied })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    fireEvent.click(screen.getByRole('button', { name: S.secretDone }));
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    expect(router.refresh).toHaveBeenCalled();
  });

  it('shows the server’s reason under the address', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(400, { error: { code: 'VALIDATION_FAILED', message: W.urlPrivate, fields: { url: W.urlPrivate } } }),
    );
    render(<WebhooksManager list={list()} />);
    fireEvent.change(screen.getByLabelText(S.urlLabel), { target: { value: 'https://10.0.0.1/hook' } });
    fireEvent.click(screen.getByLabelText(W.events['cargo.delivered'].label));
    fireEvent.click(screen.getByRole('button', { name: S.submit }));
    expect(await screen.findByText(W.urlPrivate)).toBeInTheDocument();
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
  });

  it('lists the deliveries of an address with code, answer and attempts, and «Повторить» sends one again', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, { endpoint_id: endpoint().id, deliveries: [delivery()], page: 1, page_size: 20, total: 1 }),
    );
    render(<WebhooksManager list={list([endpoint()])} />);
    fireEvent.click(screen.getByRole('button', { name: S.deliveriesShow }));
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent(W.events['cargo.status_changed'].label);
    expect(row).toHaveTextContent(W.deliveryStatus.failed);
    expect(row).toHaveTextContent('500');
    expect(row).toHaveTextContent('внутренняя ошибка');
    expect(row).toHaveTextContent('2 попытки');
    expect(row).toHaveTextContent(W.attemptError.timeout);
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/v1/user/webhooks/deliveries?endpoint_id=${endpoint().id}&page=1`);

    fetchMock.mockResolvedValueOnce(
      answer(202, delivery({ status: 'pending', status_label: W.deliveryStatus.pending, can_retry: true })),
    );
    fireEvent.click(within(row).getByRole('button', { name: S.retry }));
    expect(await within(row).findByText(S.retried)).toBeInTheDocument();
    expect(row).toHaveTextContent(W.deliveryStatus.pending);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/v1/user/webhooks/deliveries/retry');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ id: delivery().id });
  });
});
