'use client';

import type { AccessRequest, FullAccessRequestQuery } from '@freight/contracts/access-request';
import {
  ACCESS_REQUEST_ACCEPT,
  ACCESS_REQUEST_MAX_FILES,
  type AccessRequestType,
} from '@freight/domain/access-request';
import { ACCESS_REQUEST_TEXTS } from '@freight/domain/texts/access-request';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { Alert, Button, Checkbox, FileUpload, Tabs, TextInput } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { accessRequestApi, errorMessage } from '../api/access-request-api';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import styles from './access-request.module.css';
import { useDocuments } from './use-documents';

const A = ACCESS_REQUEST_TEXTS;

interface FormValues {
  type: AccessRequestType;
  name: string;
  tin: string;
  rrc: string;
  document_seria: string;
  document_number: string;
}

const FIELDS: ReadonlyArray<Path<FormValues>> = ['type', 'name', 'tin', 'rrc', 'document_seria', 'document_number'];

const TABS = [
  { value: 'legal' as const, label: A.types.legal },
  { value: 'individual' as const, label: A.types.individual },
];

function initialValues(request?: AccessRequest): FormValues {
  return {
    type: request?.type ?? 'legal',
    name: request?.name ?? '',
    tin: request?.tin ?? '',
    rrc: request?.rrc ?? '',
    document_seria: request?.document_seria ?? '',
    document_number: request?.document_number ?? '',
  };
}

export interface AccessRequestFormProps {
  /** The request being edited; without it the form creates a new one. */
  request?: AccessRequest;
  /** After a successful save (an edit closes its form with it). */
  onSaved?: (request: AccessRequest) => void;
  onCancel?: () => void;
}

/**
 * The full-access request form: two tabs («Юридическое лицо или ИП»: ИНН, КПП, наименование;
 * «Физическое лицо»: ФИО, серия и номер паспорта), checked with the API's own query schema, and
 * the documents with upload progress. A new request needs at least one document; an edit keeps
 * the documents unless «Заменить документы» is ticked. The server's field errors appear under
 * their fields, a refused file on its item.
 */
export function AccessRequestForm({ request, onSaved, onCancel }: AccessRequestFormProps) {
  const router = useRouter();
  const isEdit = request !== undefined;
  const form = useForm<FormValues, unknown, FullAccessRequestQuery>({
    defaultValues: initialValues(request),
    resolver: lazyZodResolver<FormValues, FullAccessRequestQuery>('AccessRequestFormSchema'),
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const { errors, isSubmitting } = form.formState;
  const [replaceFiles, setReplaceFiles] = useState(false);
  const documents = useDocuments(ACCESS_REQUEST_MAX_FILES);
  const [filesTouched, setFilesTouched] = useState(false);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [alert, setAlert] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  // Bumped after a reset, so the inputs mount afresh (their clear buttons follow the empty values).
  const [generation, setGeneration] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const withFiles = !isEdit || replaceFiles;

  useEffect(() => () => abort.current?.abort(), []);

  const save = async (values: FullAccessRequestQuery) => {
    if (withFiles && documents.items.length === 0) return;
    setAlert(null);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const send = (files: File[] | null, onProgress?: (loaded: number, total: number) => void) =>
        request
          ? accessRequestApi.edit(request.id, values, files, { onProgress, signal: controller.signal })
          : accessRequestApi.create(values, files ?? [], { onProgress, signal: controller.signal });
      const saved = withFiles
        ? await documents.upload((files, onProgress) => send(files, onProgress))
        : await send(null);
      if (!isEdit) {
        form.reset(initialValues());
        setGeneration((n) => n + 1);
        documents.reset();
        setFilesTouched(false);
        setAlert({ kind: 'success', text: A.sent });
      }
      onSaved?.(saved);
      router.refresh();
    } catch (error) {
      if (controller.signal.aborted) return;
      const fields = error instanceof ApiError ? error.fields : {};
      let shown = false;
      for (const field of FIELDS) {
        const message = fields[field];
        if (message) {
          form.setError(field, { type: 'server', message });
          shown = true;
        }
      }
      if (fields.files) {
        setFilesError(fields.files);
        setFilesTouched(true);
        shown = true;
      }
      if (Object.keys(fields).some((key) => key.startsWith('files.'))) shown = true;
      setAlert({ kind: 'error', text: shown ? A.sendFailed : errorMessage(error) });
    } finally {
      abort.current = null;
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (withFiles) {
      setFilesTouched(true);
      setFilesError(documents.items.length === 0 ? A.filesRequired : null);
    }
    void form.handleSubmit(save)(event);
  };

  const fieldError = (name: Path<FormValues>) => errors[name]?.message;
  const shownFilesError = filesTouched ? (filesError ?? documents.refusal ?? undefined) : undefined;
  const input = (name: Path<FormValues>) => ({
    ...form.register(name),
    defaultValue: form.getValues(name),
    error: fieldError(name),
    disabled: isSubmitting,
  });

  return (
    <form className={styles.form} onSubmit={submit} onFocus={preloadSchemas} noValidate aria-label={A.formTitle}>
      <Tabs
        label={A.tabsLabel}
        items={TABS}
        value={type}
        activation="manual"
        onValueChange={(value) => {
          form.setValue('type', value);
          form.clearErrors();
        }}
        panelClassName={styles.panel}
      >
        {type === 'legal' ? (
          <div key={`legal-${generation}`} className={styles.fields}>
            <TextInput
              key="tin"
              label={A.innLabel}
              hint={A.innHint}
              inputMode="numeric"
              maxLength={20}
              autoComplete="off"
              {...input('tin')}
            />
            <TextInput
              key="rrc"
              label={A.kppLabel}
              hint={A.kppHint}
              maxLength={20}
              autoComplete="off"
              {...input('rrc')}
            />
            <TextInput
              key="org-name"
              label={A.organisationNameLabel}
              maxLength={500}
              autoComplete="organization"
              containerClassName={styles.wide}
              {...input('name')}
            />
          </div>
        ) : (
          <div key={`individual-${generation}`} className={styles.fields}>
            <TextInput
              key="person-name"
              label={A.personNameLabel}
              maxLength={500}
              autoComplete="name"
              containerClassName={styles.wide}
              {...input('name')}
            />
            <TextInput
              key="series"
              label={A.seriesLabel}
              inputMode="numeric"
              maxLength={10}
              autoComplete="off"
              {...input('document_seria')}
            />
            <TextInput
              key="number"
              label={A.numberLabel}
              inputMode="numeric"
              maxLength={12}
              autoComplete="off"
              {...input('document_number')}
            />
          </div>
        )}
      </Tabs>
      {isEdit ? (
        <Checkbox
          name="replaceFiles"
          checked={replaceFiles}
          disabled={isSubmitting}
          onCheckedChange={setReplaceFiles}
          label={A.replaceFiles}
        />
      ) : null}
      {withFiles ? (
        <FileUpload
          label={A.filesLabel}
          hint={isEdit ? `${A.replaceFilesHint}. ${A.filesHint}` : A.filesHint}
          items={documents.items}
          accept={ACCESS_REQUEST_ACCEPT}
          disabled={isSubmitting}
          sending={isSubmitting}
          error={shownFilesError}
          onSelect={(files) => {
            setFilesTouched(true);
            setFilesError(null);
            documents.select(files);
          }}
          onRemove={documents.remove}
          onBlur={() => setFilesTouched(true)}
        />
      ) : null}
      {isEdit && request.status === 'needs_changes' ? <p className={styles.muted}>{A.resubmitNote}</p> : null}
      {alert ? <Alert variant={alert.kind}>{alert.text}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit" size="large" loading={isSubmitting}>
          {isEdit ? A.save : A.submit}
        </Button>
        {onCancel ? (
          <Button appearance="secondary" size="large" disabled={isSubmitting} onClick={onCancel}>
            {A.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
