'use client';

import { z } from 'zod';
import type { AdminOffer } from '@freight/contracts/back-office-content';
import { formatDate } from '@freight/domain/dates';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Checkbox, TextArea, TextInput } from '@/components/ui';
import type { DataTableColumn } from '@/components/ui/data-table';
import { RowEditorLayout, useRowEditor, type RowPage } from './row-editor';
import layout from '@/components/back-office/layout.module.css';
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

export type OfferPage = RowPage<AdminOffer>;

const COLUMNS: DataTableColumn<AdminOffer>[] = [
  { id: 'title', header: T.fields.title, cell: ({ row }) => row.original.title },
  {
    id: 'client',
    header: T.fields.client,
    cell: ({ row }) => row.original.profile_name ?? <span className={layout.muted}>{T.notices.forEveryone}</span>,
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
];

/** Offers to clients (to everyone or to one profile): the table, and a form to add or edit one. */
export function OffersManager({ data }: { data: OfferPage }) {
  const editor = useRowEditor<AdminOffer, OfferFormValues>({
    endpoint: BASE,
    schema: OfferFormSchema,
    empty: EMPTY,
    toBody: (values) => ({
      ...values,
      discount_percent: values.discount_percent ? Number(values.discount_percent) : null,
      account_uuid: values.account_uuid || null,
    }),
    name: (offer) => offer.title,
  });
  const { field } = editor;

  return (
    <RowEditorLayout
      editor={editor}
      columns={COLUMNS}
      rows={data}
      caption={T.pages.offersTab}
      emptyText={T.notices.noOffers}
      createLabel={T.actions.createOffer}
    >
      <TextInput label={T.fields.title} {...field('title')} />
      <TextArea label={T.fields.description} rows={3} {...field('description')} />
      <TextArea label={T.fields.conditions} rows={3} {...field('conditions')} />
      <div className={layout.row}>
        <TextInput label={T.fields.discountPercent} inputMode="numeric" {...field('discount_percent')} />
        <TextInput
          label={T.fields.accountUuid}
          hint={T.fields.accountUuidHint}
          autoComplete="off"
          spellCheck={false}
          {...field('account_uuid')}
        />
      </div>
      <div className={layout.row}>
        <TextInput label={T.fields.validFrom} type="date" {...field('valid_from')} />
        <TextInput label={T.fields.validTo} type="date" {...field('valid_to')} />
      </div>
      <Checkbox label={T.fields.isActive} {...editor.form.register('is_active')} />
    </RowEditorLayout>
  );
}
