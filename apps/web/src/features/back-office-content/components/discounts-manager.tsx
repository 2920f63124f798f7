'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AdminDiscount } from '@freight/contracts/back-office-content';
import { formatDate } from '@freight/domain/dates';
import { formatNumber } from '@freight/domain/money';
import { formatPhone, isValidPhone } from '@freight/domain/phone';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button, PhoneInput, TextInput } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { apiFetch } from '@/lib/api/client';
import { saveErrorText } from '@/lib/form/api-field-errors';
import { inputToNumber } from '../lib/money-input';
import { DeleteButton } from './delete-button';
import layout from '@/components/back-office/layout.module.css';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;
const V = T.validation;

const DiscountFormSchema = z.object({
  phone: z.string().refine(isValidPhone, V.phoneInvalid),
  percent: z.string().refine((value) => {
    const n = inputToNumber(value);
    return n !== null && n >= 0.01 && n <= 50 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
  }, V.personalDiscountRange),
});
type DiscountFormValues = z.infer<typeof DiscountFormSchema>;
const FIELDS = Object.keys(DiscountFormSchema.shape);

const BASE = '/api/v1/back-office/discounts';

export interface DiscountPage {
  items: AdminDiscount[];
  total: number;
  page: number;
  per_page: number;
}

/** Personal discounts: who has one and how much; a form sets one by the client's phone. */
export function DiscountsManager({ data }: { data: DiscountPage }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<DiscountFormValues>({
    resolver: zodResolver(DiscountFormSchema),
    defaultValues: { phone: '', percent: '' },
  });
  const errors = form.formState.errors;

  const columns = useMemo<DataTableColumn<AdminDiscount>[]>(
    () => [
      { id: 'name', header: T.fields.client, cell: ({ row }) => row.original.name ?? '—' },
      {
        id: 'phone',
        header: T.fields.phone,
        cell: ({ row }) => (
          <span className={styles.nowrap}>{row.original.phone ? formatPhone(row.original.phone) : '—'}</span>
        ),
      },
      {
        id: 'percent',
        header: T.fields.percent,
        cell: ({ row }) => `${formatNumber(row.original.percent)}\u00a0%`,
      },
      { id: 'created_at', header: T.fields.assignedAt, cell: ({ row }) => formatDate(row.original.created_at) },
      {
        id: 'actions',
        header: T.fields.actions,
        cell: ({ row }) => (
          <DeleteButton
            endpoint={`${BASE}/${row.original.user_id}`}
            label={T.actions.deleteItem(row.original.name ?? String(row.original.user_id))}
            onDeleted={() => {
              setMessage({ kind: 'success', text: T.notices.deleted });
              router.refresh();
            }}
            onError={(text) => setMessage({ kind: 'error', text })}
          />
        ),
      },
    ],
    [router],
  );

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await apiFetch(BASE, { method: 'PUT', json: { phone: values.phone, percent: inputToNumber(values.percent) } });
      setMessage({ kind: 'success', text: T.notices.saved });
      form.reset({ phone: '', percent: '' });
      router.refresh();
    } catch (e) {
      setMessage({ kind: 'error', text: saveErrorText(e, FIELDS, form.setError) });
    }
  });

  return (
    <div className={styles.stack}>
      {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
      <section className={layout.card} aria-labelledby="discount-form-h">
        <h2 id="discount-form-h">{T.actions.setDiscount}</h2>
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={layout.row}>
            <PhoneInput label={T.fields.phone} error={errors.phone?.message} {...form.register('phone')} />
            <TextInput
              label={T.fields.percent}
              inputMode="decimal"
              error={errors.percent?.message}
              {...form.register('percent')}
            />
          </div>
          <div className={styles.actions}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {T.actions.setDiscount}
            </Button>
          </div>
        </form>
      </section>
      <DataTable
        columns={columns}
        data={data.items}
        total={data.total}
        page={data.page}
        perPage={data.per_page}
        caption={T.pages.discountsTab}
        getRowId={(row) => String(row.user_id)}
        emptyText={T.notices.noDiscounts}
      />
    </div>
  );
}
