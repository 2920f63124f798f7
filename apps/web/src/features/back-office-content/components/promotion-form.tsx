'use client';

import { z } from 'zod';
import type { AdminPromotion } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Checkbox, TextArea, TextInput } from '@/components/ui';
import { formValuesOf } from '@/lib/form/form-values';
import { ItemEditorLayout, useItemEditor } from './item-editor';
import layout from '@/components/back-office/layout.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;
const V = T.validation;

const PromotionFormSchema = z
  .object({
    title: z.string().trim().min(1, V.titleRequired).max(200, V.titleTooLong),
    slug: z.string().trim().max(120, V.slugInvalid),
    description: z.string().trim().min(1, V.descriptionRequired).max(2000, V.descriptionTooLong),
    terms: z.string().trim().min(1, V.termsRequired).max(5000, V.termsTooLong),
    promo_code: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9]{3,30})?$/, V.promoCodeInvalid),
    discount_percent: z
      .string()
      .trim()
      .regex(/^(\d{1,2})?$/, V.discountPercentRange),
    starts_on: z.string().min(1, V.dateInvalid),
    ends_on: z.string().min(1, V.dateInvalid),
    position: z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, V.positionRange),
    is_active: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.starts_on && value.ends_on && value.ends_on < value.starts_on) {
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: V.periodInvalid });
    }
  });
type PromotionFormValues = z.infer<typeof PromotionFormSchema>;
const EMPTY: PromotionFormValues = {
  title: '',
  slug: '',
  description: '',
  terms: '',
  promo_code: '',
  discount_percent: '',
  starts_on: '',
  ends_on: '',
  position: '0',
  is_active: true,
};

/** The editor of a promotion: «Создать акцию» for a new one, «Сохранить» and «Удалить» for one saved. */
export function PromotionForm({ item }: { item?: AdminPromotion }) {
  const editor = useItemEditor<AdminPromotion, PromotionFormValues>({
    item,
    endpoint: '/api/v1/back-office/promotions',
    pagePath: '/back-office/content/promotions',
    deletedPath: '/back-office/content/promotions',
    schema: PromotionFormSchema,
    defaultValues: formValuesOf(EMPTY, item),
    toBody: (values) => ({
      ...values,
      promo_code: values.promo_code || null,
      discount_percent: values.discount_percent ? Number(values.discount_percent) : null,
      position: Number(values.position),
    }),
    savedFields: (saved) => ({ promo_code: saved.promo_code ?? '' }),
  });
  const { form, field } = editor;

  return (
    <ItemEditorLayout editor={editor} createLabel={T.actions.createPromotion}>
      <TextInput label={T.fields.title} {...field('title')} />
      <TextInput
        label={T.fields.slug}
        hint={T.fields.slugHint}
        autoComplete="off"
        spellCheck={false}
        {...field('slug')}
      />
      <TextArea label={T.fields.description} rows={4} {...field('description')} />
      <TextArea label={T.fields.terms} rows={6} {...field('terms')} />
      <div className={layout.row}>
        <TextInput label={T.fields.promoCode} autoComplete="off" spellCheck={false} {...field('promo_code')} />
        <TextInput label={T.fields.discountPercent} inputMode="numeric" {...field('discount_percent')} />
        <TextInput label={T.fields.position} inputMode="numeric" {...field('position')} />
      </div>
      <div className={layout.row}>
        <TextInput label={T.fields.startsOn} type="date" {...field('starts_on')} />
        <TextInput label={T.fields.endsOn} type="date" {...field('ends_on')} />
      </div>
      <Checkbox label={T.fields.isActive} {...form.register('is_active')} />
    </ItemEditorLayout>
  );
}
