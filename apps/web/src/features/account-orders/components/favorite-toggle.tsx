'use client';

import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { useState } from 'react';
import { errorMessage, ordersApi } from '../api/orders-api';
import styles from './orders.module.css';

const T = ACCOUNT_ORDERS_TEXTS;

function Star({ filled }: { filled: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.7 6.3.9-4.6 4.4 1.1 6.2L12 17l-5.6 3 1.1-6.2L2.9 9.4l6.3-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The favourite mark of a cargo: a toggle button (aria-pressed) that asks the API
 * (POST duty_favorite_cargo) and shows the state it answers.
 */
export function FavoriteToggle({
  track,
  favorite: initial,
  onChange,
  compact = false,
}: {
  track: string;
  favorite: boolean;
  onChange?: (favorite: boolean) => void;
  compact?: boolean;
}) {
  const [favorite, setFavorite] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await ordersApi.toggleFavorite(track);
      setFavorite(answer.favorite);
      onChange?.(answer.favorite);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const label = favorite ? T.removeFavorite : T.addFavorite;
  return (
    <span className={styles.favoriteWrap}>
      <button
        type="button"
        className={`${styles.favorite} ${favorite ? styles.favoriteOn : ''}`}
        aria-pressed={favorite}
        aria-label={compact ? `${label}: ${track}` : undefined}
        title={label}
        disabled={busy}
        onClick={() => void toggle()}
      >
        <Star filled={favorite} />
        {!compact && <span>{favorite ? T.favoriteOn : T.addFavorite}</span>}
      </button>
      {error && (
        <span className={styles.fieldError} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
