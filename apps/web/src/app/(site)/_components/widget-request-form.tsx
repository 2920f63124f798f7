'use client';

import { HOME_TEXTS } from '@freight/domain/texts/home';

import { useId, useState, type FormEvent } from 'react';
// Deep, type-only imports: zod and the schemas stay out of the home page's bundle.
import { API_PATHS } from '@freight/contracts/paths';
import type { IframeResponseSchema } from '@freight/contracts/locations';
import type { z } from 'zod';
import { Alert, Button, TextInput } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import styles from './home.module.css';

const L = HOME_TEXTS;

type IframeResponse = z.infer<typeof IframeResponseSchema>;

/** duty_iframe: a partner site asks for the embeddable widget and gets its code. */
export function WidgetRequestForm() {
  const selectId = useId();
  const [siteUrl, setSiteUrl] = useState('');
  const [widget, setWidget] = useState<'calculator' | 'tracking'>('calculator');
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The API validates its own answer against the schema (fastify-type-provider-zod).
      const result = await apiFetch<IframeResponse>(API_PATHS.iframe, {
        method: 'POST',
        json: { site_url: siteUrl, widget },
      });
      setCode(result.code);
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields?.site_url ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.widgetForm} onSubmit={onSubmit} noValidate>
      <TextInput
        label={L.widgetUrl}
        type="url"
        placeholder="https://"
        value={siteUrl}
        onValueChange={setSiteUrl}
        error={error ?? undefined}
        maxLength={2048}
      />
      <div className={styles.selectField}>
        <label htmlFor={selectId}>{L.widgetKind}</label>
        <select id={selectId} value={widget} onChange={(e) => setWidget(e.target.value as 'calculator' | 'tracking')}>
          <option value="calculator">{L.widgetCalculator}</option>
          <option value="tracking">{L.widgetTracking}</option>
        </select>
      </div>
      <Button type="submit" loading={busy}>
        {L.widgetSubmit}
      </Button>
      {code && (
        <Alert variant="success">
          {L.widgetDone}
          <pre className={styles.code}>{code}</pre>
        </Alert>
      )}
    </form>
  );
}
