'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BoDriverBodySchema, type BoCargoDetails } from '@freight/contracts/back-office-cargo';
import { formatLongDateTime } from '@freight/domain/dates';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { Alert, Button, PhoneInput, TextInput } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import layout from '@/components/back-office/layout.module.css';

const T = BACK_OFFICE_CARGO_TEXTS.page.driver;
type DriverInput = z.input<typeof BoDriverBodySchema>;
type DriverOutput = z.output<typeof BoDriverBodySchema>;
const FIELDS = ['name', 'phone', 'vehicle_model', 'vehicle_plate'] as const;

/** The driver and vehicle of an open cargo: assign (or replace) and remove. */
export function DriverForm({
  track,
  driver,
  closed,
  canOperate,
}: {
  track: string;
  driver: BoCargoDetails['driver'];
  closed: boolean;
  canOperate: boolean;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<DriverInput, unknown, DriverOutput>({
    resolver: zodResolver(BoDriverBodySchema),
    defaultValues: {
      name: driver?.name ?? '',
      phone: driver?.phone ?? '',
      vehicle_model: driver?.vehicle_model ?? '',
      vehicle_plate: driver?.vehicle_plate ?? '',
    },
  });
  const errors = form.formState.errors;
  const url = `/api/v1/back-office/cargos/${encodeURIComponent(track)}/driver`;

  const fail = (e: unknown) => {
    if (e instanceof ApiError) {
      for (const [field, text] of Object.entries(e.fields)) {
        if ((FIELDS as readonly string[]).includes(field)) form.setError(field as keyof DriverInput, { message: text });
      }
      setMessage({ kind: 'error', text: e.message });
    } else setMessage({ kind: 'error', text: String(e) });
  };

  const assign = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await apiFetch(url, { method: 'PUT', json: values });
      setMessage({ kind: 'success', text: T.saved });
      router.refresh();
    } catch (e) {
      fail(e);
    }
  });

  const remove = async () => {
    setMessage(null);
    try {
      await apiFetch(url, { method: 'DELETE' });
      form.reset({ name: '', phone: '', vehicle_model: '', vehicle_plate: '' });
      setMessage({ kind: 'success', text: T.removed });
      router.refresh();
    } catch (e) {
      fail(e);
    }
  };

  const locked = closed || !canOperate;
  return (
    <>
      {driver ? (
        <p className={layout.muted}>{T.assignedAt(formatLongDateTime(driver.assigned_at))}</p>
      ) : (
        <p className={layout.muted}>{T.none}</p>
      )}
      {closed ? <p className={layout.muted}>{T.closed}</p> : null}
      <form className={layout.form} onSubmit={assign} noValidate aria-label={T.assign}>
        <div className={layout.row}>
          <TextInput
            label={T.name}
            autoComplete="off"
            maxLength={200}
            disabled={locked}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <PhoneInput label={T.phone} disabled={locked} error={errors.phone?.message} {...form.register('phone')} />
        </div>
        <div className={layout.row}>
          <TextInput
            label={T.vehicleModel}
            maxLength={100}
            disabled={locked}
            error={errors.vehicle_model?.message}
            {...form.register('vehicle_model')}
          />
          <TextInput
            label={T.vehiclePlate}
            placeholder="А123ВС77"
            maxLength={20}
            disabled={locked}
            error={errors.vehicle_plate?.message}
            {...form.register('vehicle_plate')}
          />
        </div>
        {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
        {locked ? null : (
          <div className={layout.toolbar}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {T.assign}
            </Button>
            {driver ? (
              <Button appearance="secondary" onClick={() => void remove()}>
                {T.remove}
              </Button>
            ) : null}
          </div>
        )}
      </form>
    </>
  );
}
