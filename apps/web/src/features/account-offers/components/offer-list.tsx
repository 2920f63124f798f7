'use client';

import type { Offer } from '@freight/contracts/commercial';
import { formatLongDate } from '@freight/domain/dates';
import { formatNumber } from '@freight/domain/money';
import { COMMERCIAL_TEXTS } from '@freight/domain/texts/commercial';
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { ActionRow, Alert, Button, Hint, Panel } from '@/components/ui';
import { errorMessage, takeOffer } from '../api/offers-api';
import { offerExpired, offerNotStarted } from '../lib/validity';
import styles from './offers.module.css';

const S = COMMERCIAL_TEXTS.offersScreen;

export interface OfferListProps {
  offers: readonly Offer[];
  /** The profile the user acts for: the offers are its own. */
  activeProfileName: string;
  /** YYYY-MM-DD (Moscow). */
  today: string;
  /** Names of the user's profiles by account_uuid (an offer may be made for one of them). */
  profileNames: Readonly<Record<string, string>>;
}

/**
 * «Предложения»: each offer with its terms. One the user may take has «Принять предложение»
 * (GET /user/take_offer from this page); once taken — here or before — it shows the date, and
 * the page is read again so «Ваши скидки» shows the new discount. A refusal shows the API's
 * Russian message on the card; a user who may not take offers is told who may.
 */
export function OfferList({ offers, activeProfileName, today, profileNames }: OfferListProps) {
  return (
    <Panel aria-labelledby="offers-h" data-testid="offers">
      <h2 id="offers-h">{S.offersTitle}</h2>
      {Object.keys(profileNames).length > 1 ? <Hint>{S.offersOfProfile(activeProfileName)}</Hint> : null}
      {offers.length === 0 ? (
        <>
          <h3 className={styles.emptyTitle}>{S.offersEmptyTitle}</h3>
          <Hint>{S.offersEmptyText}</Hint>
          <Button as={Link} href="/personal-account/manager" appearance="secondary">
            {S.toManager}
          </Button>
        </>
      ) : (
        <ul className={styles.list}>
          {offers.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} today={today} profileNames={profileNames} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function OfferCard({
  offer,
  today,
  profileNames,
}: {
  offer: Offer;
  today: string;
  profileNames: OfferListProps['profileNames'];
}) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [takenAt, setTakenAt] = useState<string | null>(null);
  const acceptedRef = useRef<HTMLParagraphElement>(null);
  const acceptedAt = offer.accepted_at ?? takenAt;
  const headingId = `offer-${offer.id}-h`;

  // The button is gone once taken: the focus goes to the sentence that replaced it.
  useEffect(() => {
    if (takenAt) acceptedRef.current?.focus();
  }, [takenAt]);

  const accept = () => {
    setPending(true);
    setError(null);
    takeOffer(offer.id)
      .then((at) => {
        setTakenAt(at);
        setPending(false);
        router.refresh();
      })
      .catch((failure: unknown) => {
        setPending(false);
        setError(errorMessage(failure));
      });
  };

  const forWhom =
    offer.account_uuid === null
      ? S.offerForEveryCompany
      : profileNames[offer.account_uuid]
        ? S.offerFor(profileNames[offer.account_uuid]!)
        : null;
  const percent = offer.discount_percent === null ? null : formatNumber(offer.discount_percent, 2);

  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid={`offer-${offer.id}`}>
      {percent !== null ? (
        <p className={styles.percent} aria-label={S.percentLabel(percent)}>
          {S.percentOff(percent)}
        </p>
      ) : null}
      <div className={styles.cardHead}>
        <h3 id={headingId}>{offer.title}</h3>
      </div>
      <p className={styles.text}>{offer.description}</p>
      <dl className={styles.facts}>
        <dt>{S.conditions}</dt>
        <dd>{offer.conditions}</dd>
        <dt>{S.validity}</dt>
        <dd>{S.offerValidity(formatLongDate(offer.valid_from), formatLongDate(offer.valid_to))}</dd>
      </dl>
      {forWhom ? <Hint flush>{forWhom}</Hint> : null}
      <ActionRow className={styles.actions}>
        {acceptedAt ? (
          <p ref={acceptedRef} className={styles.accepted} role="status" tabIndex={-1}>
            {S.acceptedOn(formatLongDate(acceptedAt))}
          </p>
        ) : offerExpired(offer.valid_to, today) ? (
          <Hint flush>{COMMERCIAL_TEXTS.offerExpired}</Hint>
        ) : offerNotStarted(offer.valid_from, today) ? (
          <Hint flush>{S.notStartedYet(formatLongDate(offer.valid_from))}</Hint>
        ) : offer.can_accept ? (
          <Button onClick={accept} loading={pending} aria-describedby={headingId}>
            {S.accept}
          </Button>
        ) : (
          <Hint flush>{S.cannotAccept}</Hint>
        )}
      </ActionRow>
      {error ? <Alert variant="error">{error}</Alert> : null}
    </article>
  );
}
