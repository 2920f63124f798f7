'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BoCancelBodySchema } from '@freight/contracts/back-office-cargo';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { Alert, Button, TextArea } from '@/components/ui';
import { Modal } from '@/components/ui/modal';
import { ApiError, apiFetch } from '@/lib/api/client';
import layout from '@/components/back-office/layout.module.css';

const T = BACK_OFFICE_CARGO_TEXTS.page.cancel;
type CancelInput = z.input<typeof BoCancelBodySchema>;
type CancelOutput = z.output<typeof BoCancelBodySchema>;

/** «Отменить груз»: the reason, confirmed in a dialog; the client is notified by the API. */
export function CancelCargo({ track }: { track: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CancelInput, unknown, CancelOutput>({
    resolver: zodResolver(BoCancelBodySchema),
    defaultValues: { reason: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await apiFetch(`/api/v1/back-office/cargos/${encodeURIComponent(track)}/cancel`, {
        method: 'POST',
        json: values,
      });
      setOpen(false);
      form.reset();
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.fields.reason) form.setError('reason', { message: e.fields.reason });
        setError(e.message);
      } else setError(String(e));
    }
  });

  return (
    <>
      <div className={layout.toolbar}>
        <Button appearance="dangerous" onClick={() => setOpen(true)}>
          {T.open}
        </Button>
      </div>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={T.confirmTitle}
        description={T.confirmText}
        footer={
          <div className={layout.toolbar}>
            <Button appearance="secondary" onClick={() => setOpen(false)}>
              {T.back}
            </Button>
            <Button appearance="dangerous" type="submit" form="bo-cancel-cargo" loading={form.formState.isSubmitting}>
              {T.confirm}
            </Button>
          </div>
        }
      >
        <form id="bo-cancel-cargo" className={layout.form} onSubmit={submit} noValidate>
          <TextArea
            label={T.reason}
            rows={3}
            maxLength={500}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          {error ? <Alert variant="error">{error}</Alert> : null}
        </form>
      </Modal>
    </>
  );
}
