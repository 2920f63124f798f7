'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import type { BoContractCreateBody, BoContractItem, BoPaymentBody } from '@freight/contracts/back-office-contracts';
import { isIsoDate, toIsoDate } from '@freight/domain/dates';
import { CONTRACT_KINDS } from '@freight/domain/finance';
import { formatRub } from '@freight/domain/money';
import { formatCount } from '@freight/domain/plural';
import { PLURAL_TEXTS } from '@freight/domain/texts/plural';
import {
  BO_CONTRACT_NUMBER_MAX_LENGTH,
  BO_CONTRACTS_TEXTS,
  BO_MONEY_MAX_KOPECKS,
  BO_PAYMENT_DESCRIPTION_MAX_LENGTH,
  BO_PAYMENT_TERM_MAX_DAYS,
} from '@freight/domain/texts/back-office-contracts';
import { Alert, Badge, Button, Checkbox, Select, TextInput } from '@/components/ui';
import { apiFetch } from '@/lib/api/client';
import { fieldBinder, saveErrorText } from '@/lib/form/api-field-errors';
import layout from '@/components/back-office/layout.module.css';
import styles from './clients.module.css';

const T = BO_CONTRACTS_TEXTS;
const E = T.errors;
const KIND_OPTIONS = CONTRACT_KINDS.map((kind) => ({ value: kind, label: T.kinds[kind] }));

/** ISO `YYYY-MM-DD` as `ДД.ММ.ГГГГ` (the dates of contracts and payment orders). */
const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * A rouble amount as people type it («1 234,50», «1234.5») → kopecks, rounded to whole kopecks;
 * null when it is not a non-negative number. Spaces (no-break ones included) are ignored.
 */
export function rublesInputToKopecks(value: string): number | null {
  const cleaned = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(?:\.\d+)?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

const dateField = z.string().refine(isIsoDate, E.dateInvalid);

/** The API's rules for a new contract, said before the round trip (the same Russian messages). */
const ContractFormSchema = z
  .object({
    number: z.string().trim().min(1, E.numberRequired).max(BO_CONTRACT_NUMBER_MAX_LENGTH, E.numberTooLong),
    signed_on: dateField,
    kind: z.enum(CONTRACT_KINDS, { error: E.kindInvalid }),
    credit_limit: z.string(),
    payment_term: z.string(),
    valid_from: dateField,
    valid_to: z.string(),
    is_default: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'postpayment') {
      const limit = rublesInputToKopecks(value.credit_limit);
      if (value.credit_limit.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['credit_limit'], message: E.creditLimitRequired });
      } else if (limit === null || limit > BO_MONEY_MAX_KOPECKS) {
        ctx.addIssue({ code: 'custom', path: ['credit_limit'], message: E.creditLimitInvalid });
      }
      const term = value.payment_term.trim();
      if (term === '') ctx.addIssue({ code: 'custom', path: ['payment_term'], message: E.paymentTermRequired });
      else if (!/^\d{1,3}$/.test(term) || Number(term) > BO_PAYMENT_TERM_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['payment_term'], message: E.paymentTermInvalid });
      }
    }
    if (value.valid_to !== '') {
      if (!isIsoDate(value.valid_to)) ctx.addIssue({ code: 'custom', path: ['valid_to'], message: E.dateInvalid });
      else if (isIsoDate(value.valid_from) && value.valid_to < value.valid_from) {
        ctx.addIssue({ code: 'custom', path: ['valid_to'], message: E.validToBeforeFrom });
      }
    }
  });
type ContractFormValues = z.input<typeof ContractFormSchema>;

/** The API's field names → the contract form's. */
const CONTRACT_FIELD: Record<string, Path<ContractFormValues>> = {
  number: 'number',
  signed_on: 'signed_on',
  kind: 'kind',
  credit_limit_kopecks: 'credit_limit',
  payment_term_days: 'payment_term',
  valid_from: 'valid_from',
  valid_to: 'valid_to',
};

function contractBody(values: ContractFormValues): BoContractCreateBody {
  const postpayment = values.kind === 'postpayment';
  return {
    number: values.number.trim(),
    signed_on: values.signed_on,
    kind: values.kind,
    ...(postpayment
      ? {
          credit_limit_kopecks: rublesInputToKopecks(values.credit_limit) ?? 0,
          payment_term_days: Number(values.payment_term.trim()),
        }
      : {}),
    valid_from: values.valid_from,
    valid_to: values.valid_to === '' ? null : values.valid_to,
    is_default: values.is_default,
  };
}

type Message = { kind: 'success' | 'error'; text: string } | null;

/** A new contract of a company profile: prepayment, or postpayment with a credit limit and a term. */
export function ContractForm({ accountUuid, hasDefault }: { accountUuid: string; hasDefault: boolean }) {
  const router = useRouter();
  const [message, setMessage] = useState<Message>(null);
  const form = useForm<ContractFormValues>({
    resolver: zodResolver(ContractFormSchema),
    defaultValues: {
      number: '',
      signed_on: '',
      kind: 'prepayment',
      credit_limit: '',
      payment_term: '',
      valid_from: '',
      valid_to: '',
      is_default: !hasDefault,
    },
  });
  const field = fieldBinder(form);
  const kind = useWatch({ control: form.control, name: 'kind' });

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await apiFetch(`/api/v1/back-office/clients/${accountUuid}/contracts`, {
        method: 'POST',
        json: contractBody(values),
      });
      setMessage({ kind: 'success', text: T.notices.contractCreated });
      form.reset();
      router.refresh();
    } catch (e) {
      setMessage({ kind: 'error', text: saveErrorText(e, CONTRACT_FIELD, form.setError) });
    }
  });

  return (
    <form className={layout.form} onSubmit={submit} noValidate aria-label={T.actions.addContract}>
      <div className={layout.row}>
        <TextInput
          label={T.fields.number}
          autoComplete="off"
          maxLength={BO_CONTRACT_NUMBER_MAX_LENGTH}
          {...field('number')}
        />
        <TextInput label={T.fields.signedOn} type="date" {...field('signed_on')} />
      </div>
      <div className={layout.row}>
        <Select label={T.fields.kind} options={KIND_OPTIONS} {...field('kind')} />
        {kind === 'postpayment' ? (
          <>
            <TextInput label={T.fields.creditLimit} inputMode="decimal" {...field('credit_limit')} />
            <TextInput label={T.fields.paymentTerm} inputMode="numeric" {...field('payment_term')} />
          </>
        ) : null}
      </div>
      <div className={layout.row}>
        <TextInput label={T.fields.validFrom} type="date" {...field('valid_from')} />
        <TextInput label={T.fields.validTo} type="date" hint={T.fields.validToHint} {...field('valid_to')} />
      </div>
      <Checkbox label={T.fields.isDefault} {...form.register('is_default')} />
      {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
      <div className={layout.toolbar}>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {T.actions.createContract}
        </Button>
      </div>
    </form>
  );
}

/** The API's rules for a payment order, said before the round trip; `today` and `validFrom` are ISO dates. */
function paymentFormSchema(today: string, validFrom: string) {
  return z
    .object({
      amount: z.string(),
      booked_on: dateField,
      document_number: z
        .string()
        .trim()
        .min(1, E.documentRequired)
        .max(BO_CONTRACT_NUMBER_MAX_LENGTH, E.documentTooLong),
      description: z.string().max(BO_PAYMENT_DESCRIPTION_MAX_LENGTH, E.descriptionTooLong),
    })
    .superRefine((value, ctx) => {
      const amount = rublesInputToKopecks(value.amount);
      if (amount === null || amount <= 0 || amount > BO_MONEY_MAX_KOPECKS) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: E.amountInvalid });
      }
      if (!isIsoDate(value.booked_on)) return;
      if (value.booked_on > today) {
        ctx.addIssue({ code: 'custom', path: ['booked_on'], message: E.bookedOnFuture });
      } else if (value.booked_on < validFrom) {
        ctx.addIssue({ code: 'custom', path: ['booked_on'], message: E.bookedOnBeforeContract(ruDate(validFrom)) });
      }
    });
}
type PaymentFormValues = z.input<ReturnType<typeof paymentFormSchema>>;

const PAYMENT_FIELD: Record<string, Path<PaymentFormValues>> = {
  amount_kopecks: 'amount',
  booked_on: 'booked_on',
  document_number: 'document_number',
  description: 'description',
};

/** A payment order from the bank statement booked to one contract's ledger. */
export function PaymentForm({
  contractUuid,
  contractNumber,
  validFrom,
}: {
  contractUuid: string;
  contractNumber: string;
  validFrom: string;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<Message>(null);
  const today = toIsoDate(new Date())!;
  const form = useForm<PaymentFormValues>({
    resolver: zodResolver(paymentFormSchema(today, validFrom)),
    defaultValues: { amount: '', booked_on: today, document_number: '', description: '' },
  });
  const field = fieldBinder(form);

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const body: BoPaymentBody = {
      amount_kopecks: rublesInputToKopecks(values.amount)!,
      booked_on: values.booked_on,
      document_number: values.document_number.trim(),
      ...(values.description.trim() ? { description: values.description } : {}),
    };
    try {
      await apiFetch(`/api/v1/back-office/contracts/${contractUuid}/payments`, { method: 'POST', json: body });
      setMessage({ kind: 'success', text: T.notices.paymentRecorded });
      form.reset();
      router.refresh();
    } catch (e) {
      setMessage({ kind: 'error', text: saveErrorText(e, PAYMENT_FIELD, form.setError) });
    }
  });

  return (
    <form className={layout.form} onSubmit={submit} noValidate aria-label={T.paymentFormTitle(contractNumber)}>
      <div className={layout.row}>
        <TextInput label={T.fields.amount} inputMode="decimal" {...field('amount')} />
        <TextInput label={T.fields.bookedOn} type="date" max={today} {...field('booked_on')} />
        <TextInput label={T.fields.documentNumber} autoComplete="off" {...field('document_number')} />
      </div>
      <TextInput label={T.fields.description} hint={T.fields.descriptionHint} {...field('description')} />
      {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
      <div className={layout.toolbar}>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {T.actions.recordPayment}
        </Button>
      </div>
    </form>
  );
}

/** «долг 1 500 ₽», «аванс 200 ₽» or «расчёты закрыты». */
function balanceText(balance: number): string {
  if (balance > 0) return T.debt(formatRub(balance));
  if (balance < 0) return T.advance(formatRub(-balance));
  return T.settled;
}

/**
 * The «Договоры» block of a company profile on a client's page: each contract with its terms,
 * validity and position today (balance, overdue, credit left); with `canEdit`, a payment form per
 * contract and a form for a new contract.
 */
export function ClientContracts({
  accountUuid,
  profileName,
  contracts,
  canEdit,
}: {
  accountUuid: string;
  profileName: string;
  contracts: readonly BoContractItem[];
  canEdit: boolean;
}) {
  return (
    <div className={styles.contracts}>
      {contracts.length === 0 ? (
        <p className={layout.muted}>{T.empty}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.simpleTable}>
            <caption className={layout.muted}>{T.profileCaption(profileName)}</caption>
            <thead>
              <tr>
                <th scope="col">{T.columns.number}</th>
                <th scope="col">{T.columns.kind}</th>
                <th scope="col">{T.columns.validity}</th>
                <th scope="col">{T.columns.balance}</th>
                <th scope="col">{T.columns.overdue}</th>
                <th scope="col">{T.columns.creditLeft}</th>
              </tr>
            </thead>
            <tbody>
              {contracts.map(({ contract, position }) => (
                <tr key={contract.contract_uuid}>
                  <td>
                    {T.numberWithDate(contract.number, ruDate(contract.signed_on))}{' '}
                    {contract.is_default ? (
                      <Badge tone="info" size="s">
                        {T.defaultBadge}
                      </Badge>
                    ) : null}
                    {contract.is_active ? null : (
                      <Badge tone="neutral" size="s">
                        {T.inactiveBadge}
                      </Badge>
                    )}
                  </td>
                  <td>
                    {contract.kind_label}
                    {contract.kind === 'postpayment' ? (
                      <span className={styles.excerpt}>
                        {T.postpaymentTerms(
                          formatRub(contract.credit_limit_kopecks ?? 0),
                          formatCount(contract.payment_term_days ?? 0, PLURAL_TEXTS.day),
                        )}
                      </span>
                    ) : null}
                  </td>
                  <td className={styles.nowrap}>
                    {T.validity(ruDate(contract.valid_from), contract.valid_to ? ruDate(contract.valid_to) : null)}
                  </td>
                  <td className={styles.nowrap}>{balanceText(position.balance_kopecks)}</td>
                  <td className={styles.nowrap}>{formatRub(position.overdue_kopecks)}</td>
                  <td className={styles.nowrap}>
                    {position.credit_left_kopecks === null ? '—' : formatRub(position.credit_left_kopecks)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canEdit
        ? contracts.map(({ contract }) => (
            <details key={contract.contract_uuid}>
              <summary>{T.paymentFormTitle(contract.number)}</summary>
              <PaymentForm
                contractUuid={contract.contract_uuid}
                contractNumber={contract.number}
                validFrom={contract.valid_from}
              />
            </details>
          ))
        : null}
      {canEdit ? (
        <details>
          <summary>{T.actions.addContract}</summary>
          <ContractForm accountUuid={accountUuid} hasDefault={contracts.some((c) => c.contract.is_default)} />
        </details>
      ) : null}
    </div>
  );
}
