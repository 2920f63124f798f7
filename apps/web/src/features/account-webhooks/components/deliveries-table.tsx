'use client';

import type { WebhookDelivery, WebhookDeliveryPage } from '@freight/contracts/webhooks';
import { formatDateTime } from '@freight/domain/dates';
import { formatCount } from '@freight/domain/plural';
import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import { useCallback, useEffect, useState } from 'react';
import { ActionRow, Alert, Button, Hint, Spinner, Table } from '@/components/ui';
import { errorMessage, webhooksApi } from '../api/webhooks-api';
import styles from './webhooks.module.css';

const S = WEBHOOKS_TEXTS.screen;

/**
 * The deliveries of one address, newest first: event, status, the receiver's code, the time of
 * the latest attempt and the first part of its answer, the attempts under each row, and
 * «Повторить» for one not delivered. Read in the browser when opened; «Обновить» reads page 1
 * again, «Показать ещё» appends the next page. Below 640 px each delivery is a card.
 */
export function DeliveriesTable({ endpointId }: { endpointId: string }) {
  const [pages, setPages] = useState<WebhookDeliveryPage[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (page: number) => {
      setLoading(true);
      setError(null);
      try {
        const next = await webhooksApi.deliveries(endpointId, page);
        setPages((current) => (page === 1 ? [next] : [...current, next]));
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setLoading(false);
      }
    },
    [endpointId],
  );
  // The first page when the table opens (state is set in the answer's callback, not in the effect).
  useEffect(() => {
    let live = true;
    webhooksApi.deliveries(endpointId, 1).then(
      (first) => {
        if (!live) return;
        setPages([first]);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(errorMessage(e));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [endpointId]);

  const deliveries = pages.flatMap((p) => p.deliveries);
  const last = pages.at(-1);
  const more = last ? last.page * last.page_size < last.total : false;
  const replace = (updated: WebhookDelivery) =>
    setPages((current) =>
      current.map((p) => ({ ...p, deliveries: p.deliveries.map((d) => (d.id === updated.id ? updated : d)) })),
    );

  return (
    <section aria-label={S.deliveriesTitle}>
      <ActionRow>
        <h4>{S.deliveriesTitle}</h4>
        <Button appearance="link" onClick={() => void load(1)} disabled={loading}>
          {S.refresh}
        </Button>
      </ActionRow>
      {error ? <Alert variant="error">{error}</Alert> : null}
      {!error && !loading && deliveries.length === 0 ? <Hint>{S.deliveriesEmpty}</Hint> : null}
      {deliveries.length > 0 ? (
        <Table stacked>
          <caption className="visually-hidden">{S.deliveriesTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{S.colEvent}</th>
              <th scope="col">{S.colStatus}</th>
              <th scope="col">{S.colCode}</th>
              <th scope="col">{S.colTime}</th>
              <th scope="col">{S.colAnswer}</th>
              <th scope="col">
                <span className="visually-hidden">{S.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} onRetried={replace} />
            ))}
          </tbody>
        </Table>
      ) : null}
      {loading ? <Spinner /> : null}
      {more && !loading ? (
        <Button appearance="secondary" onClick={() => void load((last?.page ?? 0) + 1)}>
          {S.more}
        </Button>
      ) : null}
    </section>
  );
}

function Answer({ response, error }: { response: string | null; error: string | null }) {
  return (
    <>
      {error ? <span className={styles.error}>{error}</span> : null}
      {response ? <pre className={styles.answer}>{response}</pre> : null}
      {!error && !response ? <Hint as="span">{S.noAnswer}</Hint> : null}
    </>
  );
}

function DeliveryRow({
  delivery,
  onRetried,
}: {
  delivery: WebhookDelivery;
  onRetried: (delivery: WebhookDelivery) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const when = delivery.attempts[0]?.at ?? delivery.created_at;
  const retry = async () => {
    setBusy(true);
    setNotice(null);
    try {
      onRetried(await webhooksApi.retry(delivery.id));
      setNotice({ ok: true, text: S.retried });
    } catch (e) {
      setNotice({ ok: false, text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr>
      <td>
        <span className={styles.cellLabel}>{S.colEvent}</span>
        {delivery.event_label}
      </td>
      <td>
        <span className={styles.cellLabel}>{S.colStatus}</span>
        <span className={styles.status} data-status={delivery.status}>
          {delivery.status_label}
        </span>
        {delivery.next_attempt_at ? (
          <span className={styles.meta}> {S.nextAttempt(formatDateTime(delivery.next_attempt_at))}</span>
        ) : null}
      </td>
      <td className={styles.nowrap}>
        <span className={styles.cellLabel}>{S.colCode}</span>
        {delivery.last_status_code ?? S.noCode}
      </td>
      <td className={styles.nowrap}>
        <span className={styles.cellLabel}>{S.colTime}</span>
        <time dateTime={when}>{formatDateTime(when)}</time>
      </td>
      <td>
        <span className={styles.cellLabel}>{S.colAnswer}</span>
        {delivery.attempt_count > 0 ? <Answer response={delivery.last_response} error={delivery.last_error} /> : null}
        {delivery.attempts.length > 0 ? (
          <details className={styles.attempts}>
            <summary>{formatCount(delivery.attempt_count, S.attemptForms)}</summary>
            <ol>
              {delivery.attempts.map((attempt) => (
                <li key={attempt.number} value={attempt.number}>
                  <span className={styles.meta}>
                    {S.attemptNumber(attempt.number)} · {formatDateTime(attempt.at)} · {attempt.status_code ?? S.noCode}{' '}
                    · {S.durationMs(attempt.duration_ms)}
                  </span>
                  <Answer response={attempt.response} error={attempt.error} />
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </td>
      <td>
        {delivery.can_retry ? (
          <Button appearance="secondary" loading={busy} onClick={() => void retry()}>
            {S.retry}
          </Button>
        ) : null}
        {notice ? (
          <span role="status" className={notice.ok ? styles.meta : styles.error}>
            {notice.text}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
