'use client';

import { exportProgressText } from '@freight/domain/export-jobs';
import { EXPORT_JOBS_TEXTS } from '@freight/domain/texts/export-jobs';
import type { ReactNode } from 'react';
import type { ExportJobState } from '@/lib/exports/export-jobs';
import styles from './exports.module.css';

const T = EXPORT_JOBS_TEXTS;

/**
 * What the export started from this place is doing: «Готовим файл… 1 200 из 10 000 строк»,
 * «Файл готов, скачивание началось» (with a link, in case the browser held the download back) or
 * the Russian reason it failed. The progress is a polite live region (each change is read out);
 * the failure is an alert.
 */
export function ExportStatus({
  state,
  inRow = false,
}: {
  state: ExportJobState;
  /** Inside a wrapping row of buttons. */ inRow?: boolean;
}) {
  let content: ReactNode = null;
  if (state.phase === 'starting') content = T.preparing;
  if (state.phase === 'pending') content = exportProgressText(state.job.rows_done, state.job.rows_total);
  if (state.phase === 'ready') {
    content = (
      <>
        {T.ready}{' '}
        <a href={state.job.download_url ?? undefined} download>
          {T.downloadAgain}
        </a>
      </>
    );
  }
  return (
    <div className={inRow ? `${styles.status} ${styles.statusInRow}` : styles.status}>
      <p role="status" aria-live="polite" className={styles.statusLine} data-testid="export-status">
        {content}
      </p>
      {state.phase === 'failed' && (
        <p role="alert" className={styles.statusError}>
          {state.message}
        </p>
      )}
    </div>
  );
}
