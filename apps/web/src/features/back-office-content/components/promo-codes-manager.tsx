'use client';

import { useState } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import { PROMO_KINDS, type AdminPromoCode, type PricePreview } from '@freight/contracts/back-office-content';
import { formatDate } from '@freight/domain/dates';
import { formatNumber, formatRub } from '@freight/domain/money';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Button, Checkbox, Select, TextInput } from '@/components/ui';
import type { DataTableColumn } from '@/components/ui/data-table';
import { apiFetch } from '@/lib/api/client';
import { inputToKopecks, inputToNumber, kopecksToInput, numberToInput } from '../lib/money-input';
import { moscowDayBound, toMoscowInput } from '../lib/moscow-time';
import { PricePreviewTable } from './price-preview-table';
import { RowEditorLayout, useRowEditor, type RowPage } from './row-editor';
import layout from '@/components/back-office/layout.module.css';
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
const FORM_FIELD: Record<string, Path<PromoFormValues>> = {
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

export type PromoCodePage = RowPage<AdminPromoCode>;

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

const COLUMNS: DataTableColumn<AdminPromoCode>[] = [
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
    cell: ({ row }) => `${row.original.used_count} / ${row.original.usage_limit ?? T.notices.unlimited.toLowerCase()}`,
  },
  {
    id: 'min',
    header: T.fields.minOrder,
    cell: ({ row }) => (row.original.min_order_kopecks ? formatRub(row.original.min_order_kopecks) : ''),
  },
];

/** Promo codes: the table, a form to add or edit one, and the effect of the form's code on sample prices. */
export function PromoCodesManager({ data }: { data: PromoCodePage }) {
  const [preview, setPreview] = useState<PricePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const editor = useRowEditor<AdminPromoCode, PromoFormValues>({
    endpoint: BASE,
    schema: PromoFormSchema,
    empty: EMPTY,
    toValues: (promo) => ({
      code: promo.code,
      kind: promo.kind,
      percent: numberToInput(promo.percent),
      amount: kopecksToInput(promo.amount_kopecks),
      valid_from: toMoscowInput(promo.valid_from).slice(0, 10),
      valid_to: toMoscowInput(promo.valid_to).slice(0, 10),
      usage_limit: promo.usage_limit === null ? '' : String(promo.usage_limit),
      min_order: promo.min_order_kopecks ? kopecksToInput(promo.min_order_kopecks) : '',
      is_active: promo.is_active,
    }),
    toBody: promoBody,
    fields: FORM_FIELD,
    name: (promo) => promo.code,
    // A used code stays for its orders' history: the server only switches it off.
    deletedText: (promo) => (promo.used_count > 0 ? T.notices.deactivated : T.notices.deleted),
    onReset: () => setPreview(null),
  });
  const { form, field } = editor;
  const kind = useWatch({ control: form.control, name: 'kind' });

  const showPreview = form.handleSubmit(async (values) => {
    editor.setMessage(null);
    setPreviewing(true);
    try {
      setPreview(await apiFetch<PricePreview>(`${BASE}/preview`, { method: 'POST', json: promoBody(values) }));
    } catch (e) {
      setPreview(null);
      editor.fail(e);
    } finally {
      setPreviewing(false);
    }
  });

  return (
    <RowEditorLayout
      editor={editor}
      columns={COLUMNS}
      rows={data}
      caption={T.pages.promoCodes}
      emptyText={T.notices.noPromoCodes}
      createLabel={T.actions.createPromoCode}
      actions={
        <Button appearance="secondary" loading={previewing} onClick={() => void showPreview()}>
          {T.actions.previewPromo}
        </Button>
      }
      after={
        preview ? (
          <>
            <p className={layout.muted}>{T.notices.promoPreviewLead}</p>
            <PricePreviewTable preview={preview} caption={T.pages.promoPreviewCaption} />
          </>
        ) : null
      }
    >
      <div className={layout.row}>
        <TextInput label={T.fields.code} autoComplete="off" spellCheck={false} {...field('code')} />
        <Select label={T.fields.promoKind} options={KIND_OPTIONS} {...form.register('kind')} />
        {kind === 'percent' ? (
          <TextInput label={T.fields.promoPercent} inputMode="decimal" {...field('percent')} />
        ) : (
          <TextInput label={T.fields.promoAmount} inputMode="decimal" {...field('amount')} />
        )}
      </div>
      <div className={layout.row}>
        <TextInput label={T.fields.validFrom} type="date" {...field('valid_from')} />
        <TextInput label={T.fields.validTo} type="date" {...field('valid_to')} />
      </div>
      <div className={layout.row}>
        <TextInput
          label={T.fields.usageLimit}
          inputMode="numeric"
          placeholder={T.notices.unlimited}
          {...field('usage_limit')}
        />
        <TextInput label={T.fields.minOrder} inputMode="decimal" {...field('min_order')} />
      </div>
      <Checkbox label={T.fields.isActive} {...form.register('is_active')} />
    </RowEditorLayout>
  );
}
