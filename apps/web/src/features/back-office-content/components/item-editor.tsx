'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button } from '@/components/ui';
import { apiFetch } from '@/lib/api/client';
import { fieldBinder, saveErrorText } from '@/lib/form/api-field-errors';
import { DeleteButton } from './delete-button';
import { ImageField } from './image-field';
import type { Notice } from './row-columns';
import type { FormSchema } from './row-editor';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;

/** A saved item with an address of its own and an illustration (a news item, a promotion). */
interface IllustratedItem {
  id: number;
  slug: string;
  image_url: string | null;
}

/** The fields every such form has: the title and the address (empty: made from the title by the server). */
interface ItemFields extends FieldValues {
  title: string;
  slug: string;
}

export interface ItemEditorOptions<Item extends IllustratedItem, Values extends ItemFields> {
  /** The saved item, or undefined for a new one. */
  item: Item | undefined;
  /** The list's address in the API: POST creates, `${endpoint}/${id}` saves (PUT) and deletes. */
  endpoint: string;
  /** The back-office path of the items' pages: a created item's page is `${pagePath}/${id}`. */
  pagePath: string;
  /** Where «Удалить» leads once done. */
  deletedPath: string;
  /** The form's schema; the API's refusals are put on its fields of the same names. */
  schema: FormSchema<Values>;
  defaultValues: Values;
  /** The API body of the form's values but the slug (sent only when one is typed). */
  toBody: (values: Omit<Values, 'slug'>) => object;
  /** The form's fields that a save changes beyond the slug (what the server made of them). */
  savedFields?: (saved: Item) => Partial<Values>;
}

/**
 * The editor of one illustrated item: «Сохранить» (PUT) keeps the page and shows «Сохранено»; a new
 * item is created (POST), then the picture chosen for it is sent, then its page opens. The page
 * keeps the editor mounted through the refresh after a save or a new picture (which brings a new
 * `item`), so the notice stays; the server's picture replaces the shown one.
 */
export function useItemEditor<Item extends IllustratedItem, Values extends ItemFields>(
  options: ItemEditorOptions<Item, Values>,
) {
  const { item, endpoint, pagePath, schema, defaultValues, toBody, savedFields } = options;
  const router = useRouter();
  const [message, setMessage] = useState<Notice | null>(null);
  const [imageUrl, setImageUrl] = useState(item?.image_url ?? null);
  // What the server says the picture is wins after a refresh.
  const [seenImageUrl, setSeenImageUrl] = useState(item?.image_url ?? null);
  if ((item?.image_url ?? null) !== seenImageUrl) {
    setSeenImageUrl(item?.image_url ?? null);
    setImageUrl(item?.image_url ?? null);
  }
  const [pendingImage, setPendingImage] = useState<File | null>(null);
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<Values>,
  });

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const { slug, ...rest } = values;
    const body = { ...toBody(rest), ...(slug ? { slug } : {}) };
    try {
      if (item) {
        const saved = await apiFetch<Item>(`${endpoint}/${item.id}`, { method: 'PUT', json: body });
        form.reset({ ...values, slug: saved.slug, ...savedFields?.(saved) });
        setMessage({ kind: 'success', text: T.notices.saved });
        router.refresh();
        return;
      }
      const created = await apiFetch<Item>(endpoint, { method: 'POST', json: body });
      if (pendingImage) {
        const data = new FormData();
        data.append('image', pendingImage, pendingImage.name);
        await apiFetch(`${endpoint}/${created.id}/image`, { method: 'PUT', body: data }).catch(() => undefined);
      }
      router.push(`${pagePath}/${created.id}`);
    } catch (e) {
      setMessage({ kind: 'error', text: saveErrorText(e, Object.keys(schema.shape), form.setError) });
    }
  });

  return {
    options,
    router,
    form,
    field: fieldBinder(form),
    message,
    setMessage,
    imageUrl,
    setImageUrl,
    setPendingImage,
    submit,
  };
}

/**
 * The page of an item's editor: the notice, the form with its fields, «Иллюстрация», and
 * «Сохранить» and «Удалить» (or `createLabel` for a new item).
 */
export function ItemEditorLayout<Item extends IllustratedItem, Values extends ItemFields>({
  editor,
  createLabel,
  children,
}: {
  editor: ReturnType<typeof useItemEditor<Item, Values>>;
  createLabel: string;
  /** The form's fields. */
  children: ReactNode;
}) {
  const { options, router, form, message, setMessage } = editor;
  const { item, endpoint } = options;
  return (
    <div className={styles.stack}>
      {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
      <form className={styles.form} onSubmit={editor.submit} noValidate>
        {children}
        <ImageField
          {...(item ? { endpoint: `${endpoint}/${item.id}/image` } : {})}
          imageUrl={editor.imageUrl}
          title={String(form.getValues('title' as Path<Values>))}
          onChanged={(url) => {
            editor.setImageUrl(url);
            setMessage({ kind: 'success', text: url ? T.notices.imageSaved : T.notices.imageRemoved });
            router.refresh();
          }}
          onPick={editor.setPendingImage}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {item ? T.actions.save : createLabel}
          </Button>
          {item ? (
            <DeleteButton
              endpoint={`${endpoint}/${item.id}`}
              onDeleted={() => router.push(options.deletedPath)}
              onError={(text) => setMessage({ kind: 'error', text })}
            />
          ) : null}
        </div>
      </form>
    </div>
  );
}
