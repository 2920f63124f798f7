'use client';

import { useEffect } from 'react';
import { SHELL_TEXTS } from '@freight/domain/texts/shell';
import { BugReportButton } from '@/features/bug-report/components/bug-report-button';
import styles from '../_components/status-box.module.css';

/**
 * Error boundary of spec §2: 'Произошла ошибка' / 'Попробуйте зайти позже' and the bug-report
 * button, which opens the bug-report modal.
 */
export default function SiteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    // Keep the digest reachable for support without showing internals to the visitor.
    if (error.digest) document.documentElement.dataset.errorDigest = error.digest;
  }, [error]);

  return (
    <div className="container">
      <section className={styles.box} role="alert" data-testid="error-screen">
        <h1 className={styles.title}>{SHELL_TEXTS.errorTitle}</h1>
        <p className={styles.subtitle}>{SHELL_TEXTS.errorSubtitle}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={reset}>
            {SHELL_TEXTS.errorRetry}
          </button>
          <BugReportButton appearance="secondary" size="large" />
          <a className={styles.link} href="/">
            {SHELL_TEXTS.goHome}
          </a>
        </div>
      </section>
    </div>
  );
}
