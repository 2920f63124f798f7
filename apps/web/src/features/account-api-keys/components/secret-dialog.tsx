'use client';

import type { CreatedApiKey } from '@freight/contracts/api-keys';
import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { useRef, useState } from 'react';
import { Alert, Button } from '@/components/ui';
import { LazyModal } from '@/components/ui/lazy-modal';
import styles from './api-keys.module.css';

const S = API_KEYS_TEXTS.screen;

/**
 * The secret of a key just made, shown this one time: the API keeps only its hash. «Скопировать»
 * puts it on the clipboard; where the browser refuses, the text is selected for a manual copy.
 */
export function SecretDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const field = useRef<HTMLInputElement>(null);
  // A new key starts with a fresh «Скопировать».
  const [shown, setShown] = useState<string | null>(null);
  if ((created?.key.id ?? null) !== shown) {
    setShown(created?.key.id ?? null);
    setCopy('idle');
  }

  const copySecret = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
      field.current?.select();
    }
  };

  return (
    <LazyModal
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={S.secretTitle}
      maxWidth={560}
      footer={
        <div className={styles.modalActions}>
          <Button onClick={onClose}>{S.secretDone}</Button>
        </div>
      }
    >
      {created ? (
        <div className={styles.stack}>
          <Alert variant="warning">{S.secretWarning}</Alert>
          <label className={styles.secretLabel} htmlFor="api-key-secret">
            {S.secretLabel(created.key.name)}
          </label>
          <div className={styles.secretRow}>
            <input
              ref={field}
              id="api-key-secret"
              className={styles.secret}
              value={created.secret}
              readOnly
              spellCheck={false}
              autoComplete="off"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button appearance="secondary" onClick={() => void copySecret()}>
              {copy === 'copied' ? S.copied : S.copy}
            </Button>
          </div>
          <p className={styles.copyStatus} role="status">
            {copy === 'copied' ? S.copied : copy === 'failed' ? S.copyFailed : ''}
          </p>
        </div>
      ) : null}
    </LazyModal>
  );
}
