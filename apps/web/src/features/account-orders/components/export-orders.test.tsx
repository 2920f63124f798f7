import { act, fireEvent, render, screen } from '@testing-library/react';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { EXPORT_JOBS_TEXTS } from '@freight/domain/texts/export-jobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, exportJob, routedFetch } from '@/lib/exports/export-jobs-test-kit';
import { ExportOrders } from './export-orders';

const T = EXPORT_JOBS_TEXTS;
const CREATE = 'POST /api/v1/user/exports/cargo_list';
const JOB = 'GET /api/v1/user/exports/job';
const QUERY = new URLSearchParams(
  'all_profiles=false&cargo_type=standard&skip=20&limit=20&sort_by_date=true&cargo_statuses=released&cargo_statuses=cancelled&favorite=true',
);

describe('ExportOrders: the list prepared in the background, then downloaded', () => {
  const downloads: string[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    downloads.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.getAttribute('href') ?? '');
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Lets the next poll happen (every 700 ms in the first seconds). */
  const tick = () => act(() => vi.advanceTimersByTimeAsync(700));

  it('keeps the buttons as links to the streaming export (what works without JavaScript)', () => {
    render(<ExportOrders listQuery={QUERY} />);
    const excel = screen.getByRole('link', { name: 'Выгрузить Excel' });
    expect(excel).toHaveAttribute('download');
    expect(excel.getAttribute('href')).toBe(
      '/api/v1/cargo/cargo/export?all_profiles=false&cargo_type=standard&sort_by_date=true&cargo_statuses=released&cargo_statuses=cancelled&favorite=true&format=xlsx',
    );
    expect(screen.getByRole('link', { name: 'Выгрузить CSV' }).getAttribute('href')).toContain('format=csv');
    expect(screen.queryByTestId('export-status')).not.toBeInTheDocument();
  });

  it('asks for the file with the list’s filters, shows «Готовим файл… 1 200 из 10 000 строк», downloads it when ready', async () => {
    const id = '6f1c2b9e-0000-4000-8000-0000000000aa';
    const { mock, calls } = routedFetch({
      [CREATE]: [() => answer(202, exportJob({ id }))],
      [JOB]: [
        () => answer(200, exportJob({ id, status: 'running', rows_done: 1_200, rows_total: 10_000 })),
        () => answer(200, exportJob({ id, status: 'ready', rows_done: 10_000, rows_total: 10_000 })),
      ],
    });
    vi.stubGlobal('fetch', mock);
    render(<ExportOrders listQuery={QUERY} />);
    fireEvent.click(screen.getByRole('link', { name: 'Выгрузить Excel' }));
    await screen.findByText(T.preparing);
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/v1/user/exports/cargo_list',
      body: {
        all_profiles: 'false',
        cargo_type: 'standard',
        sort_by_date: 'true',
        cargo_statuses: ['released', 'cancelled'],
        favorite: 'true',
        format: 'xlsx',
      },
    });
    await tick();
    expect(screen.getByTestId('export-status').textContent).toBe('Готовим файл… 1\u00A0200 из 10\u00A0000 строк');
    expect(downloads).toEqual([]);
    // A second click while the file is being prepared asks for nothing more.
    fireEvent.click(screen.getByRole('link', { name: 'Выгрузить CSV' }));
    await tick();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(downloads).toEqual([`/api/v1/user/exports/file?id=${id}`]);
    expect(screen.getByTestId('export-status')).toHaveTextContent(T.ready);
    expect(screen.getByRole('link', { name: T.downloadAgain })).toHaveAttribute(
      'href',
      `/api/v1/user/exports/file?id=${id}`,
    );
  });

  it('a failed export: its Russian reason as an alert, no download; the buttons work again', async () => {
    const { mock, calls } = routedFetch({
      [CREATE]: [() => answer(202, exportJob())],
      [JOB]: [() => answer(200, exportJob({ status: 'failed', error: T.renderFailed }))],
    });
    vi.stubGlobal('fetch', mock);
    render(<ExportOrders listQuery={QUERY} />);
    fireEvent.click(screen.getByRole('link', { name: 'Выгрузить CSV' }));
    await tick();
    expect(await screen.findByRole('alert')).toHaveTextContent(T.renderFailed);
    expect(downloads).toEqual([]);
    expect(calls[0]!.body).toMatchObject({ format: 'csv' });
    fireEvent.click(screen.getByRole('link', { name: 'Выгрузить CSV' }));
    await tick();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it.each([
    [
      'the API refuses (429)',
      () => answer(429, { error: { code: 'TOO_MANY_REQUESTS', message: T.tooMany } }),
      T.tooMany,
    ],
    [
      'the network is down',
      () => Promise.reject(new TypeError('Failed to fetch')) as never,
      COMMON_TEXTS.serviceUnavailable,
    ],
  ])('%s: the message as an alert', async (_case, refusal, message) => {
    const { mock } = routedFetch({ [CREATE]: [refusal] });
    vi.stubGlobal('fetch', mock);
    render(<ExportOrders listQuery={QUERY} />);
    fireEvent.click(screen.getByRole('link', { name: 'Выгрузить Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(downloads).toEqual([]);
  });
});
