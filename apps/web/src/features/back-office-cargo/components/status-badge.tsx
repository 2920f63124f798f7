import type { CargoStatus } from '@freight/domain/cargo-status';
import styles from './cargo.module.css';

/** A cargo's status as a badge; closed ones muted, a problem highlighted. */
export function StatusBadge({ status, label }: { status: CargoStatus; label: string }) {
  const tone =
    status === 'problem'
      ? styles.badgeProblem
      : status === 'released' || status === 'cancelled' || status === 'returned'
        ? styles.badgeClosed
        : styles.badgeOpen;
  return (
    <span className={`${styles.badge} ${tone}`} data-status={status}>
      {label}
    </span>
  );
}
