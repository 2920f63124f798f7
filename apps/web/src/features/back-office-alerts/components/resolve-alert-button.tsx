'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { SecurityAlert, SecurityAlertResolveBody } from '@freight/contracts/back-office-alerts';
import { BO_ALERTS_TEXTS } from '@freight/domain/texts/back-office-alerts';
import { Button } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import styles from './alerts.module.css';

const T = BO_ALERTS_TEXTS.page;

/**
 * «Закрыть» of an open alert: resolves it and refreshes the list. Its accessible name says which
 * alert («Закрыть сигнал «Исчерпан лимит SMS на номер»: Номер +7 (9**) ***-**-01»). A refusal
 * (e.g. someone closed it a moment ago) is shown beside it, and the list is refreshed anyway.
 */
export function ResolveAlertButton({ alert }: { alert: Pick<SecurityAlert, 'id' | 'kind_label' | 'subject'> }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const resolve = async () => {
    setBusy(true);
    setError(null);
    try {
      const body: SecurityAlertResolveBody = {};
      await apiFetch(`/api/v1/back-office/security_alerts/${alert.id}/resolve`, { method: 'POST', json: body });
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      if (e instanceof ApiError && e.status === 409) router.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        appearance="secondary"
        loading={busy}
        onClick={resolve}
        aria-label={T.resolveLabel(alert.kind_label, alert.subject)}
      >
        {T.resolve}
      </Button>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
