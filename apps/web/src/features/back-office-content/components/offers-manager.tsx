'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AdminOffer } from '@freight/contracts/back-office-content';
import { formatDate } from '@freight/domain/dates';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button, Checkbox, TextArea, TextInput } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { apiFetch } from '@/lib/api/client';
import { saveErrorText } from '../lib/form-errors';
import { editDeleteColumn, statusColumn } from './row-columns';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;
const V = T.validation;

const OfferFormSchema = z
  .object({
    title: z.string().trim().min(1, V.titleRequired).max(200, V.titleTooLong),
    description: z.string().trim().min(1, V.descriptionRequired).max(2000, V.descriptionTooLong),
    conditions: z.string().trim().min(1, V.conditionsRequired).max(2000, V.conditionsTooLong),
    discount_percent: z
      .string()
      .trim()
      .regex(/^(\d{1,2})?$/, V.discountPercentRange),
    account_uuid: z
      .string()
      .trim()
      .regex(/^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})?$/, V.accountUuidInvalid),
    valid_from: z.string().min(1, V.dateInvalid),
    valid_to: z.string().min(1, V.dateInvalid),
    is_active: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.valid_from && value.valid_to && value.valid_to < value.valid_from) {
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: V.periodInvalid });
    }
  });
type OfferFormValues = z.infer<typeof OfferFormSchema>;
const FIELDS = Object.keys(OfferFormSchema.shape);
const EMPTY: OfferFormValues = {
  title: '',
  description: '',
  conditions: '',
  discount_percent: '',
  account_uuid: '',
  valid_from: '',
  valid_to: '',
  is_active: true,
};

const BASE = '/api/v1/back-office/offers';

export interface OfferPage {
  items: AdminOffer[];
  total: number;
  page: number;
  per_page: number;
}

/** Offers to clients (to everyone or to one profile): the table, and a form to add or edit one. */
export function OffersManager({ data }: { data: OfferPage }) {
  const router = useRouter();
  const [editing, setEditing] = useState<AdminOffer | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<OfferFormValues>({ resolver: zodResolver(OfferFormSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;

  const edit = (offer: AdminOffer) => {
    setEditing(offer);
    setMessage(null);
    form.reset({
      title: offer.title,
      description: offer.description,
      conditions: offer.conditions,
      discount_percent: offer.discount_percent === null ? '' : String(offer.discount_percent),
      account_uuid: offer.account_uuid ?? '',
      valid_from: offer.valid_from,
      valid_to: offer.valid_to,
      is_active: offer.is_active,
    });
  };

  const columns = useMemo<DataTableColumn<AdminOffer>[]>(
    () => [
      { id: 'title', header: T.fields.title, cell: ({ row }) => row.original.title },
      {
        id: 'client',
        header: T.fields.client,
        cell: ({ row }) => row.original.profile_name ?? <span className={styles.muted}>{T.notices.forEveryone}</span>,
      },
      {
        id: 'discount',
        header: T.fields.discountPercent,
        cell: ({ row }) => (row.original.discount_percent === null ? '' : `${row.original.discount_percent}\u00a0%`),
      },
      {
        id: 'period',
        header: `${T.fields.validFrom} — ${T.fields.validTo}`,
        cell: ({ row }) => (
          <span className={styles.nowrap}>
            {formatDate(row.original.valid_from)} — {formatDate(row.original.valid_to)}
          </span>
        ),
      },
      statusColumn((offer) => offer.is_active),
      editDeleteColumn({
        name: (offer) => offer.title,
        endpoint: (offer) => `${BASE}/${offer.id}`,
        onEdit: edit,
        notify: setMessage,
        refresh: () => router.refresh(),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `edit` only closes over stable setters and the form
    [router],
  );

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const body = {
      title: values.title,
      description: values.description,
      conditions: values.conditions,
      discount_percent: values.discount_percent ? Number(values.discount_percent) : null,
      account_uuid: values.account_uuid || null,
      valid_from: values.valid_from,
      valid_to: values.valid_to,
      is_active: values.is_active,
    };
    try {
      if (editing) await apiFetch(`${BASE}/${editing.id}`, { method: 'PUT', json: body });
      else await apiFetch(BASE, { method: 'POST', json: body });
      setMessage({ kind: 'success', text: T.notices.saved });
      setEditing(null);
      form.reset(EMPTY);
      router.refresh();
    } catch (e) {
      setMessage({ kind: 'error', text: saveErrorText(e, FIELDS, form.setError) });
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
        caption={T.pages.offersTab}
        getRowId={(row) => String(row.id)}
        emptyText={T.notices.noOffers}
      />
      <section className={styles.card} aria-labelledby="offer-form-h">
        <h2 id="offer-form-h">{editing ? T.actions.editItem(editing.title) : T.actions.createOffer}</h2>
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextInput label={T.fields.title} error={errors.title?.message} {...form.register('title')} />
          <TextArea
            label={T.fields.description}
            rows={3}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <TextArea
            label={T.fields.conditions}
            rows={3}
            error={errors.conditions?.message}
            {...form.register('conditions')}
          />
          <div className={styles.row}>
            <TextInput
              label={T.fields.discountPercent}
              inputMode="numeric"
              error={errors.discount_percent?.message}
              {...form.register('discount_percent')}
            />
            <TextInput
              label={T.fields.accountUuid}
              hint={T.fields.accountUuidHint}
              autoComplete="off"
              spellCheck={false}
              error={errors.account_uuid?.message}
              {...form.register('account_uuid')}
            />
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
          <Checkbox label={T.fields.isActive} {...form.register('is_active')} />
          <div className={styles.actions}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {editing ? T.actions.save : T.actions.createOffer}
            </Button>
            {editing ? (
              <Button
                appearance="secondary"
                onClick={() => {
                  setEditing(null);
                  form.reset(EMPTY);
                }}
              >
                {T.actions.cancel}
              </Button>
            ) : null}
          </div>
        </form>
      </section>
    </div>
  );
}
