'use client';

import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { useForm } from 'react-hook-form';
import { ActionRow, Button, Hint, Panel, TextInput } from '@/components/ui';
import { ExportStatus } from '@/components/exports/export-status';
import { RecentExports } from '@/components/exports/recent-exports';
import { exportJobsApi, useExportJob } from '@/lib/exports/export-jobs';
import { quarterStart, type ReconciliationFormat } from '../lib/finance-url';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import styles from './finance.module.css';

const S = SETTLEMENTS_TEXTS.screen;

interface ReconciliationValues {
  date_from: string;
  date_to: string;
}

export interface ReconciliationFormProps {
  contractUuid: string;
  contractNumber: string;
  /** Today, YYYY-MM-DD (Moscow): the default period is the current quarter up to today. */
  today: string;
}

/**
 * «Акт сверки»: a period (from the first day of the current quarter to today by default) and two
 * downloads, PDF and Excel. Both dates are checked first (set, real, the start not after the end,
 * three years at most; the messages under the fields); a valid period asks the API to prepare
 * the act in the background, shows its progress and downloads it when it is ready (issue 18
 * item 4); «Последние выгрузки» lists the acts prepared lately.
 */
export function ReconciliationForm({ contractUuid, contractNumber, today }: ReconciliationFormProps) {
  const form = useForm<ReconciliationValues>({
    defaultValues: { date_from: quarterStart(today), date_to: today },
    resolver: lazyZodResolver<ReconciliationValues>('ReconciliationFormSchema'),
  });
  const { errors } = form.formState;
  const exportJob = useExportJob();

  // The act is prepared in the background (POST user/exports/reconciliation); the download starts when it is ready.
  const download = (format: ReconciliationFormat) =>
    form.handleSubmit((period) => {
      if (exportJob.busy) return;
      void exportJob.start(() =>
        exportJobsApi.createReconciliation({ contract_uuid: contractUuid, ...period, format }),
      );
    });

  return (
    <Panel aria-labelledby="finance-act-h">
      <h2 id="finance-act-h">{S.reconciliationTitle}</h2>
      <Hint>{S.reconciliationText}</Hint>
      <p className={styles.actContract}>{S.reconciliationContract(contractNumber)}</p>
      <form
        className={styles.actForm}
        noValidate
        onFocus={preloadSchemas}
        onSubmit={(event) => void download('pdf')(event)}
      >
        <div className={styles.actDates}>
          <TextInput
            label={S.dateFrom}
            type="date"
            clearable={false}
            {...form.register('date_from')}
            error={errors.date_from?.message}
          />
          <TextInput
            label={S.dateTo}
            type="date"
            clearable={false}
            {...form.register('date_to')}
            error={errors.date_to?.message}
          />
        </div>
        <ActionRow>
          <Button type="submit">{S.downloadPdf}</Button>
          <Button appearance="secondary" onClick={() => void download('xlsx')()}>
            {S.downloadXlsx}
          </Button>
        </ActionRow>
        {exportJob.state.phase !== 'idle' && <ExportStatus state={exportJob.state} />}
      </form>
      <RecentExports kind="reconciliation" />
    </Panel>
  );
}
