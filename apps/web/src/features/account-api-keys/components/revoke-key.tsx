'use client';

import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert, Button } from '@/components/ui';
import { LazyModal, preloadModal } from '@/components/ui/lazy-modal';
import { apiKeysApi, errorMessage } from '../api/api-keys-api';
import styles from './api-keys.module.css';

const S = API_KEYS_TEXTS.screen;

/** «Отозвать» a key, after a dialog that says it stops working at once and for good. */
export function RevokeKey({ id, name, onDone }: { id: string; name: string; onDone?: (text: string) => void }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiKeysApi.revoke(id);
      setOpen(false);
      onDone?.(S.revokedNotice(name));
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        appearance="dangerous"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        onPointerEnter={preloadModal}
        onFocus={preloadModal}
        aria-label={`${S.revoke}: ${name}`}
      >
        {S.revoke}
      </Button>
      <LazyModal
        open={open}
        onOpenChange={setOpen}
        title={S.revokeTitle}
        description={S.revokeText(name)}
        maxWidth={480}
        footer={
          <div className={styles.modalActions}>
            <Button appearance="secondary" onClick={() => setOpen(false)}>
              {S.keep}
            </Button>
            <Button appearance="dangerous" loading={busy} onClick={() => void confirm()}>
              {S.revokeConfirm}
            </Button>
          </div>
        }
      >
        {error ? <Alert variant="error">{error}</Alert> : null}
      </LazyModal>
    </>
  );
}
