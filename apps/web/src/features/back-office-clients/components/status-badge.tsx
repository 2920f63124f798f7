import type { AccessRequestStatus } from '@freight/domain/access-request';
import type { InboxStatus } from '@freight/domain/staff';
import styles from './clients.module.css';

const REQUEST_TONE: Record<AccessRequestStatus, string | undefined> = {
  pending: styles.toneWaiting,
  needs_changes: undefined,
  approved: styles.toneDone,
  rejected: styles.toneRefused,
};

const INBOX_TONE: Record<InboxStatus, string | undefined> = {
  new: styles.toneWaiting,
  in_work: undefined,
  answered: styles.toneDone,
};

/** A full-access request's status: waiting ones stand out, decided ones are green or red. */
export function RequestStatusBadge({ status, label }: { status: AccessRequestStatus; label: string }) {
  return (
    <span className={`${styles.badge} ${REQUEST_TONE[status] ?? ''}`} data-status={status}>
      {label}
    </span>
  );
}

/** An inbox item's status: new ones stand out, answered ones are green. */
export function InboxStatusBadge({ status, label }: { status: InboxStatus; label: string }) {
  return (
    <span className={`${styles.badge} ${INBOX_TONE[status] ?? ''}`} data-status={status}>
      {label}
    </span>
  );
}
