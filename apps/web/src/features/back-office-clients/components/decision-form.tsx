'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AccessDecisionBody, AccessDecisionResult } from '@freight/contracts/back-office-clients';
import { ACCESS_REQUEST_TEXTS } from '@freight/domain/texts/access-request';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { Alert, Button, TextArea } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import layout from '@/components/back-office/layout.module.css';
import styles from './clients.module.css';

const T = BO_CLIENTS_TEXTS.access;
const A = ACCESS_REQUEST_TEXTS;
const DECISIONS = ['approve', 'corrections', 'reject'] as const;
const COMMENT_MAX_LENGTH = 2000;

/** The service's rules, said before the round trip: a comment for corrections and for a rejection. */
const DecisionFormSchema = z
  .object({
    decision: z.enum(DECISIONS, { error: BO_CLIENTS_TEXTS.errors.decisionInvalid }),
    comment: z.string().max(COMMENT_MAX_LENGTH, A.commentTooLong),
  })
  .superRefine((value, ctx) => {
    if (value.comment.trim() !== '') return;
    if (value.decision === 'reject')
      ctx.addIssue({ code: 'custom', path: ['comment'], message: A.rejectReasonRequired });
    if (value.decision === 'corrections') {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: A.changesCommentRequired });
    }
  });
type DecisionFormValues = z.input<typeof DecisionFormSchema>;

/**
 * The reviewer's decision on an undecided request: «Одобрить», «Вернуть на исправление» or
 * «Отклонить», with a comment (required for the last two; the applicant sees it). A decided request
 * shows «Заявка уже рассмотрена»; the form's own «Решение сохранено» stays above it after the
 * refresh that closes the request (the state lives here, so the page's refresh does not wipe it).
 */
export function DecisionForm({ requestId, open }: { requestId: string; open: boolean }) {
  const router = useRouter();
  const errorId = useId();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<DecisionFormValues>({
    resolver: zodResolver(DecisionFormSchema),
    defaultValues: { decision: undefined, comment: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const body: AccessDecisionBody = {
      decision: values.decision,
      ...(values.comment.trim() ? { comment: values.comment } : {}),
    };
    try {
      const result = await apiFetch<AccessDecisionResult>(`/api/v1/back-office/access_requests/${requestId}/decision`, {
        method: 'POST',
        json: body,
      });
      const notes = [T.saved, result.notified ? T.notified(result.notified) : null].filter(Boolean);
      setMessage({ kind: 'success', text: notes.join('. ') });
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.fields.comment) form.setError('comment', { message: e.fields.comment });
        if (e.fields.decision) form.setError('decision', { message: e.fields.decision });
        setMessage({ kind: 'error', text: e.message });
      } else setMessage({ kind: 'error', text: String(e) });
    }
  });

  if (!open) {
    return (
      <>
        {message?.kind === 'success' ? <Alert variant="success">{message.text}</Alert> : null}
        <p>{T.decidedAlready}</p>
      </>
    );
  }

  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <fieldset
        className={styles.radios}
        aria-invalid={errors.decision ? true : undefined}
        aria-describedby={errors.decision ? errorId : undefined}
      >
        <legend>{T.decisionLabel}</legend>
        {DECISIONS.map((decision) => (
          <label key={decision}>
            <input type="radio" value={decision} {...form.register('decision')} />
            {BO_CLIENTS_TEXTS.decisions[decision]}
          </label>
        ))}
        {errors.decision?.message ? (
          <p id={errorId} className={styles.fieldError} role="alert">
            {errors.decision.message}
          </p>
        ) : null}
      </fieldset>
      <TextArea
        label={T.commentLabel}
        rows={4}
        maxLength={COMMENT_MAX_LENGTH}
        error={errors.comment?.message}
        {...form.register('comment')}
      />
      <p className={layout.muted}>{T.commentHint}</p>
      {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
      <div className={layout.toolbar}>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {T.submit}
        </Button>
      </div>
    </form>
  );
}
