'use client';

import { useId, useState, type ChangeEvent } from 'react';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button, Spinner } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import layout from '@/components/back-office/layout.module.css';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;

/** Formats the server takes (it decides by the content; this only narrows the file dialog). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

export interface ImageFieldProps {
  /** PUT/DELETE address of the item's illustration; absent for an item not saved yet. */
  endpoint?: string;
  /** The current illustration (a same-site path) or null. */
  imageUrl: string | null;
  /** Alternative text of the preview: the item's title. */
  title: string;
  /** A saved item: the illustration changed on the server. */
  onChanged?: (imageUrl: string | null) => void;
  /** An unsaved item: the file chosen, sent once the item exists. */
  onPick?: (file: File | null) => void;
}

/**
 * «Иллюстрация»: the current picture, a file input and «Удалить иллюстрацию». For a saved item
 * the file is sent at once (multipart, one file); the server checks it by content and answers
 * in Russian. For a new item the file waits for the item to be created.
 */
export function ImageField({ endpoint, imageUrl, title, onChanged, onPick }: ImageFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  async function send(file: File) {
    if (!endpoint) return;
    const body = new FormData();
    body.append('image', file, file.name);
    setBusy(true);
    setError(null);
    try {
      const saved = await apiFetch<{ image_url: string | null }>(endpoint, { method: 'PUT', body });
      onChanged?.(saved.image_url);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!endpoint) return;
    setBusy(true);
    setError(null);
    try {
      await apiFetch(endpoint, { method: 'DELETE' });
      onChanged?.(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    if (endpoint) void send(file);
    else {
      setPending(file.name);
      onPick?.(file);
    }
  }

  return (
    <div className={styles.image}>
      <label htmlFor={inputId} className={styles.fileLabel}>
        {T.fields.image}
      </label>
      {imageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- a same-site upload of unknown size, served as is
        <img src={imageUrl} alt={T.notices.imageAlt(title)} data-testid="content-image" />
      ) : (
        <p className={layout.muted}>{T.notices.noImageYet}</p>
      )}
      <input id={inputId} type="file" accept={ACCEPT} aria-describedby={hintId} disabled={busy} onChange={pick} />
      <p id={hintId} className={layout.muted}>
        {T.fields.imageHint}
      </p>
      {pending ? <p className={layout.muted}>{T.notices.imagePending(pending)}</p> : null}
      {busy ? <Spinner /> : null}
      {imageUrl && endpoint ? (
        <Button appearance="secondary" onClick={() => void remove()} disabled={busy}>
          {T.actions.removeImage}
        </Button>
      ) : null}
      {error ? <Alert variant="error">{error}</Alert> : null}
    </div>
  );
}
