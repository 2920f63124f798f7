'use client';

import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { useForm } from 'react-hook-form';
import { Button, TextInput } from '@/components/ui';
import { startDownload } from '../lib/download';
import { quarterStart, reconciliationHref, type ReconciliationFormat } from '../lib/finance-url';
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
 * three years at most; the messages under the fields); a valid period downloads
 * GET settlements/reconciliation as a plain same-origin link.
 */
export function ReconciliationForm({ contractUuid, contractNumber, today }: ReconciliationFormProps) {
  const form = useForm<ReconciliationValues>({
    defaultValues: { date_from: quarterStart(today), date_to: today },
    resolver: lazyZodResolver<ReconciliationValues>('ReconciliationFormSchema'),
  });
  const { errors } = form.formState;

  const download = (format: ReconciliationFormat) =>
    form.handleSubmit((period) => startDownload(reconciliationHref(contractUuid, period, format)));

  return (
    <section className={styles.section} aria-labelledby="finance-act-h">
      <h2 id="finance-act-h">{S.reconciliationTitle}</h2>
      <p className={styles.hint}>{S.reconciliationText}</p>
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
        <div className={styles.actions}>
          <Button type="submit">{S.downloadPdf}</Button>
          <Button appearance="secondary" onClick={() => void download('xlsx')()}>
            {S.downloadXlsx}
          </Button>
        </div>
      </form>
    </section>
  );
}
