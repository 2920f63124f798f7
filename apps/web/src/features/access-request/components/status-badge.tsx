import type { AccessRequestStatus } from '@freight/domain/access-request';
import styles from './access-request.module.css';

const TONE: Record<AccessRequestStatus, string | undefined> = {
  pending: styles.tonePending,
  needs_changes: styles.toneChanges,
  approved: styles.toneApproved,
  rejected: styles.toneRejected,
};

/** The status chip of a request: «На проверке», «Нужны исправления», «Одобрена», «Отклонена». */
export function StatusBadge({ status, label }: { status: AccessRequestStatus; label: string }) {
  return <span className={`${styles.status} ${TONE[status] ?? ''}`}>{label}</span>;
}
