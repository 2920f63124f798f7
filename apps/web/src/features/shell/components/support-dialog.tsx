'use client';

import { SHELL_TEXTS } from '@freight/domain/texts/shell';

import { Link } from '@/components/ui/link';
import { useState, type FormEvent } from 'react';
import { SHELL_PATHS } from '@freight/contracts/shell-paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal } from '@/components/ui/modal';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { BRAND } from '@/config/brand';
import { ApiError, apiFetch } from '@/lib/api/client';
import { EMPTY_SUPPORT_DRAFT as EMPTY, type SupportDraft as FormState } from './support-draft';
import styles from './support-widget.module.css';

const L = SHELL_TEXTS.support;

/**
 * The support chat's dialog: messenger links and the message form (user/feedback). Loaded by
 * SupportWidget on the first approach to its button (or on #feedback), so the form, the kit's
 * inputs, Radix and the API client are not part of every page's first-load JavaScript. The
 * draft is owned by the launcher: closing and reopening never loses what was typed.
 */
export default function SupportDialog({
  open,
  onOpenChange,
  form,
  setForm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: FormState;
  setForm: React.Dispatch<React.SetStateAction<FormState>>;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={L.title} description={L.intro} maxWidth={480}>
      <SupportPanel form={form} setForm={setForm} />
    </Modal>
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    setErrors({});
    try {
      await apiFetch(SHELL_PATHS.feedback, {
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
          <Checkbox
            checked={form.consent}
            onCheckedChange={(consent) => setForm((f) => ({ ...f, consent }))}
            error={errors.consent}
            label={
              <>
                {L.consent} <Link href="/docs-n-policies">{L.consentLink}</Link>
              </>
            }
          />
          <Button type="submit" appearance="primary" loading={sending} fullWidth>
            {L.send}
          </Button>
        </form>
      )}
    </div>
  );
}
