import { Link } from '@/components/ui/link';
import { formatNumber, formatPhone, MESSAGES } from '@freight/domain';
import type { Subdivision } from '@freight/contracts';
import styles from './offices.module.css';

const L = MESSAGES.officesPage;

/** «Открыто до 20:00» in green, anything closed in muted text. */
export function OpenState({ office }: { office: Subdivision }) {
  return (
    <p className={office.open_state.is_open ? styles.open : styles.closed} data-testid="open-state">
      <span className={styles.dot} aria-hidden="true" />
      {office.open_state.text}
    </p>
  );
}

export function OfficeCard({ office }: { office: Subdivision }) {
  const titleId = `office-${office.id}`;
  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <span className={styles.kind}>{MESSAGES.offices.kinds[office.kind]}</span>
        {office.is_partner && <span className={styles.partner}>{L.partner}</span>}
        {office.distance_km !== null && (
          <span className={styles.distance}>{L.distance(`${formatNumber(office.distance_km, 1)} км`)}</span>
        )}
      </div>
      <h3 id={titleId} className={styles.cardTitle}>
        <Link href={`/offices/${office.id}`}>
          {office.city.name}: {office.name}
        </Link>
      </h3>
      <p className={styles.address}>{office.address}</p>
      <OpenState office={office} />
      <p className={styles.meta}>
        <a href={`tel:${office.phone}`}>{formatPhone(office.phone)}</a>
      </p>
      <ul className={styles.chips} aria-label={L.operations}>
        {office.operations.map((op) => (
          <li key={op}>{MESSAGES.offices.operations[op]}</li>
        ))}
      </ul>
    </li>
  );
}
