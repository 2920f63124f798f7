'use client';

import type { CargoDetails, RequestCreateResponse } from '@freight/contracts/orders';
import { CALCULATION_PATHS } from '@freight/contracts/calculation-paths';
import { formatLongDate } from '@freight/domain/dates';
import { ORDER_TEXTS } from '@freight/domain/texts/order';
import { Link } from '@/components/ui/link';
import { useEffect, useState } from 'react';
import { Button, CheckIcon, Spinner } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import { readCreated } from '../lib/created-stash';
import { stepHref } from '../lib/steps';
import styles from './order.module.css';

const T = ORDER_TEXTS;

interface Shown {
  track: string;
  statusName: string;
  priceText: string;
  arrivalText: string | null;
  /** Why the arrival is later than the calculator's (request_create's `arrival_note`), or null. */
  arrivalNote: string | null;
  departureType: 'warehouse' | 'address' | null;
  /** Where the confirmation went: null — nowhere (the page is it); undefined — not known here (the page was reopened). */
  notification: RequestCreateResponse['notification'] | undefined;
}

function fromCreated(created: RequestCreateResponse): Shown {
  return {
    track: created.track_number,
    statusName: created.status_name,
    priceText: created.price_text,
    arrivalText: created.arrival_date_text,
    arrivalNote: created.arrival_note ?? null,
    departureType: null,
    notification: created.notification,
  };
}

function fromDetails(details: CargoDetails, created: RequestCreateResponse | null): Shown {
  return {
    track: details.track_number,
    statusName: details.status_name,
    priceText: details.price_text,
    arrivalText: details.planned_arrival_date ? formatLongDate(details.planned_arrival_date) : null,
    // The reason is only in request_create's answer (kept for this page in the session).
    arrivalNote:
      created?.arrival_note && created.arrival_date === details.planned_arrival_date ? created.arrival_note : null,
    departureType: details.departure.type,
    notification: created ? created.notification : undefined,
  };
}

/** The confirmation after request_create: the track number, the fixed price, what happens next. */
export function OrderDone({ track }: { track: string }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await Promise.resolve();
      const created = readCreated(track);
      if (created && !cancelled) setShown(fromCreated(created));
      try {
        const details = await apiFetch<CargoDetails>(
          `${CALCULATION_PATHS.currentCargo}?tracknumber=${encodeURIComponent(track)}`,
          { cache: 'no-store' },
        );
        if (!cancelled) setShown(fromDetails(details, created));
      } catch (error) {
        if (!cancelled && !created) setFailed(error instanceof ApiError ? error.message : T.doneUnavailable);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [track]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(track);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  if (failed) {
    return (
      <div className={styles.donePanel}>
        <h1>{T.doneNotFoundTitle}</h1>
        <p>{failed}</p>
        <Button as={Link} href={stepHref('route')}>
          {T.newOrder}
        </Button>
      </div>
    );
  }
  if (!shown) {
    return (
      <div className={styles.loadingPage} role="status">
        <Spinner /> <span>{T.loading}</span>
      </div>
    );
  }
  const trackingHref = `/tracking/${encodeURIComponent(shown.track)}`;
  return (
    <div className={styles.donePanel}>
      <h1 className={styles.doneTitle}>
        <CheckIcon size={28} aria-hidden="true" className={styles.doneIcon} /> {T.doneTitle}
      </h1>
      <div className={styles.trackBox}>
        <span className={styles.trackLabel}>{T.trackNumber}</span>
        <span className={styles.trackNumber} data-testid="track-number">
          {shown.track}
        </span>
        <Button appearance="secondary" onClick={() => void copy()}>
          {copied ? T.copied : T.copy}
        </Button>
        <span className="visually-hidden" role="status">
          {copied ? T.copiedAnnounce : ''}
        </span>
      </div>
      <dl className={styles.reviewList}>
        <div className={styles.reviewRow}>
          <dt>{T.doneStatus}</dt>
          <dd>{shown.statusName}</dd>
        </div>
        <div className={styles.reviewRow}>
          <dt>{T.donePrice}</dt>
          <dd>
            <strong>{shown.priceText}</strong> {T.donePriceFixed}
          </dd>
        </div>
        {shown.arrivalText ? (
          <div className={styles.reviewRow}>
            <dt>{T.doneArrival}</dt>
            <dd>
              <span data-testid="done-arrival">{shown.arrivalText}</span>
              {shown.arrivalNote ? (
                <span className={styles.choiceDescription} data-testid="arrival-note">
                  {shown.arrivalNote}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <h2 className={styles.panelTitle}>{T.nextTitle}</h2>
      <ol className={styles.nextList}>
        <li>{shown.departureType === 'address' ? T.nextPickup : T.nextDropoff}</li>
        <li>{T.nextTrack}</li>
        <li>{T.nextPay}</li>
      </ol>
      <p className={styles.hint} data-testid="confirmation-note">
        {shown.notification === undefined
          ? T.notifiedGeneric
          : shown.notification === null
            ? T.notifiedNone
            : shown.notification.channel === 'sms'
              ? T.notifiedSms(shown.notification.to)
              : T.notifiedEmail(shown.notification.to)}
      </p>
      <div className={styles.actions}>
        <Button as={Link} href={trackingHref} appearance="primary">
          {T.trackCargo}
        </Button>
        <Button as={Link} href={stepHref('route')} appearance="secondary">
          {T.newOrder}
        </Button>
      </div>
    </div>
  );
}
