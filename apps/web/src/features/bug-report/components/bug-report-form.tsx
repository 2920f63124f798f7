'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  BUG_REPORT_ALLOWED_MIME_TYPES,
  BUG_REPORT_CONTACT_MAX_LENGTH,
  BUG_REPORT_MAX_FILES,
  BUG_REPORT_TEXT_MAX_LENGTH,
} from '@freight/domain/constants';
import {
  createBugReportSchema,
  getBugReportFileError,
  resolveBugReportContact,
  type BugReportUser,
} from '@freight/domain/bug-report';
import { BUG_REPORT_TEXTS } from '@freight/domain/texts/bug-report';
import { createUploadItem, uploadListReducer, type UploadItem, type UploadListAction } from '@freight/domain/upload';
import { Alert, Button, Checkbox, FileUpload, TextArea, TextInput } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { distributeProgress } from '@/lib/upload/post-multipart';
import { sendBugReport } from '../api/send-bug-report';
import styles from './bug-report.module.css';

const M = BUG_REPORT_TEXTS;

type Errors = Partial<Record<'text' | 'contact' | 'policyAgreement' | 'files', string>>;

let uidCounter = 0;
function nextUid(): string {
  uidCounter += 1;
  return `bug-file-${Date.now().toString(36)}-${uidCounter}`;
}

/**
 * The bug-report form of spec section 5. A verified user sees no contact or consent fields; the
 * contact sent for them is the account's phone, else its e-mail. Files are checked before they
 * join the list (format, size, count); a refused one is dropped and the reason shows under the
 * field once it has been touched. The report goes as one multipart request whose real upload
 * progress is shared among the items.
 */
export function BugReportForm({ user, onSent }: { user: BugReportUser | null; onSent: () => void }) {
  const isVerified = user?.is_verified === true;
  const [text, setText] = useState('');
  const [contact, setContact] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [items, setItems] = useState<readonly UploadItem[]>([]);
  const [filesTouched, setFilesTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const files = useRef(new Map<string, File>());
  const abort = useRef<AbortController | null>(null);
  const textId = useId();

  useEffect(() => () => abort.current?.abort(), []);

  const dispatch = (action: UploadListAction) => setItems((current) => uploadListReducer(current, action));

  const onSelect = (picked: File[]) => {
    setFilesTouched(true);
    let lastRefusal: string | null = null;
    let count = items.length;
    for (const file of picked) {
      const descriptor = { name: file.name, size: file.size, type: file.type };
      const error = count >= BUG_REPORT_MAX_FILES ? M.filesMaxCount : getBugReportFileError(descriptor);
      if (error) {
        lastRefusal = error;
        continue;
      }
      const uid = nextUid();
      files.current.set(uid, file);
      dispatch({ type: 'add', file: descriptor, uid, check: (d) => getBugReportFileError(d) === null });
      count += 1;
    }
    setRefusal(lastRefusal);
    setErrors((e) => ({ ...e, files: undefined }));
  };

  const onRemove = (uid: string) => {
    files.current.delete(uid);
    dispatch({ type: 'remove', uid });
    setRefusal(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setFailed(false);
    const parsed = createBugReportSchema({ isVerified }).safeParse({
      text,
      contact,
      policyAgreement: agreed,
      files: items.map(({ name, size, type }) => ({ name, size, type })),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      if (next.files) setFilesTouched(true);
      return;
    }
    setErrors({});
    // A failed item goes back to uploading for the new attempt.
    const sendingItems = items.map((item) => (item.status === 'uploading' ? item : createUploadItem(item, item.uid)));
    setItems(sendingItems);
    const uids = sendingItems.map((item) => item.uid);
    const sizes = sendingItems.map((item) => item.size);
    const controller = new AbortController();
    abort.current = controller;
    setSending(true);
    try {
      const result = await sendBugReport(
        {
          text: parsed.data.text,
          contact: resolveBugReportContact(user, parsed.data.contact),
          policyAgreement: parsed.data.policyAgreement,
          files: uids.map((uid) => files.current.get(uid)).filter((f): f is File => f !== undefined),
        },
        {
          signal: controller.signal,
          onProgress: (loaded, total) => {
            const percents = distributeProgress(sizes, loaded, total);
            uids.forEach((uid, i) => dispatch({ uid, type: 'progress', percent: percents[i] ?? 0 }));
          },
        },
      );
      uids.forEach((uid, i) => dispatch({ uid, type: 'success', response: result.files[i] }));
      onSent();
    } catch (error) {
      if (controller.signal.aborted) return;
      const fields = error instanceof ApiError ? error.fields : {};
      // When the server named the file it refused, the others failed only because a report is
      // kept whole or not at all: they get the default upload text, not the server's message.
      const blamed = Object.keys(fields).some((key) => key.startsWith('files.'));
      uids.forEach((uid, i) => {
        const own = fields[`files.${i}`];
        dispatch(
          own
            ? { uid, type: 'failure', response: own }
            : { uid, type: 'failure', error: blamed || !(error instanceof Error) ? undefined : error },
        );
      });
      setErrors({
        text: fields.text,
        contact: fields.contact,
        policyAgreement: fields.policy_agreement,
        files: fields.files,
      });
      if (fields.files) setFilesTouched(true);
      setFailed(true);
    } finally {
      setSending(false);
      abort.current = null;
    }
  };

  const filesError = filesTouched ? (errors.files ?? refusal ?? undefined) : undefined;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={M.title}>
      {failed ? <Alert variant="error">{M.sendFailed}</Alert> : null}
      <TextArea
        id={textId}
        label={M.textLabel}
        name="text"
        rows={5}
        maxLength={BUG_REPORT_TEXT_MAX_LENGTH}
        required
        value={text}
        disabled={sending}
        error={errors.text}
        onChange={(e) => setText(e.target.value)}
      />
      {isVerified ? null : (
        <TextInput
          label={M.contactLabel}
          name="contact"
          autoComplete="email"
          value={contact}
          maxLength={BUG_REPORT_CONTACT_MAX_LENGTH}
          required
          disabled={sending}
          onValueChange={(value) => setContact(value.slice(0, BUG_REPORT_CONTACT_MAX_LENGTH))}
          error={errors.contact}
        />
      )}
      <FileUpload
        label={M.filesLabel}
        hint={M.filesHint}
        items={items}
        accept={BUG_REPORT_ALLOWED_MIME_TYPES.join(',')}
        disabled={sending}
        sending={sending}
        error={filesError}
        onSelect={onSelect}
        onRemove={onRemove}
        onBlur={() => setFilesTouched(true)}
      />
      {isVerified ? null : (
        <Checkbox
          name="policyAgreement"
          checked={agreed}
          disabled={sending}
          onCheckedChange={setAgreed}
          error={errors.policyAgreement}
          label={M.policyAgreementLabel}
        />
      )}
      <Button type="submit" appearance="primary" size="large" loading={sending} fullWidth>
        {M.send}
      </Button>
    </form>
  );
}
