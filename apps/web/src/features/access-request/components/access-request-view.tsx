'use client';

import type { AccessRequest } from '@freight/contracts/access-request';
import { ACCESS_REQUEST_ACCEPT } from '@freight/domain/access-request';
import { formatLongDate } from '@freight/domain/dates';
import { ACCESS_REQUEST_TEXTS } from '@freight/domain/texts/access-request';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert, Button, FileUpload, formatFileSize } from '@/components/ui';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { ApiError } from '@/lib/api/client';
import { accessRequestApi, errorMessage } from '../api/access-request-api';
import { slotsLeft } from '../lib/files';
import { AccessRequestForm } from './access-request-form';
import { commentLabel } from './access-request-list';
import styles from './access-request.module.css';
import { AccessRequestStatusBadge } from '@/components/status/status-badges';
import { useDocuments } from './use-documents';

const A = ACCESS_REQUEST_TEXTS;

/** The request's data as a description list. */
function RequestData({ request }: { request: AccessRequest }) {
  const rows: Array<[string, string]> =
    request.type === 'legal'
      ? [
          [A.organisationNameLabel, request.name],
          [A.innLabel, request.tin ?? ''],
          [A.kppLabel, request.rrc ?? '—'],
        ]
      : [
          [A.personNameLabel, request.name],
          [A.seriesLabel, request.document_seria ?? ''],
          [A.numberLabel, request.document_number ?? ''],
        ];
  return (
    <dl className={styles.data}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * «Добавить документы»: more files for an open request, up to 10 in all; with none left, the
 * note that there is no room.
 */
function AddDocuments({ request }: { request: AccessRequest }) {
  const router = useRouter();
  const left = slotsLeft(request.files.length);
  const documents = useDocuments(left);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const [alert, setAlert] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const upload = async () => {
    setTouched(true);
    if (documents.items.length === 0) {
      setAlert({ kind: 'error', text: A.filesMissing });
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      await documents.upload((files, onProgress) => accessRequestApi.addFiles(request.id, files, { onProgress }));
      documents.reset();
      setTouched(false);
      setAlert({ kind: 'success', text: A.filesAdded });
      router.refresh();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setAlert({ kind: 'error', text: fields.files ?? errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  // The last free slots filled: «Документы добавлены» stays above the note after the refresh.
  if (left === 0) {
    return (
      <>
        {alert?.kind === 'success' ? <Alert variant="success">{alert.text}</Alert> : null}
        <p className={styles.muted}>{A.tooManyFiles}</p>
      </>
    );
  }
  return (
    <div className={styles.form}>
      <FileUpload
        label={A.addFiles}
        hint={`${A.filesHint}. ${A.filesLeft(left)}`}
        items={documents.items}
        accept={ACCESS_REQUEST_ACCEPT}
        disabled={busy}
        sending={busy}
        error={touched ? (documents.refusal ?? undefined) : undefined}
        onSelect={(files) => {
          setTouched(true);
          documents.select(files);
        }}
        onRemove={documents.remove}
      />
      {alert ? <Alert variant={alert.kind}>{alert.text}</Alert> : null}
      <div className={styles.actions}>
        <Button appearance="secondary" loading={busy} onClick={() => void upload()}>
          {A.addFilesSubmit}
        </Button>
      </div>
    </div>
  );
}

/** «Удалить заявку» with a confirmation dialog; back to the list afterwards. */
function DeleteRequest({ request }: { request: AccessRequest }) {
  const router = useRouter();
  return (
    <ConfirmAction
      label={A.remove}
      title={A.removeConfirmTitle}
      description={A.removeConfirmText}
      cancelLabel={A.cancel}
      confirmLabel={A.removeConfirm}
      errorText={(e) => (e instanceof ApiError ? e.message : A.removeFailed)}
      onConfirm={async () => {
        await accessRequestApi.remove(request.id);
        router.push('/personal-account/access');
        router.refresh();
      }}
    />
  );
}

/**
 * A request's page: status, dates in Russian, the reviewer's comment, the data, the documents
 * with download links; while undecided also editing (the same form), adding documents and
 * deletion with a confirmation.
 */
export function AccessRequestView({ request }: { request: AccessRequest }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  return (
    <div className={styles.view}>
      <div className={styles.cardHead}>
        <AccessRequestStatusBadge status={request.status} label={request.status_label} />
        <span className={styles.muted}>{request.type_label}</span>
      </div>
      <p className={styles.meta}>
        <span>{A.createdAt(formatLongDate(request.created_at))}</span>
        {request.updated_at !== request.created_at ? (
          <span>{A.updatedAt(formatLongDate(request.updated_at))}</span>
        ) : null}
        {request.decided_at ? <span>{A.decidedAt(formatLongDate(request.decided_at))}</span> : null}
      </p>
      {request.reviewer_comment ? (
        <Alert
          variant={request.status === 'rejected' ? 'error' : request.status === 'approved' ? 'success' : 'warning'}
        >
          <strong>{commentLabel(request)}:</strong> {request.reviewer_comment}
        </Alert>
      ) : null}
      {saved ? <Alert variant="success">{A.saved}</Alert> : null}

      <section className={styles.section} aria-labelledby="access-request-data">
        <h2 id="access-request-data" className={styles.sectionTitle}>
          {A.dataTitle}
        </h2>
        {editing ? (
          <AccessRequestForm
            request={request}
            onSaved={() => {
              setEditing(false);
              setSaved(true);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <RequestData request={request} />
            {request.editable ? (
              <div className={styles.actions}>
                <Button
                  appearance="secondary"
                  onClick={() => {
                    setSaved(false);
                    setEditing(true);
                  }}
                >
                  {A.edit}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>

      <section className={styles.section} aria-labelledby="access-request-files">
        <h2 id="access-request-files" className={styles.sectionTitle}>
          {A.filesTitle}
        </h2>
        {request.files.length === 0 ? (
          <p className={styles.muted}>{A.noFiles}</p>
        ) : (
          <ul className={styles.files}>
            {request.files.map((file) => (
              <li key={file.id}>
                <a href={file.url} download={file.name}>
                  {file.name}
                </a>
                <span className={styles.muted}>{formatFileSize(file.size)}</span>
              </li>
            ))}
          </ul>
        )}
        {request.editable && !editing ? <AddDocuments request={request} /> : null}
      </section>

      {request.editable ? (
        <div className={styles.actions}>
          <DeleteRequest request={request} />
        </div>
      ) : (
        <p className={styles.muted}>{A.closedNote}</p>
      )}
    </div>
  );
}
