'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PROMO_KINDS, type AdminPromoCode, type PricePreview } from '@freight/contracts/back-office-content';
import { formatDate } from '@freight/domain/dates';
import { formatNumber, formatRub } from '@freight/domain/money';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button, Checkbox, Select, TextInput } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ApiError, apiFetch } from '@/lib/api/client';
import { inputToKopecks, inputToNumber, kopecksToInput, numberToInput } from '../lib/money-input';
import { moscowDayBound, toMoscowInput } from '../lib/moscow-time';
import { PricePreviewTable } from './price-preview-table';
import { editDeleteColumn, statusColumn } from './row-columns';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;
const V = T.validation;
const KIND_OPTIONS = PROMO_KINDS.map((kind) => ({ value: kind, label: T.promoKinds[kind] }));

const PromoFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{3,30}$/, V.promoCodeInvalid),
    kind: z.enum(PROMO_KINDS),
    percent: z.string(),
    amount: z.string(),
    valid_from: z.string(),
    valid_to: z.string(),
    usage_limit: z
      .string()
      .trim()
      .regex(/^(\d{1,7})?$/, V.usageLimitRange),
    min_order: z.string(),
    is_active: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'percent' && inputToNumber(value.percent) === null) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: V.promoPercentRange });
    }
    if (value.kind === 'fixed' && inputToKopecks(value.amount) === null) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: V.promoAmountRange });
    }
    if (value.min_order.trim() !== '' && inputToKopecks(value.min_order) === null) {
      ctx.addIssue({ code: 'custom', path: ['min_order'], message: V.minOrderRange });
    }
    if (value.valid_from && value.valid_to && value.valid_to < value.valid_from) {
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: V.validityOrder });
    }
  });
type PromoFormValues = z.infer<typeof PromoFormSchema>;
const EMPTY: PromoFormValues = {
  code: '',
  kind: 'percent',
  percent: '',
  amount: '',
  valid_from: '',
  valid_to: '',
  usage_limit: '',
  min_order: '',
  is_active: true,
};
/** The API's field names → the form's. */
const FORM_FIELD: Record<string, keyof PromoFormValues> = {
  code: 'code',
  kind: 'kind',
  percent: 'percent',
  amount_kopecks: 'amount',
  valid_from: 'valid_from',
  valid_to: 'valid_to',
  usage_limit: 'usage_limit',
  min_order_kopecks: 'min_order',
  is_active: 'is_active',
};

const BASE = '/api/v1/back-office/promo_codes';

export interface PromoCodePage {
  items: AdminPromoCode[];
  total: number;
  page: number;
  per_page: number;
}

/** «15 %» or «500 ₽». */
const valueText = (promo: AdminPromoCode) =>
  promo.kind === 'percent' ? `${formatNumber(promo.percent ?? 0)}\u00a0%` : formatRub(promo.amount_kopecks ?? 0);

/** The API body of the form's values (dates are whole Moscow days). */
function promoBody(values: PromoFormValues) {
  return {
    code: values.code,
    kind: values.kind,
    percent: values.kind === 'percent' ? inputToNumber(values.percent) : null,
    amount_kopecks: values.kind === 'fixed' ? inputToKopecks(values.amount) : null,
    valid_from: values.valid_from ? moscowDayBound(values.valid_from, 'start') : null,
    valid_to: values.valid_to ? moscowDayBound(values.valid_to, 'end') : null,
    usage_limit: values.usage_limit ? Number(values.usage_limit) : null,
    min_order_kopecks: values.min_order.trim() ? (inputToKopecks(values.min_order) ?? 0) : 0,
    is_active: values.is_active,
  };
}

/** Promo codes: the table, a form to add or edit one, and the effect of the form's code on sample prices. */
export function PromoCodesManager({ data }: { data: PromoCodePage }) {
  const router = useRouter();
  const [editing, setEditing] = useState<AdminPromoCode | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [preview, setPreview] = useState<PricePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const form = useForm<PromoFormValues>({ resolver: zodResolver(PromoFormSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const kind = useWatch({ control: form.control, name: 'kind' });

  const edit = (promo: AdminPromoCode) => {
    setEditing(promo);
    setMessage(null);
    setPreview(null);
    form.reset({
      code: promo.code,
      kind: promo.kind,
      percent: numberToInput(promo.percent),
      amount: kopecksToInput(promo.amount_kopecks),
      valid_from: toMoscowInput(promo.valid_from).slice(0, 10),
      valid_to: toMoscowInput(promo.valid_to).slice(0, 10),
      usage_limit: promo.usage_limit === null ? '' : String(promo.usage_limit),
      min_order: promo.min_order_kopecks ? kopecksToInput(promo.min_order_kopecks) : '',
      is_active: promo.is_active,
    });
  };
  const reset = () => {
    setEditing(null);
    setPreview(null);
    form.reset(EMPTY);
  };

  const fail = (e: unknown) => {
    if (e instanceof ApiError) {
      const rest: string[] = [];
      for (const [field, text] of Object.entries(e.fields)) {
        const name = FORM_FIELD[field];
        if (name) form.setError(name, { type: 'server', message: text });
        else rest.push(text);
      }
      setMessage({ kind: 'error', text: rest[0] ?? e.message });
    } else setMessage({ kind: 'error', text: String(e) });
  };

  const columns = useMemo<DataTableColumn<AdminPromoCode>[]>(
    () => [
      { id: 'code', header: T.fields.code, cell: ({ row }) => <code>{row.original.code}</code> },
      { id: 'value', header: T.fields.value, cell: ({ row }) => valueText(row.original) },
      {
        id: 'period',
        header: `${T.fields.validFrom} — ${T.fields.validTo}`,
        cell: ({ row }) => (
          <span className={styles.nowrap}>
            {row.original.valid_from ? formatDate(row.original.valid_from) : '…'} —{' '}
            {row.original.valid_to ? formatDate(row.original.valid_to) : '…'}
          </span>
        ),
      },
      {
        id: 'used',
        header: T.fields.used,
        cell: ({ row }) =>
          `${row.original.used_count} / ${row.original.usage_limit ?? T.notices.unlimited.toLowerCase()}`,
      },
      {
        id: 'min',
        header: T.fields.minOrder,
        cell: ({ row }) => (row.original.min_order_kopecks ? formatRub(row.original.min_order_kopecks) : ''),
      },
      statusColumn((promo) => promo.is_active),
      editDeleteColumn({
        name: (promo) => promo.code,
        endpoint: (promo) => `${BASE}/${promo.id}`,
        onEdit: edit,
        notify: setMessage,
        refresh: () => router.refresh(),
        // A used code stays for its orders' history: the server only switches it off.
        deletedText: (promo) => (promo.used_count > 0 ? T.notices.deactivated : T.notices.deleted),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `edit` only closes over stable setters and the form
    [router],
  );

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      if (editing) await apiFetch(`${BASE}/${editing.id}`, { method: 'PUT', json: promoBody(values) });
      else await apiFetch(BASE, { method: 'POST', json: promoBody(values) });
      setMessage({ kind: 'success', text: T.notices.saved });
      reset();
      router.refresh();
    } catch (e) {
      fail(e);
    }
  });

  const showPreview = form.handleSubmit(async (values) => {
    setMessage(null);
    setPreviewing(true);
    try {
      setPreview(await apiFetch<PricePreview>(`${BASE}/preview`, { method: 'POST', json: promoBody(values) }));
    } catch (e) {
      setPreview(null);
      fail(e);
    } finally {
      setPreviewing(false);
    }
  });

  return (
    <div className={styles.stack}>
      {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
      <DataTable
        columns={columns}
        data={data.items}
        total={data.total}
        page={data.page}
        perPage={data.per_page}
        caption={T.pages.promoCodes}
        getRowId={(row) => String(row.id)}
        emptyText={T.notices.noPromoCodes}
      />
      <section className={styles.card} aria-labelledby="promo-form-h">
        <h2 id="promo-form-h">{editing ? T.actions.editItem(editing.code) : T.actions.createPromoCode}</h2>
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.row}>
            <TextInput
              label={T.fields.code}
              autoComplete="off"
              spellCheck={false}
              error={errors.code?.message}
              {...form.register('code')}
            />
            <Select label={T.fields.promoKind} options={KIND_OPTIONS} {...form.register('kind')} />
            {kind === 'percent' ? (
              <TextInput
                label={T.fields.promoPercent}
                inputMode="decimal"
                error={errors.percent?.message}
                {...form.register('percent')}
              />
            ) : (
              <TextInput
                label={T.fields.promoAmount}
                inputMode="decimal"
                error={errors.amount?.message}
                {...form.register('amount')}
              />
            )}
          </div>
          <div className={styles.row}>
            <TextInput
              label={T.fields.validFrom}
              type="date"
              error={errors.valid_from?.message}
              {...form.register('valid_from')}
            />
            <TextInput
              label={T.fields.validTo}
              type="date"
              error={errors.valid_to?.message}
              {...form.register('valid_to')}
            />
          </div>
          <div className={styles.row}>
            <TextInput
              label={T.fields.usageLimit}
              inputMode="numeric"
              placeholder={T.notices.unlimited}
              error={errors.usage_limit?.message}
              {...form.register('usage_limit')}
            />
            <TextInput
              label={T.fields.minOrder}
              inputMode="decimal"
              error={errors.min_order?.message}
              {...form.register('min_order')}
            />
          </div>
          <Checkbox label={T.fields.isActive} {...form.register('is_active')} />
          <div className={styles.actions}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {editing ? T.actions.save : T.actions.createPromoCode}
            </Button>
            <Button appearance="secondary" loading={previewing} onClick={() => void showPreview()}>
              {T.actions.previewPromo}
            </Button>
            {editing ? (
              <Button appearance="secondary" onClick={reset}>
                {T.actions.cancel}
              </Button>
            ) : null}
          </div>
        </form>
        {preview ? (
          <>
            <p className={styles.muted}>{T.notices.promoPreviewLead}</p>
            <PricePreviewTable preview={preview} caption={T.pages.promoPreviewCaption} />
          </>
        ) : null}
      </section>
    </div>
  );
}
