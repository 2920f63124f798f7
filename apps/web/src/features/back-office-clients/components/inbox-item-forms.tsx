'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { InboxAnswerBody, InboxAnswerResult, InboxStatusBody } from '@freight/contracts/back-office-clients';
import type { InboxStatus } from '@freight/domain/staff';
import {
  BO_CLIENTS_TEXTS,
  INBOX_ANSWER_MAX_LENGTH,
  INBOX_ANSWER_SMS_MAX_LENGTH,
} from '@freight/domain/texts/back-office-clients';
import { Alert, Button, Select, TextArea } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import { INBOX_STATUS_OPTIONS } from './inbox-tables';
import layout from '@/components/back-office/layout.module.css';

const T = BO_CLIENTS_TEXTS.inbox;
const E = BO_CLIENTS_TEXTS.errors;

type Notice = { kind: 'success' | 'warning' | 'error'; text: string } | null;

/** The API address of an inbox item: bug_reports/<uuid> or feedback/<id>. */
export type InboxItemPath = `/api/v1/back-office/bug_reports/${string}` | `/api/v1/back-office/feedback/${number}`;

/** The status of an inbox item: «Новое», «В работе», «Отвечено». */
export function InboxStatusForm({ path, status }: { path: InboxItemPath; status: InboxStatus }) {
  const router = useRouter();
  const [value, setValue] = useState<string>(status);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const body: InboxStatusBody = { status: value as InboxStatus };
      await apiFetch(path, { method: 'PATCH', json: body });
      setNotice({ kind: 'success', text: T.statusSaved });
      router.refresh();
    } catch (e) {
      setNotice({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <div className={layout.row}>
        <Select label={T.statusLabel} options={INBOX_STATUS_OPTIONS} value={value} onValueChange={setValue} />
        <div>
          <Button type="submit" appearance="secondary" loading={busy}>
            {T.statusSave}
          </Button>
        </div>
      </div>
      {notice ? <Alert variant={notice.kind}>{notice.text}</Alert> : null}
    </form>
  );
}

const AnswerFormSchema = z.object({
  text: z
    .string()
    .refine((value) => value.trim() !== '', E.answerRequired)
    .refine((value) => Array.from(value.trim()).length <= INBOX_ANSWER_MAX_LENGTH, E.answerTooLong),
});
type AnswerFormValues = z.infer<typeof AnswerFormSchema>;

/**
 * An answer to the author: stored with the item, which becomes «Отвечено», and sent to the
 * author's contact. The note under the form says where it went (or why it went nowhere).
 */
export function InboxAnswerForm({ path }: { path: InboxItemPath }) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice>(null);
  const form = useForm<AnswerFormValues>({ resolver: zodResolver(AnswerFormSchema), defaultValues: { text: '' } });

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const body: InboxAnswerBody = { text: values.text };
      const result = await apiFetch<InboxAnswerResult>(`${path}/answers`, { method: 'POST', json: body });
      form.reset();
      setNotice({ kind: result.delivery.channel ? 'success' : 'warning', text: result.delivery.note });
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.fields.text) form.setError('text', { message: e.fields.text });
        setNotice({ kind: 'error', text: e.message });
      } else setNotice({ kind: 'error', text: String(e) });
    }
  });

  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <TextArea
        label={T.answerLabel}
        rows={6}
        maxLength={INBOX_ANSWER_MAX_LENGTH}
        error={form.formState.errors.text?.message}
        {...form.register('text')}
      />
      <p className={layout.muted}>{T.answerHint(INBOX_ANSWER_SMS_MAX_LENGTH)}</p>
      {notice ? <Alert variant={notice.kind}>{notice.text}</Alert> : null}
      <div className={layout.toolbar}>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {T.answerSubmit}
        </Button>
      </div>
    </form>
  );
}
