'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useFieldArray, useForm, type Control, type UseFormRegister } from 'react-hook-form';
import type { AdminTariff, PricePreview } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button, TextInput } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import { tariffFormValues, tariffRatesBody, type TariffFormValues } from '../lib/tariff-form';
import { PricePreviewTable } from './price-preview-table';
import layout from '@/components/back-office/layout.module.css';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;

interface GridProps {
  name: 'weight_breaks' | 'volume_breaks';
  legend: string;
  upToLabel: string;
  rateLabel: string;
  control: Control<TariffFormValues>;
  register: UseFormRegister<TariffFormValues>;
  errors: Record<string, string>;
}

/** One rate grid: steps «до N — ставка», the last one without a limit («и больше»). */
function RateGrid({ name, legend, upToLabel, rateLabel, control, register, errors }: GridProps) {
  const { fields, insert, remove } = useFieldArray({ control, name });
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {errors[name] ? (
        <p className={styles.up} role="alert">
          {errors[name]}
        </p>
      ) : null}
      <div className={styles.breaks}>
        {fields.map((field, index) => {
          const last = index === fields.length - 1;
          return (
            <div key={field.id} className={styles.breakRow}>
              <TextInput
                label={`${upToLabel} (${index + 1})`}
                inputMode="decimal"
                placeholder={last ? T.notices.orMore : undefined}
                error={errors[`${name}.${index}.up_to`]}
                {...register(`${name}.${index}.up_to`)}
              />
              <TextInput
                label={`${rateLabel} (${index + 1})`}
                inputMode="decimal"
                error={errors[`${name}.${index}.rate_kopecks`]}
                {...register(`${name}.${index}.rate`)}
              />
              {fields.length > 1 ? (
                <Button
                  appearance="link"
                  aria-label={`${T.actions.removeBreak} ${index + 1}: ${legend}`}
                  onClick={() => remove(index)}
                >
                  {T.actions.removeBreak}
                </Button>
              ) : (
                <span />
              )}
            </div>
          );
        })}
      </div>
      <div>
        <Button
          appearance="secondary"
          aria-label={`${T.actions.addBreak}: ${legend}`}
          onClick={() => insert(Math.max(0, fields.length - 1), { up_to: '', rate: '' })}
        >
          {T.actions.addBreak}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * The rates of one tariff route: both grids, minimum charge, density, volume coefficient and
 * transit time. «Показать изменение цен» prices the samples (and this route's lane) before and
 * after without saving; «Сохранить» saves, and the calculator uses the new rates at once.
 */
export function TariffForm({ tariff }: { tariff: AdminTariff }) {
  const router = useRouter();
  const form = useForm<TariffFormValues>({ defaultValues: tariffFormValues(tariff) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [preview, setPreview] = useState<PricePreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);

  /** The body of the values, or null after showing what cannot be read. */
  function body() {
    const read = tariffRatesBody(form.getValues());
    if (read.errors) {
      setErrors(read.errors);
      setMessage({ kind: 'error', text: Object.values(read.errors)[0]! });
      return null;
    }
    setErrors({});
    return read.body;
  }

  function fail(e: unknown) {
    if (e instanceof ApiError) {
      // Change previews name fields under `changes.0.`; saves name them directly.
      const fields = Object.fromEntries(
        Object.entries(e.fields).map(([key, text]) => [key.replace(/^changes\.0\./, ''), text]),
      );
      setErrors(fields);
      setMessage({ kind: 'error', text: e.message });
    } else setMessage({ kind: 'error', text: String(e) });
  }

  async function showPreview() {
    const rates = body();
    if (!rates) return;
    setBusy('preview');
    setMessage(null);
    try {
      setPreview(
        await apiFetch<PricePreview>('/api/v1/back-office/tariffs/preview', {
          method: 'POST',
          json: { changes: [{ route_id: tariff.id, ...rates }] },
        }),
      );
    } catch (e) {
      setPreview(null);
      fail(e);
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    const rates = body();
    if (!rates) return;
    setBusy('save');
    setMessage(null);
    try {
      const saved = await apiFetch<AdminTariff>(`/api/v1/back-office/tariffs/${tariff.id}`, {
        method: 'PUT',
        json: rates,
      });
      form.reset(tariffFormValues(saved));
      setPreview(null);
      setMessage({ kind: 'success', text: T.notices.saved });
      router.refresh();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={styles.stack}>
      {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <RateGrid
          name="weight_breaks"
          legend={T.fields.weightBreaks}
          upToLabel={T.fields.upToKg}
          rateLabel={T.fields.ratePerKg}
          control={form.control}
          register={form.register}
          errors={errors}
        />
        <RateGrid
          name="volume_breaks"
          legend={T.fields.volumeBreaks}
          upToLabel={T.fields.upToM3}
          rateLabel={T.fields.ratePerM3}
          control={form.control}
          register={form.register}
          errors={errors}
        />
        <div className={layout.row}>
          <TextInput
            label={T.fields.minCharge}
            inputMode="decimal"
            error={errors.min_charge_kopecks}
            {...form.register('min_charge')}
          />
          <TextInput
            label={T.fields.density}
            inputMode="numeric"
            error={errors.density_kg_per_m3}
            {...form.register('density_kg_per_m3')}
          />
          <TextInput
            label={T.fields.coefficient}
            inputMode="numeric"
            error={errors.volume_coefficient_permille}
            {...form.register('volume_coefficient_permille')}
          />
        </div>
        <div className={layout.row}>
          <TextInput
            label={T.fields.transitMin}
            inputMode="numeric"
            error={errors.transit_days_min}
            {...form.register('transit_days_min')}
          />
          <TextInput
            label={T.fields.transitMax}
            inputMode="numeric"
            error={errors.transit_days_max}
            {...form.register('transit_days_max')}
          />
        </div>
        <div className={styles.actions}>
          <Button appearance="secondary" loading={busy === 'preview'} onClick={() => void showPreview()}>
            {T.actions.showPreview}
          </Button>
          <Button type="submit" loading={busy === 'save'}>
            {T.actions.save}
          </Button>
        </div>
      </form>
      {preview ? (
        <>
          <p className={layout.muted}>{T.notices.previewLead}</p>
          <PricePreviewTable preview={preview} caption={T.pages.previewCaption} />
        </>
      ) : null}
    </div>
  );
}
