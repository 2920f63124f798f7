import { MESSAGES } from '@freight/domain/messages';
import { formatDateTime, formatNumber, formatCount } from '@freight/domain';
import type { TrackingResponse } from '@freight/contracts';
import styles from './tracking.module.css';

const T = MESSAGES.orders.page;
const F = MESSAGES.orders.flags;

type Point = TrackingResponse['departure'];

function RoutePoint({ title, point }: { title: string; point: Point }) {
  return (
    <div className={styles.point}>
      <span className={styles.label}>{title}</span>
      <strong className={styles.city}>{point.city?.name ?? '—'}</strong>
      <span className={styles.muted}>{point.office?.name ?? (point.type === 'address' ? T.address : T.terminal)}</span>
      {point.address && <span className={styles.muted}>{point.address}</span>}
    </div>
  );
}

function tone(cargo: TrackingResponse): string {
  if (cargo.status === 'problem' || cargo.status === 'returned') return styles.warning!;
  if (cargo.status === 'cancelled') return styles.neutral!;
  if (cargo.status === 'released') return styles.done!;
  return styles.active!;
}

/** The status, route, planned arrival, participants and timeline of one cargo. */
export function TrackingView({ cargo }: { cargo: TrackingResponse }) {
  const candidates: (string | null)[] = [
    cargo.flags.paid ? F.paid : cargo.is_owner && !cargo.closed ? F.unpaid : null,
    cargo.flags.paid_storage ? F.paidStorage : null,
    cargo.flags.partial_release ? F.partialRelease : null,
  ];
  const flags = candidates.filter((f): f is string => f !== null);
  const history = [...cargo.history].reverse();
  return (
    <article className={styles.card} aria-labelledby="cargo-title">
      <header className={styles.head}>
        <h2 id="cargo-title" className={styles.track}>
          {T.cargoTitle(cargo.track_number)}
        </h2>
        <p className={styles.statusLine}>
          <span className={`${styles.status} ${tone(cargo)}`}>{cargo.status_name}</span>
          {flags.map((flag) => (
            <span key={flag} className={styles.flag}>
              {flag}
            </span>
          ))}
        </p>
        <p className={styles.note}>{cargo.is_owner ? T.ownerNote : T.strangerNote}</p>
      </header>

      <section className={styles.route} aria-label={T.route}>
        <RoutePoint title={T.from} point={cargo.departure} />
        <span className={styles.arrow} aria-hidden="true">
          →
        </span>
        <RoutePoint title={T.to} point={cargo.delivery} />
      </section>

      <dl className={styles.facts}>
        {cargo.planned_arrival_text && (
          <div>
            <dt>{T.plannedArrival}</dt>
            <dd data-testid="tracking-arrival">{cargo.planned_arrival_text}</dd>
          </div>
        )}
        <div>
          <dt>{T.cargo}</dt>
          <dd>
            {T.measures(
              formatCount(cargo.cargo.quantity, MESSAGES.plural.place),
              formatNumber(cargo.cargo.weight),
              formatNumber(cargo.cargo.volume, 3),
            )}
          </dd>
        </div>
        <div>
          <dt>{T.sender}</dt>
          <dd>
            {cargo.sender.name || '—'}
            {cargo.sender.phone && <span className={styles.phone}>{cargo.sender.phone}</span>}
          </dd>
        </div>
        <div>
          <dt>{T.recipient}</dt>
          <dd>
            {cargo.recipient.name || '—'}
            {cargo.recipient.phone && <span className={styles.phone}>{cargo.recipient.phone}</span>}
          </dd>
        </div>
        {cargo.price_text && (
          <div>
            <dt>{T.price}</dt>
            <dd>{cargo.price_text}</dd>
          </div>
        )}
      </dl>

      <section aria-labelledby="timeline-title">
        <h3 id="timeline-title" className={styles.subtitle}>
          {T.timeline}
        </h3>
        <ol className={styles.timeline}>
          {history.map((entry, index) => (
            <li key={`${entry.at}-${entry.status}`} className={index === 0 ? styles.current : undefined}>
              <span className={styles.dot} aria-hidden="true" />
              <div>
                <strong>{entry.status_name}</strong>
                <span className={styles.muted}>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {entry.city ? ` · ${entry.city}` : ''}
                  {entry.office ? `, ${entry.office}` : ''}
                </span>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
