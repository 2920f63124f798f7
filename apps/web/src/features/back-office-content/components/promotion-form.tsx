'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AdminPromotion } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button, Checkbox, TextArea, TextInput } from '@/components/ui';
import { apiFetch } from '@/lib/api/client';
import { saveErrorText } from '../lib/form-errors';
import { DeleteButton } from './delete-button';
import { ImageField } from './image-field';
import styles from './content.module.css';

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
const FIELDS = Object.keys(PromotionFormSchema.shape);

const BASE = '/api/v1/back-office/promotions';

/** The editor of a promotion: «Создать акцию» for a new one, «Сохранить» and «Удалить» for one saved. */
export function PromotionForm({ item }: { item?: AdminPromotion }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [imageUrl, setImageUrl] = useState(item?.image_url ?? null);
  const [pendingImage, setPendingImage] = useState<File | null>(null);
  const form = useForm<PromotionFormValues>({
    resolver: zodResolver(PromotionFormSchema),
    defaultValues: {
      title: item?.title ?? '',
      slug: item?.slug ?? '',
      description: item?.description ?? '',
      terms: item?.terms ?? '',
      promo_code: item?.promo_code ?? '',
      discount_percent: item?.discount_percent === null || !item ? '' : String(item.discount_percent),
      starts_on: item?.starts_on ?? '',
      ends_on: item?.ends_on ?? '',
      position: String(item?.position ?? 0),
      is_active: item?.is_active ?? true,
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const body = {
      title: values.title,
      ...(values.slug ? { slug: values.slug } : {}),
      description: values.description,
      terms: values.terms,
      promo_code: values.promo_code || null,
      discount_percent: values.discount_percent ? Number(values.discount_percent) : null,
      starts_on: values.starts_on,
      ends_on: values.ends_on,
      position: Number(values.position),
      is_active: values.is_active,
    };
    try {
      if (item) {
        const saved = await apiFetch<AdminPromotion>(`${BASE}/${item.id}`, { method: 'PUT', json: body });
        form.reset({ ...values, slug: saved.slug, promo_code: saved.promo_code ?? '' });
        setMessage({ kind: 'success', text: T.notices.saved });
        router.refresh();
        return;
      }
      const created = await apiFetch<AdminPromotion>(BASE, { method: 'POST', json: body });
      if (pendingImage) {
        const data = new FormData();
        data.append('image', pendingImage, pendingImage.name);
        await apiFetch(`${BASE}/${created.id}/image`, { method: 'PUT', body: data }).catch(() => undefined);
      }
      router.push(`/back-office/content/promotions/${created.id}`);
    } catch (e) {
      setMessage({ kind: 'error', text: saveErrorText(e, FIELDS, form.setError) });
    }
  });

  return (
    <div className={styles.stack}>
      {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextInput label={T.fields.title} error={errors.title?.message} {...form.register('title')} />
        <TextInput
          label={T.fields.slug}
          hint={T.fields.slugHint}
          autoComplete="off"
          spellCheck={false}
          error={errors.slug?.message}
          {...form.register('slug')}
        />
        <TextArea
          label={T.fields.description}
          rows={4}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <TextArea label={T.fields.terms} rows={6} error={errors.terms?.message} {...form.register('terms')} />
        <div className={styles.row}>
          <TextInput
            label={T.fields.promoCode}
            autoComplete="off"
            spellCheck={false}
            error={errors.promo_code?.message}
            {...form.register('promo_code')}
          />
          <TextInput
            label={T.fields.discountPercent}
            inputMode="numeric"
            error={errors.discount_percent?.message}
            {...form.register('discount_percent')}
          />
          <TextInput
            label={T.fields.position}
            inputMode="numeric"
            error={errors.position?.message}
            {...form.register('position')}
          />
        </div>
        <div className={styles.row}>
          <TextInput
            label={T.fields.startsOn}
            type="date"
            error={errors.starts_on?.message}
            {...form.register('starts_on')}
          />
          <TextInput
            label={T.fields.endsOn}
            type="date"
            error={errors.ends_on?.message}
            {...form.register('ends_on')}
          />
        </div>
        <Checkbox label={T.fields.isActive} {...form.register('is_active')} />
        <ImageField
          {...(item ? { endpoint: `${BASE}/${item.id}/image` } : {})}
          imageUrl={imageUrl}
          title={form.getValues('title')}
          onChanged={(url) => {
            setImageUrl(url);
            setMessage({ kind: 'success', text: url ? T.notices.imageSaved : T.notices.imageRemoved });
            router.refresh();
          }}
          onPick={setPendingImage}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {item ? T.actions.save : T.actions.createPromotion}
          </Button>
          {item ? (
            <DeleteButton
              endpoint={`${BASE}/${item.id}`}
              onDeleted={() => router.push('/back-office/content/promotions')}
              onError={(text) => setMessage({ kind: 'error', text })}
            />
          ) : null}
        </div>
      </form>
    </div>
  );
}
