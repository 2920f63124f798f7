'use client';

import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import type { MouseEvent } from 'react';
import { Button } from '@/components/ui';
import { ExportStatus } from '@/components/exports/export-status';
import { exportJobsApi, useExportJob } from '@/lib/exports/export-jobs';
import { exportHref, exportRequest } from '../api/orders-api';

const T = ACCOUNT_ORDERS_TEXTS;

type ExportFormat = 'xlsx' | 'csv';

/**
 * «Выгрузить Excel» and «Выгрузить CSV» of the list as it is filtered now (issue 18 item 4): a
 * click asks the API to prepare the file in the background, the progress shows under the buttons
 * and the download starts by itself when the file is ready. Each button stays a link to the
 * streaming GET export, which is what a click without JavaScript (or a new tab) opens.
 */
export function ExportOrders({ listQuery }: { listQuery: URLSearchParams }) {
  const { state, start, busy } = useExportJob();
  const onClick = (format: ExportFormat) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    void start(() => exportJobsApi.createCargoList(exportRequest(listQuery, format)));
  };
  return (
    <>
      <Button
        href={exportHref(listQuery, 'xlsx')}
        appearance="secondary"
        download
        aria-busy={busy || undefined}
        onClick={onClick('xlsx')}
      >
        {T.exportXlsx}
      </Button>
      <Button
        href={exportHref(listQuery, 'csv')}
        appearance="secondary"
        download
        aria-busy={busy || undefined}
        onClick={onClick('csv')}
      >
        {T.exportCsv}
      </Button>
      {state.phase !== 'idle' && <ExportStatus state={state} inRow />}
    </>
  );
}
