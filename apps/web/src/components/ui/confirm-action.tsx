'use client';

import { useState } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { LazyModal, preloadModal } from './lazy-modal';
import styles from './confirm-action.module.css';

export interface ConfirmActionProps {
  /** The button that opens the dialog. */
  label: string;
  /** The button's accessible name when its label alone is ambiguous (one per row). */
  ariaLabel?: string | undefined;
  appearance?: 'dangerous' | 'secondary';
  title: string;
  description: string;
  /** «Оставить» — closes the dialog. */
  cancelLabel: string;
  /** The dangerous confirmation. */
  confirmLabel: string;
  /** Does the action; a throw keeps the dialog open with `errorText(error)` in it. */
  onConfirm: () => Promise<void>;
  errorText: (error: unknown) => string;
}

/**
 * A button that asks first: a dialog with what will happen, «cancel» and the dangerous
 * confirmation, which shows it is busy and, when the action fails, the reason in the dialog.
 * The dialog's code loads on the first hover or focus of the button.
 */
export function ConfirmAction({
  label,
  ariaLabel,
  appearance = 'dangerous',
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  errorText,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        appearance={appearance}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        onPointerEnter={preloadModal}
        onFocus={preloadModal}
        aria-label={ariaLabel}
      >
        {label}
      </Button>
      <LazyModal
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        maxWidth={480}
        footer={
          <div className={styles.actions}>
            <Button appearance="secondary" onClick={() => setOpen(false)}>
              {cancelLabel}
            </Button>
            <Button appearance="dangerous" loading={busy} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </div>
        }
      >
        {error ? <Alert variant="error">{error}</Alert> : null}
      </LazyModal>
    </>
  );
}
