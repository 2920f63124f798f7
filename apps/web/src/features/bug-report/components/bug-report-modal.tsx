'use client';

import { useState } from 'react';
import type { BugReportUser } from '@freight/domain/bug-report';
import { BUG_REPORT_TEXTS } from '@freight/domain/texts/bug-report';
import { Button, CheckIcon } from '@/components/ui';
import { Modal } from '@/components/ui/modal';
import { BugReportForm } from './bug-report-form';
import styles from './bug-report.module.css';

const M = BUG_REPORT_TEXTS;

export interface BugReportModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: BugReportUser | null;
}

/**
 * The bug-report modal of spec sections 2 and 4: the form, then the success view with a
 * Закрыть button. Closing resets everything: the next opening starts with an empty form.
 */
export default function BugReportModal({ open, onOpenChange, user }: BugReportModalProps) {
  const [sent, setSent] = useState(false);
  const [generation, setGeneration] = useState(0);

  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setSent(false);
      setGeneration((g) => g + 1);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={change}
      title={M.title}
      description={sent ? undefined : M.description}
      maxWidth={560}
    >
      {sent ? (
        <div className={styles.success} role="status">
          <span className={styles.successIcon} aria-hidden="true">
            <CheckIcon size={28} />
          </span>
          <p className={styles.successTitle}>{M.successTitle}</p>
          <p className={styles.successSubtitle}>{M.successSubtitle}</p>
          <Button appearance="primary" onClick={() => change(false)}>
            {M.close}
          </Button>
        </div>
      ) : (
        <BugReportForm key={generation} user={user} onSent={() => setSent(true)} />
      )}
    </Modal>
  );
}
