import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReconciliationForm } from './reconciliation-form';

const S = SETTLEMENTS_TEXTS;
const ACT = '/api/v1/user/settlements/reconciliation';

describe('ReconciliationForm', () => {
  const downloads: string[] = [];
  beforeEach(() => {
    downloads.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.getAttribute('href') ?? '');
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const renderForm = () =>
    render(<ReconciliationForm contractUuid="c-post" contractNumber="МГ-2026/014" today="2026-11-17" />);
  const from = () => screen.getByLabelText(S.screen.dateFrom);
  const to = () => screen.getByLabelText(S.screen.dateTo);

  it('offers the current quarter up to today and downloads the act as PDF or Excel', async () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Акт сверки' })).toBeInTheDocument();
    expect(screen.getByText('По договору № МГ-2026/014')).toBeInTheDocument();
    expect(from()).toHaveValue('2026-10-01');
    expect(to()).toHaveValue('2026-11-17');

    fireEvent.click(screen.getByRole('button', { name: 'Скачать PDF' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toBe(`${ACT}?contract_uuid=c-post&date_from=2026-10-01&date_to=2026-11-17&format=pdf`);

    fireEvent.change(from(), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Скачать Excel' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toBe(`${ACT}?contract_uuid=c-post&date_from=2026-01-01&date_to=2026-11-17&format=xlsx`);
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
    expect(downloads).toEqual([]);
  });

  it('takes exactly three years (2023-01-01 … 2025-12-31)', async () => {
    renderForm();
    fireEvent.change(from(), { target: { value: '2023-01-01' } });
    fireEvent.change(to(), { target: { value: '2025-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Скачать Excel' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toContain('date_from=2023-01-01&date_to=2025-12-31&format=xlsx');
  });
});
