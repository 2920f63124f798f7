import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { MESSAGES, checkTrackNumber, trackNumberError, trackingPath } from '@freight/domain';
import { ownsCargo } from '@/features/account-orders/api/server';
import { cargoCardPath } from '@/features/account-orders/lib/paths';
import { loadProfile } from '@/features/auth/api/server';
import { TrackingForm } from '@/features/tracking/components/tracking-form';
import styles from '@/features/tracking/components/tracking.module.css';

const T = MESSAGES.orders.page;

export const metadata: Metadata = { title: T.title, description: T.metaDescription };

type SearchParams = Promise<{ number?: string | string[] }>;

/**
 * /tracking: the track-number form. The header and home forms submit here as GET ?number=…
 * (no JavaScript needed); a valid number, however it was typed, redirects to its page — for the
 * signed-in owner of that cargo, to its card in the personal account.
 */
export default async function TrackingSearchPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).number;
  const number = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 100);
  let error: string | undefined;
  if (number !== undefined) {
    const check = checkTrackNumber(number);
    if (check.ok) {
      // The signed-in owner gets their cargo card (issue 14); everyone else the public page.
      if ((await loadProfile()) && (await ownsCargo(check.value))) redirect(cargoCardPath(check.value));
      redirect(trackingPath(check.value));
    }
    if (check.reason !== 'empty') error = trackNumberError(check.reason);
  }
  return (
    <div className={`container ${styles.page}`}>
      <h1>{T.title}</h1>
      <p className={styles.lead}>{T.lead}</p>
      <TrackingForm defaultValue={number ?? ''} error={error} />
    </div>
  );
}
