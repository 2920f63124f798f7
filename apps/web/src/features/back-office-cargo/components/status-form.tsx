'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { BoCargoDetails, BoOffice, BoStatusChangeBody } from '@freight/contracts/back-office-cargo';
import { STATUS_COMMENT_MAX_LENGTH } from '@freight/domain/back-office-cargo';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { Alert, Button, Select, TextArea, TextInput } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import { OfficeSelect } from './office-select';
import layout from '@/components/back-office/layout.module.css';

const T = BACK_OFFICE_CARGO_TEXTS.page.status;
const E = BACK_OFFICE_CARGO_TEXTS.errors;

/** What the form holds: strings as the fields give them; the body is built on submit. */
const StatusFormSchema = z.object({
  status: z.string().min(1, E.statusInvalid),
  office: z.string(),
  at: z.string().refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), E.atInvalid),
  comment: z.string().max(STATUS_COMMENT_MAX_LENGTH, E.commentTooLong),
});
type StatusFormValues = z.infer<typeof StatusFormSchema>;

/** API field → form field. */
const FIELD_OF: Record<string, keyof StatusFormValues> = {
  status: 'status',
  office_id: 'office',
  at: 'at',
  comment: 'comment',
};

/**
 * The status change of one cargo: only the statuses allowed now, an optional office, the moment
 * (empty: now; `datetime-local` is read in the operator's own time zone) and a comment. With
 * nothing allowed (a final status), a note instead, under the success of the change that led there.
 */
export function StatusForm({
  track,
  next,
  offices,
}: {
  track: string;
  next: BoCargoDetails['next_statuses'];
  offices: readonly BoOffice[];
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<StatusFormValues>({
    resolver: zodResolver(StatusFormSchema),
    defaultValues: { status: '', office: '', at: '', comment: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const body: BoStatusChangeBody = {
      status: values.status as BoStatusChangeBody['status'],
      ...(values.office ? { office_id: Number(values.office) } : {}),
      ...(values.at ? { at: new Date(values.at).toISOString() } : {}),
      ...(values.comment.trim() ? { comment: values.comment } : {}),
    };
    try {
      await apiFetch(`/api/v1/back-office/cargos/${encodeURIComponent(track)}/status`, { method: 'POST', json: body });
      const label = next.find((s) => s.status === values.status)?.label ?? values.status;
      form.reset();
      setMessage({ kind: 'success', text: T.done(label) });
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError) {
        for (const [field, text] of Object.entries(e.fields)) {
          const key = FIELD_OF[field];
          if (key) form.setError(key, { message: text });
        }
        setMessage({ kind: 'error', text: e.message });
      } else setMessage({ kind: 'error', text: String(e) });
    }
  });

  // A final status just set: its «Статус изменён» stays above the note after the refresh.
  if (next.length === 0) {
    return (
      <>
        {message?.kind === 'success' ? <Alert variant="success">{message.text}</Alert> : null}
        <p className={layout.muted}>{T.none}</p>
      </>
    );
  }
  return (
    <form className={layout.form} onSubmit={submit} noValidate aria-label={T.submit}>
      <div className={layout.row}>
        <Select
          label={T.next}
          placeholder={T.choose}
          options={next.map((s) => ({ value: s.status, label: s.label }))}
          error={errors.status?.message}
          {...form.register('status')}
        />
        <OfficeSelect label={T.office} offices={offices} error={errors.office?.message} {...form.register('office')} />
      </div>
      <div className={layout.row}>
        <TextInput
          label={T.at}
          type="datetime-local"
          hint={T.atHint}
          error={errors.at?.message}
          {...form.register('at')}
        />
      </div>
      <TextArea
        label={T.comment}
        rows={3}
        maxLength={STATUS_COMMENT_MAX_LENGTH}
        error={errors.comment?.message}
        {...form.register('comment')}
      />
      {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
      <div className={layout.toolbar}>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {T.submit}
        </Button>
      </div>
    </form>
  );
}
