'use client';

import type { OrderDraft } from '@freight/domain/order-draft';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Spinner } from '@/components/ui';
import { orderApi } from '../api/order-api';
import { clearSubmitKey, toServerCopy, writeLocalDraft } from '../lib/draft-storage';

const T = ACCOUNT_ORDERS_TEXTS;

/**
 * The wizard's entry point for «Повторить заявку»: saves `draft` as the order draft (server copy
 * first — without the participants until the consent is ticked — then this browser's whole copy
 * marked in sync with it, so neither older copy wins) and opens the wizard on its first step.
 */
export function RepeatOrder({ draft }: { draft: OrderDraft }) {
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const start = useCallback(async () => {
    setFailed(false);
    try {
      const saved = await orderApi.saveDraft(toServerCopy(draft));
      writeLocalDraft(draft, saved.updated_at);
      clearSubmitKey();
      router.replace('/order?step=route');
    } catch {
      setFailed(true);
    }
  }, [draft, router]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);
  if (failed) {
    return (
      <Alert variant="error">
        {T.repeatFailed}{' '}
        <Button appearance="link" onClick={() => void start()}>
          {ACCOUNT_ORDERS_TEXTS.retry}
        </Button>
      </Alert>
    );
  }
  return (
    <p role="status">
      <Spinner size="small" /> {T.repeatPreparing}
    </p>
  );
}
