'use client';

import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { NEWS_KINDS, type AdminNews } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Checkbox, Select, TextArea, TextInput } from '@/components/ui';
import { formValuesOf } from '@/lib/form/form-values';
import { fromMoscowInput, toMoscowInput } from '../lib/moscow-time';
import { ItemEditorLayout, useItemEditor } from './item-editor';
import layout from '@/components/back-office/layout.module.css';
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
const EMPTY: NewsFormValues = {
  title: '',
  slug: '',
  kind: 'news',
  summary: '',
  body: '',
  published_at: '',
  event_date: '',
  event_place: '',
  to_main_page: false,
  is_published: true,
};

/**
 * The editor of a news item or event: «Создать новость» for a new one (then its page opens),
 * «Сохранить» and «Удалить» for an existing one. Times are Moscow time; an empty slug is made
 * from the title by the server; a published item is on the public /news at once.
 */
export function NewsForm({ item }: { item?: AdminNews }) {
  const editor = useItemEditor<AdminNews, NewsFormValues>({
    item,
    endpoint: '/api/v1/back-office/news',
    pagePath: '/back-office/content/news',
    deletedPath: '/back-office/content',
    schema: NewsFormSchema,
    defaultValues: { ...formValuesOf(EMPTY, item), published_at: toMoscowInput(item?.published_at) },
    toBody: ({ published_at, ...values }) => {
      const event = values.kind === 'event';
      return {
        ...values,
        ...(fromMoscowInput(published_at) ? { published_at: fromMoscowInput(published_at) } : {}),
        event_date: event ? values.event_date || null : null,
        event_place: event ? values.event_place || null : null,
      };
    },
    savedFields: (saved) => ({ published_at: toMoscowInput(saved.published_at) }),
  });
  const { form, field } = editor;
  const kind = useWatch({ control: form.control, name: 'kind' });

  return (
    <ItemEditorLayout editor={editor} createLabel={T.actions.createNews}>
      <TextInput label={T.fields.title} {...field('title')} />
      <div className={layout.row}>
        <TextInput
          label={T.fields.slug}
          hint={T.fields.slugHint}
          autoComplete="off"
          spellCheck={false}
          {...field('slug')}
        />
        <Select label={T.fields.kind} options={KIND_OPTIONS} {...form.register('kind')} />
        <TextInput
          label={T.fields.publishedAt}
          type="datetime-local"
          hint={T.fields.publishedAtHint}
          {...field('published_at')}
        />
      </div>
      {kind === 'event' ? (
        <div className={layout.row}>
          <TextInput label={T.fields.eventDate} type="date" {...field('event_date')} />
          <TextInput label={T.fields.eventPlace} {...field('event_place')} />
        </div>
      ) : null}
      <TextArea label={T.fields.summary} rows={3} {...field('summary')} />
      <TextArea label={T.fields.body} rows={12} aria-describedby="news-body-hint" {...field('body')} />
      <p id="news-body-hint" className={layout.muted}>
        {T.fields.bodyHint}
      </p>
      <div className={styles.checks}>
        <Checkbox label={T.fields.isPublished} {...form.register('is_published')} />
        <Checkbox label={T.fields.toMainPage} {...form.register('to_main_page')} />
      </div>
    </ItemEditorLayout>
  );
}
