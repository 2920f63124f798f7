'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { NEWS_KINDS, type AdminNews } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button, Checkbox, Select, TextArea, TextInput } from '@/components/ui';
import { apiFetch } from '@/lib/api/client';
import { saveErrorText } from '../lib/form-errors';
import { fromMoscowInput, toMoscowInput } from '../lib/moscow-time';
import { DeleteButton } from './delete-button';
import { ImageField } from './image-field';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;
const V = T.validation;
const KIND_OPTIONS = NEWS_KINDS.map((kind) => ({ value: kind, label: T.newsKinds[kind] }));

const NewsFormSchema = z
  .object({
    title: z.string().trim().min(1, V.titleRequired).max(200, V.titleTooLong),
    slug: z.string().trim().max(120, V.slugInvalid),
    kind: z.enum(NEWS_KINDS),
    summary: z.string().trim().min(1, V.summaryRequired).max(500, V.summaryTooLong),
    body: z.string().trim().min(1, V.bodyRequired).max(20_000, V.bodyTooLong),
    published_at: z.string(),
    event_date: z.string(),
    event_place: z.string().trim().max(200, V.placeTooLong),
    to_main_page: z.boolean(),
    is_published: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'event' && !value.event_date) {
      ctx.addIssue({ code: 'custom', path: ['event_date'], message: V.eventDateRequired });
    }
  });
type NewsFormValues = z.infer<typeof NewsFormSchema>;
const FIELDS = Object.keys(NewsFormSchema.shape);

const BASE = '/api/v1/back-office/news';

/**
 * The editor of a news item or event: «Создать новость» for a new one (then its page opens),
 * «Сохранить» and «Удалить» for an existing one. Times are Moscow time; an empty slug is made
 * from the title by the server; a published item is on the public /news at once.
 */
export function NewsForm({ item }: { item?: AdminNews }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [imageUrl, setImageUrl] = useState(item?.image_url ?? null);
  const [pendingImage, setPendingImage] = useState<File | null>(null);
  const form = useForm<NewsFormValues>({
    resolver: zodResolver(NewsFormSchema),
    defaultValues: {
      title: item?.title ?? '',
      slug: item?.slug ?? '',
      kind: item?.kind ?? 'news',
      summary: item?.summary ?? '',
      body: item?.body ?? '',
      published_at: toMoscowInput(item?.published_at),
      event_date: item?.event_date ?? '',
      event_place: item?.event_place ?? '',
      to_main_page: item?.to_main_page ?? false,
      is_published: item?.is_published ?? true,
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const event = values.kind === 'event';
    const body = {
      title: values.title,
      ...(values.slug ? { slug: values.slug } : {}),
      kind: values.kind,
      summary: values.summary,
      body: values.body,
      ...(fromMoscowInput(values.published_at) ? { published_at: fromMoscowInput(values.published_at) } : {}),
      event_date: event ? values.event_date || null : null,
      event_place: event ? values.event_place || null : null,
      to_main_page: values.to_main_page,
      is_published: values.is_published,
    };
    try {
      if (item) {
        const saved = await apiFetch<AdminNews>(`${BASE}/${item.id}`, { method: 'PUT', json: body });
        form.reset({ ...values, slug: saved.slug, published_at: toMoscowInput(saved.published_at) });
        setMessage({ kind: 'success', text: T.notices.saved });
        router.refresh();
        return;
      }
      const created = await apiFetch<AdminNews>(BASE, { method: 'POST', json: body });
      if (pendingImage) {
        const data = new FormData();
        data.append('image', pendingImage, pendingImage.name);
        await apiFetch(`${BASE}/${created.id}/image`, { method: 'PUT', body: data }).catch(() => undefined);
      }
      router.push(`/back-office/content/news/${created.id}`);
    } catch (e) {
      setMessage({ kind: 'error', text: saveErrorText(e, FIELDS, form.setError) });
    }
  });

  return (
    <div className={styles.stack}>
      {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextInput label={T.fields.title} error={errors.title?.message} {...form.register('title')} />
        <div className={styles.row}>
          <TextInput
            label={T.fields.slug}
            hint={T.fields.slugHint}
            autoComplete="off"
            spellCheck={false}
            error={errors.slug?.message}
            {...form.register('slug')}
          />
          <Select label={T.fields.kind} options={KIND_OPTIONS} {...form.register('kind')} />
          <TextInput
            label={T.fields.publishedAt}
            type="datetime-local"
            hint={T.fields.publishedAtHint}
            error={errors.published_at?.message}
            {...form.register('published_at')}
          />
        </div>
        {kind === 'event' ? (
          <div className={styles.row}>
            <TextInput
              label={T.fields.eventDate}
              type="date"
              error={errors.event_date?.message}
              {...form.register('event_date')}
            />
            <TextInput
              label={T.fields.eventPlace}
              error={errors.event_place?.message}
              {...form.register('event_place')}
            />
          </div>
        ) : null}
        <TextArea label={T.fields.summary} rows={3} error={errors.summary?.message} {...form.register('summary')} />
        <TextArea
          label={T.fields.body}
          rows={12}
          aria-describedby="news-body-hint"
          error={errors.body?.message}
          {...form.register('body')}
        />
        <p id="news-body-hint" className={styles.muted}>
          {T.fields.bodyHint}
        </p>
        <div className={styles.checks}>
          <Checkbox label={T.fields.isPublished} {...form.register('is_published')} />
          <Checkbox label={T.fields.toMainPage} {...form.register('to_main_page')} />
        </div>
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
            {item ? T.actions.save : T.actions.createNews}
          </Button>
          {item ? (
            <DeleteButton
              endpoint={`${BASE}/${item.id}`}
              onDeleted={() => router.push('/back-office/content')}
              onError={(text) => setMessage({ kind: 'error', text })}
            />
          ) : null}
        </div>
      </form>
    </div>
  );
}
