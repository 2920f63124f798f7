import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { EXPORT_JOBS_TEXTS } from '@freight/domain/texts/export-jobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORTS_CHANGED_EVENT } from '@/lib/exports/export-jobs';
import { answer, exportJob, routedFetch } from '@/lib/exports/export-jobs-test-kit';
import { RECENT_EXPORTS_POLL_MS, RecentExports } from './recent-exports';

const T = EXPORT_JOBS_TEXTS;
const LIST = 'GET /api/v1/user/exports';

const ready = exportJob({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'ready',
  rows_done: 3,
  rows_total: 3,
  size_bytes: 1_258_291,
  expires_at: '2026-11-25T11:05:00.000Z',
});
const running = exportJob({
  id: '00000000-0000-4000-8000-000000000002',
  status: 'running',
  rows_done: 1_200,
  rows_total: 10_000,
});
const failed = exportJob({ id: '00000000-0000-4000-8000-000000000003', status: 'failed', error: T.renderFailed });
const act1 = exportJob({
  id: '00000000-0000-4000-8000-000000000004',
  kind: 'reconciliation',
  kind_label: 'Акт сверки',
  status: 'ready',
  file_name: 'Акт сверки П-1 01.07.2026–30.09.2026.pdf',
});

describe('RecentExports: «Последние выгрузки»', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists the exports of its kind from the API: ready ones as download links, the others with progress or reason', async () => {
    const { mock } = routedFetch({ [LIST]: [() => answer(200, { items: [ready, running, failed, act1] })] });
    vi.stubGlobal('fetch', mock);
    render(<RecentExports kind="cargo_list" />);
    const section = await screen.findByRole('region', { name: T.recentTitle });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const link = within(items[0]!).getByRole('link', { name: 'Заказы_24.11.2026.xlsx' });
    expect(link).toHaveAttribute('href', `/api/v1/user/exports/file?id=${ready.id}`);
    expect(link).toHaveAttribute('download');
    expect(items[0]!.textContent).toBe('Заказы_24.11.2026.xlsx 1,2\u00A0МБ, хранится до 25 ноября 2026 г., 14:05');
    expect(items[1]!.textContent).toBe('Заказы: Готовим файл… 1\u00A0200 из 10\u00A0000 строк');
    expect(items[2]!.textContent).toBe(`Заказы: ${T.renderFailed}`);
    expect(within(section).queryByText(/Акт сверки/)).not.toBeInTheDocument();
  });

  it('renders nothing without exports, and loads again when an export is asked for or still on its way', async () => {
    const { mock, calls } = routedFetch({
      [LIST]: [
        () => answer(200, { items: [] }),
        () => answer(200, { items: [running] }),
        () => answer(200, { items: [{ ...running, status: 'ready', download_url: '/x', file_name: 'Заказы.csv' }] }),
      ],
    });
    vi.stubGlobal('fetch', mock);
    const { container } = render(<RecentExports kind="cargo_list" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
    act(() => {
      window.dispatchEvent(new Event(EXPORTS_CHANGED_EVENT));
    });
    expect(await screen.findByText(/Готовим файл/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(RECENT_EXPORTS_POLL_MS));
    expect(await screen.findByRole('link', { name: 'Заказы.csv' })).toBeInTheDocument();
    // Nothing on its way: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(RECENT_EXPORTS_POLL_MS * 3));
    expect(calls).toHaveLength(3);
  });
});
