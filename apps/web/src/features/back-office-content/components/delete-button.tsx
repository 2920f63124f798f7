'use client';

import { useState } from 'react';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Button } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import styles from './content.module.css';

const A = BACK_OFFICE_CONTENT_TEXTS.actions;

/**
 * «Удалить» with a second step: «Удалить безвозвратно?» and «Да, удалить» / «Отмена», so a slip
 * of the mouse deletes nothing. `label` names the item for screen readers in a list.
 */
export function DeleteButton({
  endpoint,
  label,
  onDeleted,
  onError,
}: {
  endpoint: string;
  label?: string;
  onDeleted: () => void;
  onError: (message: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await apiFetch(endpoint, { method: 'DELETE' });
      setAsking(false);
      onDeleted();
    } catch (e) {
      onError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  if (!asking) {
    return (
      <Button appearance="dangerous" aria-label={label} onClick={() => setAsking(true)}>
        {A.delete}
      </Button>
    );
  }
  return (
    <span className={styles.actions} role="group" aria-label={A.confirmDelete}>
      <span>{A.confirmDelete}</span>
      <Button appearance="dangerous" loading={busy} onClick={() => void remove()}>
        {A.confirmDeleteYes}
      </Button>
      <Button appearance="secondary" onClick={() => setAsking(false)}>
        {A.cancel}
      </Button>
    </span>
  );
}
