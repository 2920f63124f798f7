'use client';

import { HOME_TEXTS } from '@freight/domain/texts/home';
import { COMMON_TEXTS } from '@freight/domain/texts/common';

import Link from 'next/link';
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
type Errors = Partial<Record<'site_url' | 'contact' | 'consent', string>>;

/**
 * duty_iframe: a partner site asks for the embeddable widget and gets its code. A contact is
 * optional; when one is given, the personal-data consent box must be ticked (the API records it).
 */
export function WidgetRequestForm() {
  const selectId = useId();
  const consentId = useId();
  const [siteUrl, setSiteUrl] = useState('');
  const [widget, setWidget] = useState<'calculator' | 'tracking'>('calculator');
  const [contact, setContact] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (contact.trim() && !consent) {
      setErrors({ consent: COMMON_TEXTS.pdConsentRequired });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // The API validates its own answer against the schema (fastify-type-provider-zod).
      const result = await apiFetch<IframeResponse>(API_PATHS.iframe, {
        method: 'POST',
        json: { site_url: siteUrl, widget, ...(contact.trim() ? { contact, consent } : {}) },
      });
      setCode(result.code);
    } catch (e) {
      if (e instanceof ApiError) {
        const fields: Errors = { site_url: e.fields?.site_url, contact: e.fields?.contact, consent: e.fields?.consent };
        setErrors(fields);
        if (!fields.site_url && !fields.contact && !fields.consent) setFailure(e.message);
      } else {
        setFailure(String(e));
      }
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
        error={errors.site_url}
        maxLength={2048}
      />
      <div className={styles.selectField}>
        <label htmlFor={selectId}>{L.widgetKind}</label>
        <select id={selectId} value={widget} onChange={(e) => setWidget(e.target.value as 'calculator' | 'tracking')}>
          <option value="calculator">{L.widgetCalculator}</option>
          <option value="tracking">{L.widgetTracking}</option>
        </select>
      </div>
      <TextInput
        label={L.widgetContact}
        name="contact"
        autoComplete="email"
        value={contact}
        onValueChange={setContact}
        error={errors.contact}
        maxLength={320}
      />
      <div className={styles.consent}>
        <input
          id={consentId}
          type="checkbox"
          name="consent"
          checked={consent}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? `${consentId}-error` : undefined}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <label htmlFor={consentId}>
          {L.widgetConsentPrefix}{' '}
          <Link href="/docs-n-policies#consent" target="_blank">
            {L.widgetConsentLink}
          </Link>{' '}
          {L.widgetConsentSuffix}
        </label>
      </div>
      {errors.consent ? (
        <p id={`${consentId}-error`} className={styles.fieldError}>
          {errors.consent}
        </p>
      ) : null}
      {failure ? <Alert variant="error">{failure}</Alert> : null}
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
