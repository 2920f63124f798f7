'use client';

import type { CargoListItem } from '@freight/contracts/orders';
import { formatDate } from '@freight/domain/dates';
import { formatNumber } from '@freight/domain/money';
import { formatCount } from '@freight/domain/plural';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { PLURAL_TEXTS } from '@freight/domain/texts/plural';
import { Link } from '@/components/ui/link';
import { CargoStatusBadge } from '@/components/status/status-badges';
import { cargoCardPath } from '../lib/paths';
import { FavoriteToggle } from './favorite-toggle';
import styles from './orders.module.css';

const T = ACCOUNT_ORDERS_TEXTS;

/** One order of the list: a card on a phone, a row of columns from 900 px. */
export function CargoListCard({
  item,
  onFavoriteChange,
}: {
  item: CargoListItem;
  onFavoriteChange: (track: string, favorite: boolean) => void;
}) {
  return (
    <article className={styles.card} aria-labelledby={`cargo-${item.id}`} data-track={item.track_number}>
      <div className={styles.cardHead}>
        <h3 id={`cargo-${item.id}`} className={styles.cardTrack}>
          <Link href={cargoCardPath(item.track_number)} aria-label={T.open(item.track_number)}>
            {item.track_number}
          </Link>
        </h3>
        <FavoriteToggle
          track={item.track_number}
          favorite={item.favorite}
          onChange={(favorite) => onFavoriteChange(item.track_number, favorite)}
          compact
        />
      </div>
      <p className={styles.cardStatus}>
        <CargoStatusBadge status={item.status} label={item.status_name} />
        <span className={styles.muted}>
          {T.statusDate} {formatDate(item.status_changed_at)}
        </span>
      </p>
      <dl className={styles.cardFacts}>
        <div>
          <dt>{T.route}</dt>
          <dd>
            {item.city_departure} → {item.city_delivery}
          </dd>
        </div>
        <div>
          <dt>{T.created}</dt>
          <dd>{formatDate(item.created_at)}</dd>
        </div>
        <div>
          <dt>{T.recipient}</dt>
          <dd>{item.recipient_name ?? '—'}</dd>
        </div>
        <div>
          <dt>{T.cargoTitle}</dt>
          <dd>
            {`${formatCount(item.quantity, PLURAL_TEXTS.place)}, ${T.weightValue(formatNumber(item.weight))}, ${T.volumeValue(formatNumber(item.volume, 3))}`}
          </dd>
        </div>
        <div>
          <dt>{T.price}</dt>
          <dd className={styles.price}>
            {item.price_text}
            <span className={item.flags.paid ? styles.paid : styles.unpaid}>{item.flags.paid ? T.paid : T.unpaid}</span>
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** Grey placeholders of cards while a page loads. */
export function CargoListSkeleton({ count }: { count: number }) {
  return (
    <ul className={styles.list} aria-hidden="true" data-testid="orders-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className={`${styles.card} ${styles.skeletonCard}`}>
            <span className={styles.skeletonLine} style={{ width: '40%' }} />
            <span className={styles.skeletonLine} style={{ width: '25%' }} />
            <span className={styles.skeletonLine} style={{ width: '70%' }} />
            <span className={styles.skeletonLine} style={{ width: '55%' }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
