import type { Metadata } from 'next';
import Link from 'next/link';
import { SiteShell } from '@/features/shell/components/site-shell';
import { BugReportButton } from '@/features/bug-report/components/bug-report-button';
import { SHELL_LABELS } from '@/features/shell/labels';
import styles from './_components/status-box.module.css';

export const metadata: Metadata = { title: SHELL_LABELS.notFoundTitle };

/** Any unknown address: the Russian 404 inside the site shell (header and footer stay). */
export default function NotFound() {
  return (
    <SiteShell bugReport={<BugReportButton compact />}>
      <div className="container">
        <section className={styles.box}>
          <h1 className={styles.title}>{SHELL_LABELS.notFoundTitle}</h1>
          <p className={styles.subtitle}>{SHELL_LABELS.notFoundText}</p>
          <div className={styles.actions}>
            <Link className={styles.button} href="/">
              {SHELL_LABELS.goHome}
            </Link>
          </div>
        </section>
      </div>
    </SiteShell>
  );
}
