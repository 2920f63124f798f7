import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import Link from 'next/link';
import { SiteShell } from '@/features/shell/components/site-shell';
import { BugReportButton } from '@/features/bug-report/components/bug-report-button';
import styles from './_components/status-box.module.css';

export const metadata: Metadata = { title: MESSAGES.shell.notFoundTitle };

/** Any unknown address: the Russian 404 inside the site shell (header and footer stay). */
export default function NotFound() {
  return (
    <SiteShell bugReport={<BugReportButton compact />}>
      <div className="container">
        <section className={styles.box}>
          <h1 className={styles.title}>{MESSAGES.shell.notFoundTitle}</h1>
          <p className={styles.subtitle}>{MESSAGES.shell.notFoundText}</p>
          <div className={styles.actions}>
            <Link className={styles.button} href="/">
              {MESSAGES.shell.goHome}
            </Link>
          </div>
        </section>
      </div>
    </SiteShell>
  );
}
