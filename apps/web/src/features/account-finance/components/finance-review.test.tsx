import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contract, SettlementReview } from '@freight/contracts/settlements';
import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { ReviewTable } = await import('./review-table');
const { FinanceReview } = await import('./finance-review');

const S = SETTLEMENTS_TEXTS.screen;
const NBSP = '\u00A0';

const contract: Contract = {
  contract_uuid: 'c-post',
  account_uuid: 'acc-company',
  profile_name: 'ООО «Демо Логистик»',
  number: 'МГ-2026/014',
  signed_on: '2026-02-10',
  kind: 'postpayment',
  kind_label: 'Постоплата',
  credit_limit_kopecks: 50_000_000,
  payment_term_days: 30,
  valid_from: '2026-03-01',
  valid_to: null,
  is_default: true,
  is_active: true,
};

const prepaid: Contract = {
  ...contract,
  contract_uuid: 'c-pre',
  number: 'МГ-2026/051',
  signed_on: '2026-09-01',
  kind: 'prepayment',
  kind_label: 'Предоплата',
  credit_limit_kopecks: null,
  payment_term_days: null,
  valid_from: '2026-09-01',
  is_default: false,
};

/*
 * November 2026 by hand: opening debt 12 000 ₽; a 4 500 ₽ charge, a 10 000 ₽ payment and a 500 ₽
 * credit note. Debit 4 500 ₽, credit 10 500 ₽, closing 12 000 + 4 500 − 10 500 = 6 000 ₽ of debt.
 */
const november: SettlementReview = {
  contract,
  year: 2026,
  month: 11,
  period: { from: '2026-11-01', to: '2026-11-30' },
  opening_balance_kopecks: 1_200_000,
  entries: [
    {
      id: 1,
      kind: 'charge',
      kind_label: 'Начисление',
      booked_on: '2026-11-03',
      due_on: '2026-12-03',
      document: 'УПД № MG-2600-00121 от 03.11.2026',
      description: 'Перевозка груза, груз MG-2600-00121',
      track_number: 'MG-2600-00121',
      debit_kopecks: 450_000,
      credit_kopecks: 0,
    },
    {
      id: 2,
      kind: 'payment',
      kind_label: 'Оплата',
      booked_on: '2026-11-12',
      due_on: null,
      document: 'П/п № 318 от 12.11.2026',
      description: 'Оплата по счёту',
      track_number: null,
      debit_kopecks: 0,
      credit_kopecks: 1_000_000,
    },
    {
      id: 3,
      kind: 'credit_note',
      kind_label: 'Корректировка',
      booked_on: '2026-11-20',
      due_on: null,
      document: 'КУПД № MG-2600-00145 от 20.11.2026',
      description: 'Отмена перевозки',
      track_number: 'MG-2600-00145',
      debit_kopecks: 0,
      credit_kopecks: 50_000,
    },
  ],
  debit_total_kopecks: 450_000,
  credit_total_kopecks: 1_050_000,
  closing_balance_kopecks: 600_000,
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('ReviewTable', () => {
  it('shows the opening balance, each entry with debit or credit, the turnovers and the closing balance', () => {
    render(<ReviewTable review={november} />);
    expect(screen.getByText('Входящее сальдо на 1 ноября 2026 г.')).toBeInTheDocument();
    expect(screen.getByTestId('opening-balance').textContent).toBe(`Задолженность 12${NBSP}000${NBSP}₽`);
    expect(screen.getByText(S.debitCreditHint)).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Начисления и оплаты за ноябрь 2026 г.' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Дата', 'Документ', 'Содержание', 'Дебет', 'Кредит']);
    const rows = within(table).getAllByRole('row').slice(1, 4);
    expect(cells(rows[0]!)).toEqual([
      '3 ноября 2026 г.',
      'НачислениеУПД № MG-2600-00121 от 03.11.2026',
      'Перевозка груза, груз MG-2600-00121Оплатить до 3 декабря 2026 г.',
      `Дебет4${NBSP}500${NBSP}₽`,
      '',
    ]);
    expect(cells(rows[1]!)).toEqual([
      '12 ноября 2026 г.',
      'ОплатаП/п № 318 от 12.11.2026',
      'Оплата по счёту',
      '',
      `Кредит10${NBSP}000${NBSP}₽`,
    ]);
    expect(cells(rows[2]!)[4]).toBe(`Кредит500${NBSP}₽`);

    // The track number inside the description links to the cargo card; one outside it is appended.
    expect(screen.getByRole('link', { name: 'Заказ MG-2600-00121' })).toHaveAttribute(
      'href',
      '/personal-account/orders/MG-2600-00121',
    );
    expect(screen.getByRole('link', { name: 'Заказ MG-2600-00145' })).toHaveAttribute(
      'href',
      '/personal-account/orders/MG-2600-00145',
    );
    expect(rows[2]!.textContent).toContain('Отмена перевозки MG-2600-00145');

    expect(screen.getByRole('rowheader', { name: 'Обороты за месяц' })).toBeInTheDocument();
    expect(screen.getByTestId('debit-total').textContent).toBe(`Дебет4${NBSP}500${NBSP}₽`);
    expect(screen.getByTestId('credit-total').textContent).toBe(`Кредит10${NBSP}500${NBSP}₽`);
    expect(screen.getByText('Исходящее сальдо на 30 ноября 2026 г.')).toBeInTheDocument();
    expect(screen.getByTestId('closing-balance').textContent).toBe(`Задолженность 6${NBSP}000${NBSP}₽`);
  });

  it('an advance reads as «Аванс», a zero balance as 0 ₽', () => {
    render(<ReviewTable review={{ ...november, opening_balance_kopecks: 0, closing_balance_kopecks: -350_050 }} />);
    expect(screen.getByTestId('opening-balance').textContent).toBe(`0${NBSP}₽`);
    expect(screen.getByTestId('closing-balance').textContent).toBe(`Аванс 3${NBSP}500,50${NBSP}₽`);
  });

  it('says in a sentence that a month had no entries, with no empty table', () => {
    render(
      <ReviewTable
        review={{
          ...november,
          entries: [],
          debit_total_kopecks: 0,
          credit_total_kopecks: 0,
          opening_balance_kopecks: -200_000,
          closing_balance_kopecks: -200_000,
        }}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByTestId('review-empty').textContent).toBe(
      'За ноябрь 2026 г. по договору не было ни начислений, ни оплат: сальдо на конец месяца то же, что и на начало.',
    );
    expect(screen.getByTestId('opening-balance').textContent).toBe(`Аванс 2${NBSP}000${NBSP}₽`);
    expect(screen.getByTestId('closing-balance').textContent).toBe(`Аванс 2${NBSP}000${NBSP}₽`);
  });
});

describe('FinanceReview', () => {
  beforeEach(() => router.push.mockReset());

  const props = {
    contracts: [contract, prepaid],
    account: null,
    contractUuid: 'c-post',
    year: 2026,
    month: 11,
    latest: { year: 2026, month: 11 },
    review: november,
    showProfiles: false,
  };

  it('puts the chosen month into the address; the current month is the last one', async () => {
    const user = userEvent.setup();
    render(<FinanceReview {...props} />);
    expect(screen.getByRole('button', { name: 'Следующий месяц' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    expect(router.push).toHaveBeenLastCalledWith('/personal-account/finance?contract=c-post&year=2026&month=10', {
      scroll: false,
    });
  });

  it('a contract change keeps the month unless the contract began later', () => {
    render(<FinanceReview {...props} year={2026} month={5} account="all" />);
    const select = screen.getByRole('combobox', { name: S.contractLabel });
    expect(select).toHaveValue('c-post');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['№ МГ-2026/014 от 10 февраля 2026 г. · Постоплата', '№ МГ-2026/051 от 1 сентября 2026 г. · Предоплата']);
    fireEvent.change(select, { target: { value: 'c-pre' } });
    expect(router.push).toHaveBeenLastCalledWith(
      '/personal-account/finance?account=all&contract=c-pre&year=2026&month=9',
      { scroll: false },
    );
  });

  it('explains a refused month instead of a table', () => {
    render(<FinanceReview {...props} review={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent(S.reviewError);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
