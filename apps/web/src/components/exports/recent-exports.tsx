'use client';

import type { ExportJob } from '@freight/contracts/export-jobs';
import { formatLongDateTime } from '@freight/domain/dates';
import { exportProgressText, isExportPending, type ExportKind } from '@freight/domain/export-jobs';
import { EXPORT_JOBS_TEXTS } from '@freight/domain/texts/export-jobs';
import { useEffect, useState } from 'react';
import { formatFileSize } from '@/components/ui/file-upload';
import { EXPORTS_CHANGED_EVENT, exportJobsApi } from '@/lib/exports/export-jobs';
import styles from './exports.module.css';

const T = EXPORT_JOBS_TEXTS;

/** While an export of the list is still being prepared, the list asks again this often. */
export const RECENT_EXPORTS_POLL_MS = 3_000;

/**
 * «Последние выгрузки»: the user's latest exports of `kind` from the API (so they survive a
 * reload) — a ready one as a download link with its size and how long it is kept, one being
 * prepared with its progress, a failed one with the reason. Reloads when an export is asked for
 * or finishes on this page, and every few seconds while one is on its way. Renders nothing while
 * there is nothing to show (or the list could not be loaded).
 */
export function RecentExports({ kind }: { kind: ExportKind }) {
  const [items, setItems] = useState<readonly ExportJob[]>([]);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const reload = () => setVersion((n) => n + 1);
    window.addEventListener(EXPORTS_CHANGED_EVENT, reload);
    return () => window.removeEventListener(EXPORTS_CHANGED_EVENT, reload);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    exportJobsApi
      .list(controller.signal)
      .then(({ items: all }) => {
        const mine = all.filter((job) => job.kind === kind);
        setItems(mine);
        if (mine.some((job) => isExportPending(job.status))) {
          timer = setTimeout(() => setVersion((n) => n + 1), RECENT_EXPORTS_POLL_MS);
        }
      })
      .catch(() => {
        // Not shown: the list is a convenience, the page works without it.
      });
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [kind, version]);

  if (items.length === 0) return null;
  return (
    <section className={styles.recent} aria-labelledby={`recent-exports-${kind}`} data-testid="recent-exports">
      <h3 id={`recent-exports-${kind}`} className={styles.recentTitle}>
        {T.recentTitle}
      </h3>
      <ul className={styles.recentList}>
        {items.map((job) => (
          <li key={job.id} className={styles.recentItem}>
            {job.status === 'ready' && job.download_url ? (
              <>
                <a href={job.download_url} download>
                  {job.file_name}
                </a>{' '}
                <span className={styles.recentMeta}>
                  {formatFileSize(job.size_bytes ?? 0)}, {T.keptUntil(formatLongDateTime(job.expires_at))}
                </span>
              </>
            ) : job.status === 'failed' ? (
              <span className={styles.recentError}>
                {job.kind_label}: {job.error ?? T.renderFailed}
              </span>
            ) : (
              <span className={styles.recentMeta}>
                {job.kind_label}: {exportProgressText(job.rows_done, job.rows_total)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
