import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { MESSAGES, checkTrackNumber, trackNumberError, trackingPath } from '@freight/domain';
import { lookupCargo } from '@/features/tracking/api/tracking';
import { TrackingForm } from '@/features/tracking/components/tracking-form';
import { TrackingView } from '@/features/tracking/components/tracking-view';
import styles from '@/features/tracking/components/tracking.module.css';

const T = MESSAGES.orders.page;

type Params = Promise<{ tracknumber: string }>;

function decode(value: string): string {
  try {
    return decodeURIComponent(value).slice(0, 100);
  } catch {
    return value.slice(0, 100);
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const check = checkTrackNumber(decode((await params).tracknumber));
  return {
    title: check.ok ? T.cargoTitle(check.value) : T.title,
    description: T.metaDescription,
    // A track number is not for search engines.
    robots: { index: false, follow: false },
  };
}

/**
 * /tracking/MG-1234-56789: status, route, planned arrival and timeline of a cargo. Strangers see
 * names and phones masked; the owner sees everything. A number typed loosely redirects to its
 * canonical form; a malformed or unknown one gets a clear message and the form again.
 */
export default async function TrackingPage({ params }: { params: Params }) {
  const raw = decode((await params).tracknumber);
  const check = checkTrackNumber(raw);
  if (check.ok && check.value !== raw) redirect(trackingPath(check.value));
  if (!check.ok) {
    return (
      <div className={`container ${styles.page}`}>
        <h1>{T.title}</h1>
        <TrackingForm defaultValue={raw} error={trackNumberError(check.reason)} />
        <div className={styles.message} role="status">
          <h2>{T.notFoundTitle}</h2>
          <p>{MESSAGES.orders.trackNotFound(raw)}</p>
        </div>
      </div>
    );
  }
  const result = await lookupCargo(check.value);
  return (
    <div className={`container ${styles.page}`}>
      <h1>{T.title}</h1>
      <TrackingForm defaultValue={check.value} />
      {result.kind === 'found' && <TrackingView cargo={result.cargo} />}
      {result.kind === 'not_found' && (
        <div className={styles.message} role="status">
          <h2>{T.notFoundTitle}</h2>
          <p>{MESSAGES.orders.trackNotFound(check.value)}</p>
        </div>
      )}
      {result.kind === 'rate_limited' && (
        <div className={styles.message} role="alert">
          <h2>{T.tooManyTitle}</h2>
          <p>{MESSAGES.orders.tooManyLookups}</p>
        </div>
      )}
    </div>
  );
}
