import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { EXPORT_JOBS_TEXTS } from '@freight/domain/texts/export-jobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, exportJob, routedFetch } from '@/lib/exports/export-jobs-test-kit';
import { ReconciliationForm } from './reconciliation-form';

const S = SETTLEMENTS_TEXTS;
const T = EXPORT_JOBS_TEXTS;
const CREATE = 'POST /api/v1/user/exports/reconciliation';
const JOB = 'GET /api/v1/user/exports/job';
const LIST = 'GET /api/v1/user/exports';

describe('ReconciliationForm', () => {
  const downloads: string[] = [];
  let calls: ReturnType<typeof routedFetch>['calls'];
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    downloads.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.getAttribute('href') ?? '');
    });
    const act = (id: string, format: 'pdf' | 'xlsx') =>
      exportJob({ id, kind: 'reconciliation', kind_label: 'Акт сверки', format });
    const fetched = routedFetch({
      [LIST]: [() => answer(200, { items: [] })],
      [CREATE]: [
        () => answer(202, act('00000000-0000-4000-8000-0000000000a1', 'pdf')),
        () => answer(202, act('00000000-0000-4000-8000-0000000000a2', 'xlsx')),
      ],
      [JOB]: [
        () => answer(200, { ...act('00000000-0000-4000-8000-0000000000a1', 'pdf'), status: 'running', rows_total: 40 }),
        () =>
          answer(200, {
            ...exportJob({ id: '00000000-0000-4000-8000-0000000000a1', status: 'ready' }),
            kind: 'reconciliation',
          }),
        () =>
          answer(200, {
            ...exportJob({ id: '00000000-0000-4000-8000-0000000000a2', status: 'ready' }),
            kind: 'reconciliation',
          }),
      ],
    });
    calls = fetched.calls;
    vi.stubGlobal('fetch', fetched.mock);
  });
  afterEach(() => {
    // Unmounted first: nothing may call the real fetch once the stub is gone.
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const renderForm = () =>
    render(<ReconciliationForm contractUuid="c-post" contractNumber="МГ-2026/014" today="2026-11-17" />);
  const from = () => screen.getByLabelText(S.screen.dateFrom);
  const to = () => screen.getByLabelText(S.screen.dateTo);
  const created = () => calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body]);
  /** Lets the next poll happen (every 700 ms in the first seconds). */
  const tick = () => act(() => vi.advanceTimersByTimeAsync(700));

  it('offers the current quarter up to today; the act is prepared, its progress shown, then downloaded', async () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Акт сверки' })).toBeInTheDocument();
    expect(screen.getByText('По договору № МГ-2026/014')).toBeInTheDocument();
    expect(from()).toHaveValue('2026-10-01');
    expect(to()).toHaveValue('2026-11-17');

    fireEvent.click(screen.getByRole('button', { name: 'Скачать PDF' }));
    await waitFor(() => expect(created()).toHaveLength(1));
    expect(created()[0]).toEqual([
      '/api/v1/user/exports/reconciliation',
      { contract_uuid: 'c-post', date_from: '2026-10-01', date_to: '2026-11-17', format: 'pdf' },
    ]);
    await tick();
    expect(screen.getByTestId('export-status').textContent).toBe('Готовим файл… 0 из 40 строк');
    await tick();
    await waitFor(() =>
      expect(downloads).toEqual(['/api/v1/user/exports/file?id=00000000-0000-4000-8000-0000000000a1']),
    );
    expect(screen.getByTestId('export-status')).toHaveTextContent(T.ready);

    fireEvent.change(from(), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Скачать Excel' }));
    await waitFor(() => expect(created()).toHaveLength(2));
    expect(created()[1]![1]).toEqual({
      contract_uuid: 'c-post',
      date_from: '2026-01-01',
      date_to: '2026-11-17',
      format: 'xlsx',
    });
    await tick();
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toBe('/api/v1/user/exports/file?id=00000000-0000-4000-8000-0000000000a2');
  });

  it.each([
    ['an empty start', '', '2026-11-17', 'from', S.screen.dateRequired],
    ['an empty end', '2026-10-01', '', 'to', S.screen.dateRequired],
    ['a reversed period', '2026-11-18', '2026-11-17', 'from', S.periodReversed],
    ['more than three years', '2023-01-01', '2026-01-01', 'to', S.periodTooLong],
  ] as const)('%s: a Russian message under the field and no download', async (_case, start, end, field, message) => {
    renderForm();
    fireEvent.change(from(), { target: { value: start } });
    fireEvent.change(to(), { target: { value: end } });
    fireEvent.click(screen.getByRole('button', { name: 'Скачать PDF' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    const input = field === 'from' ? from() : to();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(created()).toEqual([]);
    expect(downloads).toEqual([]);
  });

  it('takes exactly three years (2023-01-01 … 2025-12-31)', async () => {
    renderForm();
    fireEvent.change(from(), { target: { value: '2023-01-01' } });
    fireEvent.change(to(), { target: { value: '2025-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Скачать Excel' }));
    await waitFor(() => expect(created()).toHaveLength(1));
    expect(created()[0]![1]).toMatchObject({ date_from: '2023-01-01', date_to: '2025-12-31', format: 'xlsx' });
  });
});
