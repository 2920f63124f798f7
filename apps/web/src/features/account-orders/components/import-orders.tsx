'use client';

import type { CargoImportResult } from '@freight/contracts/cargo-transfer';
import { formatCount } from '@freight/domain/plural';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { PLURAL_TEXTS } from '@freight/domain/texts/plural';
import { createUploadItem, type UploadItem } from '@freight/domain/upload';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert, Button, FileUpload } from '@/components/ui';
import { Checkbox } from '@/components/ui/checkbox';
import { LazyModal, preloadModal } from '@/components/ui/lazy-modal';
import { ApiError } from '@/lib/api/client';
import { errorMessage, ordersApi, templateHref } from '../api/orders-api';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import styles from './orders.module.css';

const T = ACCOUNT_ORDERS_TEXTS;

interface ImportFormValues {
  file: File | null;
  consent: boolean;
}

const ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,application/vnd.ms-excel';

/**
 * «Загрузить заявки»: template download, then the file is checked first (mode=check: nothing is
 * created, every row's errors in Russian), and only on confirmation the valid rows are created
 * (mode=create, with the personal-data consent); the summary says what was created.
 */
export function ImportOrders({ onCreated }: { onCreated?: () => void }) {
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState(false);
  const [checked, setChecked] = useState<CargoImportResult | null>(null);
  const [created, setCreated] = useState<CargoImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<ImportFormValues, unknown, ImportFormValues>({
    defaultValues: { file: null, consent: false },
    resolver: lazyZodResolver<ImportFormValues>('ImportFormSchema'),
  });
  const file = useWatch({ control: form.control, name: 'file' });
  const items: UploadItem[] = file
    ? [
        {
          ...createUploadItem({ name: file.name, size: file.size, type: file.type }, 'import'),
          status: 'done',
          percent: 100,
        },
      ]
    : [];

  const startOver = () => {
    setChecked(null);
    setCreated(null);
    setFileError(null);
    form.reset({ file: null, consent: false });
  };

  const onCheck = form.handleSubmit(async (values) => {
    if (!values.file) return;
    setFileError(null);
    try {
      setChecked(await ordersApi.importFile(values.file, 'check', false));
    } catch (error) {
      setFileError(error instanceof ApiError ? (error.fields.file ?? error.message) : errorMessage(error));
    }
  });

  const onCreate = async () => {
    const values = form.getValues();
    if (!values.file) return;
    if (!values.consent) {
      form.setError('consent', { message: T.importConsentRequired });
      return;
    }
    setFileError(null);
    setCreating(true);
    try {
      const result = await ordersApi.importFile(values.file, 'create', true);
      setCreated(result);
      if (result.created > 0) onCreated?.();
    } catch (error) {
      setFileError(
        error instanceof ApiError ? (error.fields.file ?? error.fields.consent ?? error.message) : errorMessage(error),
      );
    } finally {
      setCreating(false);
    }
  };

  const result = created ?? checked;
  const submitting = form.formState.isSubmitting;

  return (
    <>
      <Button
        appearance="secondary"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadModal}
        onFocus={() => {
          preloadModal();
          preloadSchemas();
        }}
      >
        {T.importOpen}
      </Button>
      <LazyModal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next && created) startOver();
        }}
        title={T.importTitle}
        description={T.importIntro}
        maxWidth={720}
      >
        <div className={styles.importBody}>
          <p className={styles.templates}>
            <Button href={templateHref('xlsx')} appearance="link" download>
              {T.importTemplateXlsx}
            </Button>
            <Button href={templateHref('csv')} appearance="link" download>
              {T.importTemplateCsv}
            </Button>
          </p>

          {!result && (
            <form onSubmit={onCheck} noValidate className={styles.importForm}>
              <FileUpload
                label={T.importFile}
                items={items}
                accept={ACCEPT}
                multiple={false}
                error={form.formState.errors.file?.message ?? fileError ?? undefined}
                onSelect={(files) => {
                  setFileError(null);
                  form.setValue('file', files[0] ?? null, { shouldValidate: form.formState.isSubmitted });
                }}
                onRemove={() => form.setValue('file', null)}
              />
              <Button type="submit" loading={submitting}>
                {T.importCheck}
              </Button>
            </form>
          )}

          {result && (
            <div className={styles.importResult}>
              <Alert variant={result.invalid_rows > 0 ? 'warning' : 'success'}>
                {created
                  ? T.importSummaryCreated(
                      formatCount(created.created, PLURAL_TEXTS.request),
                      formatCount(created.invalid_rows, PLURAL_TEXTS.request),
                    )
                  : T.importSummaryCheck(
                      formatCount(result.valid_rows, PLURAL_TEXTS.request),
                      formatCount(result.invalid_rows, PLURAL_TEXTS.request),
                    )}
                {created && created.already_created > 0
                  ? ` ${T.importAlreadyCreated(formatCount(created.already_created, PLURAL_TEXTS.request))}`
                  : ''}
              </Alert>
              <ul className={styles.importRows} data-testid="import-rows">
                {result.rows.map((row) => (
                  <li key={row.row} className={row.status === 'invalid' ? styles.rowInvalid : styles.rowValid}>
                    <strong>{T.importRow(row.row)}</strong>
                    {row.status === 'invalid' ? (
                      <ul>
                        {row.errors.map((error, i) => (
                          <li key={i}>{error.column ? `«${error.column}»: ${error.message}` : error.message}</li>
                        ))}
                      </ul>
                    ) : (
                      <span>
                        {row.status === 'valid'
                          ? T.importRowValid
                          : row.status === 'created'
                            ? T.importRowCreated
                            : T.importRowAlready}
                        {row.track_number ? ` — ${row.track_number}` : ''}
                        {row.price_text ? ` · ${row.price_text}` : ''}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
              {fileError && (
                <p className={styles.fieldError} role="alert">
                  {fileError}
                </p>
              )}
              {!created && result.valid_rows > 0 && (
                <div className={styles.importConfirm}>
                  <Checkbox
                    label={T.importConsent}
                    {...form.register('consent')}
                    error={form.formState.errors.consent?.message}
                  />
                  <Button loading={creating} onClick={() => void onCreate()}>
                    {T.importCreate(formatCount(result.valid_rows, PLURAL_TEXTS.requestAccusative))}
                  </Button>
                </div>
              )}
              {!created && result.valid_rows === 0 && <p>{T.importNothingValid}</p>}
              <Button appearance="secondary" onClick={startOver}>
                {T.importAnother}
              </Button>
            </div>
          )}
        </div>
      </LazyModal>
    </>
  );
}
