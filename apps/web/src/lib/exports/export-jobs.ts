'use client';

// Deep and type-only imports keep zod and the schemas out of the browser bundle.
import { EXPORT_PATHS } from '@freight/contracts/export-paths';
import type {
  CargoListExportRequest,
  ExportJob,
  ExportJobList,
  ReconciliationExportRequest,
} from '@freight/contracts/export-jobs';
import { isExportPending } from '@freight/domain/export-jobs';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { EXPORT_JOBS_TEXTS } from '@freight/domain/texts/export-jobs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '@/lib/api/client';

/*
 * Queued exports in the browser (issue 18 item 4): a button asks the API for a file, the page
 * follows the job's progress and starts the download itself once the file is ready. Shared by the
 * order list and the reconciliation act (features never import each other).
 */

const T = EXPORT_JOBS_TEXTS;

/** Fired on `window` when an export was asked for or finished: «Последние выгрузки» reloads. */
export const EXPORTS_CHANGED_EVENT = 'magistral:exports-changed';

export const exportJobsApi = {
  createCargoList: (body: CargoListExportRequest) =>
    apiFetch<ExportJob>(EXPORT_PATHS.exportCargoList, { method: 'POST', json: body }),
  createReconciliation: (body: ReconciliationExportRequest) =>
    apiFetch<ExportJob>(EXPORT_PATHS.exportReconciliation, { method: 'POST', json: body }),
  get: (id: string, signal?: AbortSignal) =>
    apiFetch<ExportJob>(`${EXPORT_PATHS.exportJob}?id=${encodeURIComponent(id)}`, { signal, cache: 'no-store' }),
  list: (signal?: AbortSignal) => apiFetch<ExportJobList>(EXPORT_PATHS.exports, { signal, cache: 'no-store' }),
};

/**
 * Starts downloading a same-origin file (the API answers with Content-Disposition: attachment),
 * as a click on a plain link would: the page stays where it is.
 */
export function startDownload(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** How long to wait before asking again: often at first (most files take seconds), then calmer. */
export function pollDelay(elapsedMs: number): number {
  return elapsedMs < 10_000 ? 700 : 2_000;
}

/** Polls in a row that may fail (the network) before the page gives up following the job. */
const MAX_POLL_FAILURES = 5;

export type ExportJobState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'pending'; job: ExportJob }
  | { phase: 'ready'; job: ExportJob }
  | { phase: 'failed'; message: string };

const announce = () => window.dispatchEvent(new Event(EXPORTS_CHANGED_EVENT));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : COMMON_TEXTS.internalError);

/**
 * One export at a time from one place of a page: `start(create)` asks for it (`create` is the
 * POST), then follows GET exports/job until it is ready — and starts the download — or failed.
 * A second `start` while one is on its way does nothing. Leaving the page stops following.
 */
export function useExportJob() {
  const [state, setState] = useState<ExportJobState>({ phase: 'idle' });
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const follow = useCallback(async (first: ExportJob) => {
    let job = first;
    let failures = 0;
    const startedAt = Date.now();
    while (isExportPending(job.status)) {
      if (!mounted.current) return;
      setState({ phase: 'pending', job });
      await sleep(pollDelay(Date.now() - startedAt));
      if (!mounted.current) return;
      try {
        job = await exportJobsApi.get(job.id);
        failures = 0;
      } catch (error) {
        // The export is gone or no longer ours (404, 403): nothing to wait for.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          setState({ phase: 'failed', message: error.message });
          return;
        }
        failures += 1;
        if (failures >= MAX_POLL_FAILURES) {
          setState({ phase: 'failed', message: T.pollFailed });
          return;
        }
      }
    }
    if (!mounted.current) return;
    if (job.status === 'ready' && job.download_url) {
      setState({ phase: 'ready', job });
      startDownload(job.download_url);
    } else {
      setState({ phase: 'failed', message: job.error ?? T.renderFailed });
    }
  }, []);

  const start = useCallback(
    async (create: () => Promise<ExportJob>) => {
      if (busy.current) return;
      busy.current = true;
      setState({ phase: 'starting' });
      try {
        const job = await create();
        announce();
        await follow(job);
      } catch (error) {
        if (mounted.current) setState({ phase: 'failed', message: messageOf(error) });
      } finally {
        busy.current = false;
        if (mounted.current) announce();
      }
    },
    [follow],
  );

  return { state, start, busy: state.phase === 'starting' || state.phase === 'pending' };
}
