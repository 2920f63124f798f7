'use client';

import { HOME_CLIENT_TEXTS } from '@freight/domain/texts/home-client';
import { COMMON_TEXTS } from '@freight/domain/texts/common';

import { useState, type FormEvent } from 'react';
// Deep, type-only imports: zod and the schemas stay out of the home page's bundle.
import { SHELL_PATHS } from '@freight/contracts/shell-paths';
import type { IframeResponseSchema } from '@freight/contracts/locations';
import type { z } from 'zod';
import { ConsentCheckbox } from '@/components/consent/consent-checkbox';
import { Alert, Button, TextInput } from '@/components/ui';
import { Select } from '@/components/ui/select';
import { ApiError, apiFetch } from '@/lib/api/client';
import styles from './home.module.css';

const L = HOME_CLIENT_TEXTS;

type IframeResponse = z.infer<typeof IframeResponseSchema>;
type Errors = Partial<Record<'site_url' | 'contact' | 'consent', string>>;

/**
 * duty_iframe: a partner site asks for the embeddable widget and gets its code. A contact is
 * optional; when one is given, the personal-data consent box must be ticked (the API records it).
 */
export function WidgetRequestForm() {
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
      const result = await apiFetch<IframeResponse>(SHELL_PATHS.iframe, {
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
      <Select
        label={L.widgetKind}
        value={widget}
        options={[
          { value: 'calculator', label: L.widgetCalculator },
          { value: 'tracking', label: L.widgetTracking },
        ]}
        onValueChange={(value) => setWidget(value === 'tracking' ? 'tracking' : 'calculator')}
      />
      <TextInput
        label={L.widgetContact}
        name="contact"
        autoComplete="email"
        value={contact}
        onValueChange={setContact}
        error={errors.contact}
        maxLength={320}
      />
      <ConsentCheckbox
        checked={consent}
        onCheckedChange={setConsent}
        error={errors.consent}
        suffix={L.widgetConsentSuffix}
      />
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
