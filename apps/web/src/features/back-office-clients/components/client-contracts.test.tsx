import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoContractItem } from '@freight/contracts/back-office-contracts';
import { addCalendarDays, toIsoDate } from '@freight/domain/dates';
import { formatRub } from '@freight/domain/money';
import { BO_CONTRACTS_TEXTS } from '@freight/domain/texts/back-office-contracts';
import { ClientContracts, ContractForm, PaymentForm, rublesInputToKopecks } from './client-contracts';

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push: vi.fn() }) }));

const T = BO_CONTRACTS_TEXTS;
const E = T.errors;
const ACCOUNT = '6f1c3c1e-8c1a-4d55-9b3e-2f7f3f0f9a10';
const CONTRACT = '0b7d9c2a-1e3f-4a5b-8c6d-7e8f9a0b1c2d';

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

const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('back-office contracts and payments', () => {
  beforeEach(() => refresh.mockClear());
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['500 000,50', 50_000_050],
    ['1234.5', 123_450],
    ['0', 0],
    ['-5', null],
    ['12 р', null],
  ])('reads «%s» as %s kopecks', (typed, kopecks) => {
    expect(rublesInputToKopecks(typed)).toBe(kopecks);
  });

  it('says what a contract lacks before sending, then sends a postpayment contract', async () => {
    const calls = stubFetch(201, {});
    const user = userEvent.setup();
    render(<ContractForm accountUuid={ACCOUNT} hasDefault />);
    const submit = screen.getByRole('button', { name: T.actions.createContract });

    await user.click(submit);
    expect(await screen.findByText(E.numberRequired)).toBeInTheDocument();
    expect(screen.getAllByText(E.dateInvalid)).toHaveLength(2);
    // A prepayment contract asks for neither a limit nor a term.
    expect(screen.queryByLabelText(T.fields.creditLimit)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(T.fields.kind), 'postpayment');
    await user.click(submit);
    expect(await screen.findByText(E.creditLimitRequired)).toBeInTheDocument();
    expect(screen.getByText(E.paymentTermRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText(T.fields.creditLimit), 'много');
    await user.type(screen.getByLabelText(T.fields.paymentTerm), '400');
    setDate(T.fields.validFrom, '2026-03-01');
    setDate(T.fields.validTo, '2026-02-28');
    await user.click(submit);
    expect(await screen.findByText(E.creditLimitInvalid)).toBeInTheDocument();
    expect(screen.getByText(E.paymentTermInvalid)).toBeInTheDocument();
    expect(screen.getByText(E.validToBeforeFrom)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(T.fields.number), ' П-7/2026 ');
    setDate(T.fields.signedOn, '2026-02-20');
    await user.clear(screen.getByLabelText(T.fields.creditLimit));
    await user.type(screen.getByLabelText(T.fields.creditLimit), '500 000,50');
    await user.clear(screen.getByLabelText(T.fields.paymentTerm));
    await user.type(screen.getByLabelText(T.fields.paymentTerm), '30');
    setDate(T.fields.validTo, '');
    // A profile that has a default contract keeps it unless asked.
    expect(screen.getByLabelText(T.fields.isDefault)).not.toBeChecked();
    await user.click(submit);
    expect(await screen.findByText(T.notices.contractCreated)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`/api/v1/back-office/clients/${ACCOUNT}/contracts`);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      number: 'П-7/2026',
      signed_on: '2026-02-20',
      kind: 'postpayment',
      credit_limit_kopecks: 50_000_050,
      payment_term_days: 30,
      valid_from: '2026-03-01',
      valid_to: null,
      is_default: false,
    });
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('shows the server refusal of a contract on its field', async () => {
    stubFetch(409, { error: { code: 'CONFLICT', message: E.numberTaken, fields: { number: E.numberTaken } } });
    const user = userEvent.setup();
    render(<ContractForm accountUuid={ACCOUNT} hasDefault={false} />);
    expect(screen.getByLabelText(T.fields.isDefault)).toBeChecked();
    await user.type(screen.getByLabelText(T.fields.number), '1');
    setDate(T.fields.signedOn, '2026-02-20');
    setDate(T.fields.validFrom, '2026-02-20');
    await user.click(screen.getByRole('button', { name: T.actions.createContract }));
    // Once in the alert, once under the field.
    expect(await screen.findAllByText(E.numberTaken)).toHaveLength(2);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('checks a payment order before sending, then books it', async () => {
    const calls = stubFetch(201, {});
    const user = userEvent.setup();
    const today = toIsoDate(new Date())!;
    render(<PaymentForm contractUuid={CONTRACT} contractNumber="П-7/2026" validFrom="2026-01-15" />);
    const submit = screen.getByRole('button', { name: T.actions.recordPayment });
    expect(screen.getByLabelText(T.fields.bookedOn)).toHaveValue(today);

    await user.click(submit);
    expect(await screen.findByText(E.amountInvalid)).toBeInTheDocument();
    expect(screen.getByText(E.documentRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText(T.fields.amount), '0');
    setDate(T.fields.bookedOn, addCalendarDays(today, 1));
    await user.click(submit);
    expect(await screen.findByText(E.bookedOnFuture)).toBeInTheDocument();
    expect(screen.getByText(E.amountInvalid)).toBeInTheDocument();

    setDate(T.fields.bookedOn, '2026-01-14');
    await user.click(submit);
    expect(await screen.findByText(E.bookedOnBeforeContract('15.01.2026'))).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText(T.fields.amount));
    await user.type(screen.getByLabelText(T.fields.amount), '40 000');
    setDate(T.fields.bookedOn, today);
    await user.type(screen.getByLabelText(T.fields.documentNumber), '418');
    await user.click(submit);
    expect(await screen.findByText(T.notices.paymentRecorded)).toBeInTheDocument();
    expect(calls[0]!.url).toBe(`/api/v1/back-office/contracts/${CONTRACT}/payments`);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      amount_kopecks: 4_000_000,
      booked_on: today,
      document_number: '418',
    });
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('lists contracts with balance, overdue and the credit left', () => {
    const contract = (over: Partial<BoContractItem['contract']>): BoContractItem['contract'] => ({
      contract_uuid: CONTRACT,
      account_uuid: ACCOUNT,
      profile_name: 'ООО «Договорная»',
      number: 'П-7/2026',
      signed_on: '2026-02-20',
      kind: 'postpayment',
      kind_label: 'Постоплата',
      credit_limit_kopecks: 50_000_000,
      payment_term_days: 30,
      valid_from: '2026-03-01',
      valid_to: null,
      is_default: true,
      is_active: true,
      ...over,
    });
    const position = {
      balance_kopecks: 14_000_000,
      debt_kopecks: 14_000_000,
      advance_kopecks: 0,
      overdue_kopecks: 11_000_000,
      credit_limit_kopecks: 50_000_000,
      credit_left_kopecks: 36_000_000,
      next_payment: null,
    };
    render(
      <ClientContracts
        accountUuid={ACCOUNT}
        profileName="ООО «Договорная»"
        canEdit={false}
        contracts={[
          { contract: contract({}), position },
          {
            contract: contract({
              contract_uuid: 'x',
              number: 'А-1',
              kind: 'prepayment',
              kind_label: 'Предоплата',
              credit_limit_kopecks: null,
              payment_term_days: null,
              valid_to: '2026-12-31',
              is_default: false,
            }),
            position: {
              ...position,
              balance_kopecks: -20_000,
              overdue_kopecks: 0,
              credit_limit_kopecks: null,
              credit_left_kopecks: null,
            },
          },
        ]}
      />,
    );
    const [, first, second] = screen.getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(first!)).toEqual([
      '№ П-7/2026 от 20.02.2026 по умолчанию',
      `Постоплаталимит ${formatRub(50_000_000)}, отсрочка 30 дней`,
      'с 01.03.2026',
      'долг 140\u00a0000\u00a0₽',
      '110\u00a0000\u00a0₽',
      '360\u00a0000\u00a0₽',
    ]);
    expect(formatRub(50_000_000)).toBe('500\u00a0000\u00a0₽');
    expect(cells(second!)).toEqual([
      '№ А-1 от 20.02.2026 ',
      'Предоплата',
      'с 01.03.2026 по 31.12.2026',
      'аванс 200\u00a0₽',
      '0\u00a0₽',
      '—',
    ]);
    // Without the permission there are no forms.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
