'use client';

import type { UnsubscribeInfo } from '@freight/contracts/notifications';
import type { NotificationEvent } from '@freight/domain/notifications';
import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';
import { useState } from 'react';
import { Alert, Button } from '@/components/ui';
import { errorMessage, notificationsApi } from '../api/notifications-api';
import styles from './notifications.module.css';

const U = NOTIFICATIONS_TEXTS.unsubscribe;

/**
 * The confirmation of an e-mail's unsubscribe link: the question, and one button per choice (this
 * status only, or every status e-mail). Only the click changes anything — a mail scanner that
 * opens the link does not unsubscribe anyone.
 */
export function UnsubscribeForm({ token, info }: { token: string; info: UnsubscribeInfo }) {
  const [done, setDone] = useState<UnsubscribeInfo['unsubscribed']>(null);
  const [busy, setBusy] = useState<'event' | 'all' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm(event: NotificationEvent | null) {
    setBusy(event ? 'event' : 'all');
    setError(null);
    try {
      setDone((await notificationsApi.unsubscribe(token, event)).unsubscribed);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  if (done) return <Alert variant="success">{done === 'event' ? U.done : U.doneAll}</Alert>;

  const question =
    info.kind === 'address' ? U.addressQuestion : info.event_label ? U.eventQuestion(info.event_label) : U.allQuestion;
  return (
    <div className={styles.code}>
      <p>{question}</p>
      {info.kind === 'account' && info.event ? (
        <Button loading={busy === 'event'} disabled={busy !== null} onClick={() => void confirm(info.event)}>
          {U.confirmEvent}
        </Button>
      ) : null}
      <Button
        appearance={info.kind === 'account' && info.event ? 'secondary' : 'primary'}
        loading={busy === 'all'}
        disabled={busy !== null}
        onClick={() => void confirm(null)}
      >
        {info.kind === 'account' ? U.confirmAll : U.confirmEvent}
      </Button>
      {error ? <Alert variant="error">{error}</Alert> : null}
    </div>
  );
}
