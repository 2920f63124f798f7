'use client';

import { SHELL_TEXTS } from '@freight/domain/texts/shell';

import Link from 'next/link';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { API_PATHS } from '@freight/contracts/paths';
import { SUPPORT_WIDGET_DELAY_MS } from '@freight/domain/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LazyModal, preloadModal } from '@/components/ui/lazy-modal';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { BRAND } from '@/config/brand';
import { ApiError, apiFetch } from '@/lib/api/client';
import styles from './support-widget.module.css';

const L = SHELL_TEXTS.support;
const FEEDBACK_HASH = '#feedback';

interface FormState {
  name: string;
  contact: string;
  message: string;
  consent: boolean;
}
const EMPTY: FormState = { name: '', contact: '', message: '', consent: false };

/**
 * Support chat widget: hidden at first, the button appears SUPPORT_WIDGET_DELAY_MS after load.
 * It offers messenger links and a message form that goes to user/feedback; the footer's
 * «Обратная связь» anchor (#feedback) opens it too. An external chat script can be switched
 * on with SUPPORT_CHAT_SCRIPT_URL; it loads only after the same delay, with the page's nonce.
 */
export function SupportWidget({ scriptUrl, nonce }: { scriptUrl?: string | undefined; nonce?: string | undefined }) {
  const [visible, setVisible] = useState(false);
  const [open, setOpen] = useState(false);
  // The draft lives here, outside the dialog, so closing and reopening never loses what was typed.
  const [form, setForm] = useState<FormState>(EMPTY);

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SUPPORT_WIDGET_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!visible || !scriptUrl) return;
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    if (nonce) script.nonce = nonce;
    document.body.appendChild(script);
    return () => script.remove();
  }, [visible, scriptUrl, nonce]);

  useEffect(() => {
    const openFromHash = () => {
      if (window.location.hash === FEEDBACK_HASH) {
        setVisible(true);
        setOpen(true);
      }
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, []);

  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    if (!next && window.location.hash === FEEDBACK_HASH) {
      history.replaceState(null, '', window.location.pathname + window.location.search);
    }
  }, []);

  return (
    <>
      {visible && (
        <button
          type="button"
          className={styles.launcher}
          onClick={() => setOpen(true)}
          onPointerEnter={preloadModal}
          onFocus={preloadModal}
          aria-haspopup="dialog"
          data-testid="support-widget"
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z"
              fill="currentColor"
            />
          </svg>
          <span>{L.open}</span>
        </button>
      )}
      <LazyModal open={open} onOpenChange={onOpenChange} title={L.title} description={L.intro} maxWidth={480}>
        <SupportPanel form={form} setForm={setForm} />
      </LazyModal>
    </>
  );
}

function SupportPanel({
  form,
  setForm,
}: {
  form: FormState;
  setForm: React.Dispatch<React.SetStateAction<FormState>>;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const consentId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    setErrors({});
    try {
      await apiFetch(API_PATHS.feedback, {
        method: 'POST',
        json: { ...form, name: form.name || undefined, channel: 'support_widget' },
      });
      setSent(true);
      setForm(EMPTY);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fields);
        setFailure(error.message);
      } else {
        setFailure(String(error));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.panel}>
      <ul className={styles.messengers}>
        {BRAND.messengers.map((m) => (
          <li key={m.id}>
            <a href={m.url} target="_blank" rel="noopener noreferrer" className={styles.messenger}>
              {m.name}
            </a>
          </li>
        ))}
        <li>
          <a href={`tel:${BRAND.phone.tel}`} className={styles.messenger}>
            {BRAND.phone.display}
          </a>
        </li>
      </ul>

      {sent ? (
        <div className={styles.sent}>
          <Alert variant="success">{L.sent}</Alert>
          <Button appearance="secondary" onClick={() => setSent(false)}>
            {L.sendAnother}
          </Button>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate aria-label={L.formTitle}>
          <h3 className={styles.formTitle}>{L.formTitle}</h3>
          {failure && <Alert variant="error">{failure}</Alert>}
          <TextInput
            label={L.name}
            name="name"
            autoComplete="name"
            value={form.name}
            maxLength={100}
            onValueChange={(name) => setForm((f) => ({ ...f, name }))}
            invalid={Boolean(errors.name)}
            error={errors.name}
          />
          <TextInput
            label={L.contact}
            name="contact"
            autoComplete="email"
            value={form.contact}
            maxLength={320}
            required
            onValueChange={(contact) => setForm((f) => ({ ...f, contact }))}
            invalid={Boolean(errors.contact)}
            error={errors.contact}
          />
          <TextArea
            label={L.message}
            name="message"
            rows={4}
            maxLength={2000}
            required
            value={form.message}
            error={errors.message}
            onChange={(e) => setForm((f) => ({ ...f, message: e.target.value }))}
          />
          <div className={styles.consent}>
            <input
              id={consentId}
              type="checkbox"
              checked={form.consent}
              aria-invalid={Boolean(errors.consent) || undefined}
              aria-describedby={errors.consent ? `${consentId}-error` : undefined}
              onChange={(e) => setForm((f) => ({ ...f, consent: e.target.checked }))}
            />
            <label htmlFor={consentId}>
              {L.consent} <Link href="/docs-n-policies">{L.consentLink}</Link>
            </label>
          </div>
          {errors.consent && (
            <p id={`${consentId}-error`} className={styles.error}>
              {errors.consent}
            </p>
          )}
          <Button type="submit" appearance="primary" loading={sending} fullWidth>
            {L.send}
          </Button>
        </form>
      )}
    </div>
  );
}
