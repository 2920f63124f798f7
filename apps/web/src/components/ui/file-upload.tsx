'use client';

import { clsx } from 'clsx';
import { useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import type { UploadItem } from '@freight/domain/upload';
import { UPLOAD_TEXTS } from '@freight/domain/texts/upload';
import { Button } from './button';
import { CheckIcon, CloseIcon, WarningIcon } from './icons';
import { Spinner } from './spinner';
import styles from './file-upload.module.css';

const L = UPLOAD_TEXTS;

export interface FileUploadProps {
  /** Visible label; also the accessible name of the file input. */
  label: ReactNode;
  /** Formats and limits, under the label. */
  hint?: ReactNode;
  /** The upload items (spec section 3), in order; `removed` items are not shown. */
  items: readonly UploadItem[];
  /** The `accept` attribute of the file input, e.g. 'image/jpeg,image/png'. */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /**
   * While false, an item still `uploading` at 0 % is waiting to be sent with its form and is
   * shown as ready; while true, progress is shown.
   */
  sending?: boolean;
  /** Field error under the list (show it once the field is touched). */
  error?: ReactNode;
  /** Files the user picked, before any check: the owner runs its pre-upload check and adds items. */
  onSelect: (files: File[]) => void;
  onRemove: (uid: string) => void;
  /** The field was left: a good moment to mark it touched. */
  onBlur?: () => void;
  /** Text of the choose button. */
  chooseLabel?: ReactNode;
  className?: string;
}

const SIZE_UNITS = ['Б', 'КБ', 'МБ', 'ГБ'] as const;

/** 1536 → '1,5 КБ'; binary multiples, one decimal below 10, a no-break space before the unit. */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const text = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: digits }).format(value);
  return `${text}\u00a0${SIZE_UNITS[unit]}`;
}

function statusText(item: UploadItem, sending: boolean): string {
  if (item.status === 'done') return L.statusDone;
  if (item.status === 'error') return L.statusError;
  if (!sending && item.percent === 0) return L.statusReady;
  return `${L.statusUploading}: ${item.percent}\u00a0%`;
}

/**
 * The upload widget (spec sections 3, 4, 8): a button that opens the file picker (the input
 * itself stays reachable for assistive tech and tests), and the list of items with name, size,
 * status, a progress bar while uploading, a remove button, and for a failed item a warning
 * whose tooltip says why (shown on hover and on keyboard focus, and read as its description).
 * It holds no state of its own: the owner keeps the items (domain `uploadListReducer`),
 * runs the pre-upload check in `onSelect` and does the uploading.
 */
export function FileUpload({
  label,
  hint,
  items,
  accept,
  multiple = true,
  disabled = false,
  sending = false,
  error,
  onSelect,
  onRemove,
  onBlur,
  chooseLabel = multiple ? L.chooseFiles : L.chooseFile,
  className,
}: FileUploadProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const visible = items.filter((item) => item.status !== 'removed');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Let the same file be picked again after it was removed.
    event.target.value = '';
    if (files.length > 0) onSelect(files);
  };

  return (
    <div className={clsx(styles.field, className)} onBlur={onBlur}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        type="file"
        className={styles.input}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        tabIndex={-1}
        aria-labelledby={labelId}
        aria-describedby={clsx(hint && hintId, hasError && errorId) || undefined}
        aria-invalid={hasError || undefined}
        onChange={onChange}
      />
      <div>
        <Button
          appearance="secondary"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          aria-describedby={clsx(labelId, hint && hintId, hasError && errorId) || undefined}
        >
          {chooseLabel}
        </Button>
      </div>
      {visible.length > 0 ? (
        <ul className={styles.list} aria-label={L.listLabel}>
          {visible.map((item) => {
            const tipId = `${id}-${item.uid}-tip`;
            const status = statusText(item, sending);
            return (
              <li key={item.uid} className={clsx(styles.item, item.status === 'error' && styles.itemError)}>
                <span className={styles.icon} aria-hidden="true">
                  {item.status === 'done' ? (
                    <CheckIcon size={18} />
                  ) : item.status === 'uploading' && sending ? (
                    <Spinner size="small" />
                  ) : null}
                </span>
                <span className={styles.main}>
                  <span className={styles.name}>
                    {item.url ? (
                      <a href={item.url} target="_blank" rel="noopener noreferrer">
                        {item.name}
                      </a>
                    ) : (
                      item.name
                    )}
                  </span>
                  <span className={styles.meta}>
                    {formatFileSize(item.size)} · <span data-testid="upload-status">{status}</span>
                  </span>
                  {item.status === 'uploading' && sending ? (
                    <span
                      className={styles.progress}
                      role="progressbar"
                      aria-label={item.name}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={item.percent}
                    >
                      <span className={styles.bar} style={{ width: `${item.percent}%` }} />
                    </span>
                  ) : null}
                </span>
                {item.status === 'error' ? (
                  <span className={styles.tipAnchor}>
                    <button
                      type="button"
                      className={styles.warning}
                      aria-label={`${L.statusError}: ${item.name}`}
                      aria-describedby={tipId}
                    >
                      <WarningIcon size={18} />
                    </button>
                    <span id={tipId} role="tooltip" className={styles.tooltip}>
                      {item.errorText ?? L.failed}
                    </span>
                  </span>
                ) : null}
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`${L.remove} ${item.name}`}
                  title={L.remove}
                  disabled={disabled}
                  onClick={() => onRemove(item.uid)}
                >
                  <CloseIcon size={16} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {hasError ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
