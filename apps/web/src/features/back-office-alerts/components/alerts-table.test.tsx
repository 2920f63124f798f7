import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecurityAlert, SecurityAlertPage } from '@freight/contracts/back-office-alerts';
import { formatLongDateTime } from '@freight/domain/dates';
import { BO_ALERTS_TEXTS } from '@freight/domain/texts/back-office-alerts';

const refresh = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ refresh, push: vi.fn(), replace: vi.fn() }),
  usePathname: () => '/back-office/alerts',
  useSearchParams: () => new URLSearchParams('status=all'),
}));

const { AlertsTable } = await import('./alerts-table');

const T = BO_ALERTS_TEXTS.page;

const open: SecurityAlert = {
  id: 7,
  kind: 'sms_budget_phone',
  kind_label: 'Исчерпан лимит SMS на номер',
  subject: 'Номер +7 (9**) ***-**-01',
  details: ['Лимит: 5 SMS в час, отправлено 5.', 'Последний запрос: код для входа.', 'Номер: +7 (9**) ***-**-01.'],
  hits: 1,
  status: 'open',
  status_label: 'Открыт',
  first_seen_at: '2026-03-02T09:15:00.000Z',
  last_seen_at: '2026-03-02T10:40:00.000Z',
  resolved_at: null,
  resolved_by: null,
  comment: null,
};
const resolved: SecurityAlert = {
  ...open,
  id: 3,
  kind: 'sms_budget_global',
  kind_label: 'Исчерпан общий лимит SMS',
  subject: 'Все SMS сайта',
  details: ['Лимит: 1 000 SMS в час, отправлено 1 000.'],
  status: 'resolved',
  status_label: 'Закрыт',
  resolved_at: '2026-03-01T12:00:00.000Z',
  resolved_by: 'Ольга Дежурная',
  comment: 'Рассылка акции',
};
const page: SecurityAlertPage = { items: [open, resolved], total: 2, page: 1, per_page: 25 };

/** A stand-in fetch answering `body` with `status`, recording every call. */
function stubFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('security alerts table', () => {
  beforeEach(() => refresh.mockClear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows each alert with its name, details, dates and state; «Закрыть» only on open ones', () => {
    render(<AlertsTable data={page} filter="all" />);
    const table = screen.getByRole('table', { name: T.caption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Сигнал', 'Подробности', 'Впервые', 'Последний раз', 'Состояние']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Исчерпан лимит SMS на номер')).toBeInTheDocument();
    expect(within(first!).getByText('Последний запрос: код для входа.')).toBeInTheDocument();
    expect(within(first!).getByText(formatLongDateTime(open.first_seen_at))).toBeInTheDocument();
    expect(within(first!).getByText(formatLongDateTime(open.last_seen_at))).toBeInTheDocument();
    expect(within(first!).getByText('Открыт')).toBeInTheDocument();
    expect(
      within(first!).getByRole('button', {
        name: 'Закрыть сигнал «Исчерпан лимит SMS на номер»: Номер +7 (9**) ***-**-01',
      }),
    ).toBeInTheDocument();
    expect(within(second!).queryByRole('button')).toBeNull();
    expect(within(second!).getByText('Закрыт')).toBeInTheDocument();
    expect(within(second!).getByText(T.resolvedAt(formatLongDateTime(resolved.resolved_at)))).toBeInTheDocument();
    expect(within(second!).getByText('Закрыл(а): Ольга Дежурная')).toBeInTheDocument();
    expect(within(second!).getByText('Комментарий: Рассылка акции')).toBeInTheDocument();
  });

  it('filters by state with a plain GET form', () => {
    render(<AlertsTable data={page} filter="resolved" />);
    const select = screen.getByLabelText('Состояние');
    expect(select).toHaveValue('resolved');
    expect([...select.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['open', 'Открытые'],
      ['resolved', 'Закрытые'],
      ['all', 'Все'],
    ]);
    expect(select).toHaveAttribute('name', 'status');
    expect(screen.getByRole('button', { name: 'Показать' })).toHaveAttribute('type', 'submit');
  });

  it('says when nothing is open', () => {
    render(<AlertsTable data={{ items: [], total: 0, page: 1, per_page: 25 }} filter="open" />);
    expect(screen.getByText('Открытых сигналов нет')).toBeInTheDocument();
  });

  it('«Закрыть» resolves the alert and refreshes the list', async () => {
    const calls = stubFetch(200, { ...open, status: 'resolved' });
    const user = userEvent.setup();
    render(<AlertsTable data={page} filter="all" />);
    await user.click(screen.getByRole('button', { name: /^Закрыть сигнал «Исчерпан лимит SMS на номер»/ }));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/v1/back-office/security_alerts/7/resolve');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({});
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('shows the refusal when someone closed it a moment ago, and refreshes', async () => {
    stubFetch(409, { error: { code: 'CONFLICT', message: 'Сигнал уже закрыт' } });
    const user = userEvent.setup();
    render(<AlertsTable data={page} filter="all" />);
    await user.click(screen.getByRole('button', { name: /^Закрыть сигнал/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Сигнал уже закрыт');
    expect(refresh).toHaveBeenCalledOnce();
  });
});
