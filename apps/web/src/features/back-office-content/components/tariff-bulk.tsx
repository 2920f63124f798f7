'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import type { PricePreview } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button, TextInput } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import { inputToNumber } from '../lib/money-input';
import { PricePreviewTable } from './price-preview-table';
import layout from '@/components/back-office/layout.module.css';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;

/** A percent as the API takes it: −50…+100, two decimals at most, not zero; else null. */
function readPercent(value: string): number | null {
  const n = inputToNumber(value);
  if (n === null || n === 0 || n < -50 || n > 100 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return null;
  return n;
}

/**
 * «Изменить все тарифы на, %»: «Показать изменение цен» prices the sample shipments before and
 * after (nothing saved); «Сохранить изменение» saves exactly the change that was shown.
 */
export function TariffBulk() {
  const router = useRouter();
  const headingId = useId();
  const [value, setValue] = useState('');
  const [shown, setShown] = useState<{ percent: number; preview: PricePreview } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const percent = readPercent(value);

  async function preview() {
    setDone(null);
    if (percent === null) {
      setError(T.validation.percentChangeRange);
      return;
    }
    setBusy('preview');
    setError(null);
    try {
      const result = await apiFetch<PricePreview>('/api/v1/back-office/tariffs/preview', {
        method: 'POST',
        json: { percent_change: percent },
      });
      setShown({ percent, preview: result });
    } catch (e) {
      setShown(null);
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    if (!shown) return;
    setBusy('save');
    setError(null);
    try {
      const result = await apiFetch<{ updated: number }>('/api/v1/back-office/tariffs/bulk', {
        method: 'POST',
        json: { percent_change: shown.percent },
      });
      setDone(T.notices.bulkSaved(result.updated));
      setShown(null);
      setValue('');
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={layout.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{T.pages.bulkTitle}</h2>
      <div className={styles.toolbar}>
        <TextInput
          label={T.fields.percentChange}
          inputMode="decimal"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setShown(null);
          }}
          error={error ?? undefined}
        />
        <Button appearance="secondary" loading={busy === 'preview'} onClick={() => void preview()}>
          {T.actions.showPreview}
        </Button>
        <Button
          loading={busy === 'save'}
          disabled={!shown || shown.percent !== percent || busy !== null}
          onClick={() => void save()}
        >
          {T.actions.saveChange}
        </Button>
      </div>
      {done ? <Alert variant="success">{done}</Alert> : null}
      {shown ? (
        <>
          <p className={layout.muted}>{T.notices.previewLead}</p>
          <PricePreviewTable preview={shown.preview} caption={T.pages.previewCaption} />
        </>
      ) : null}
    </section>
  );
}
