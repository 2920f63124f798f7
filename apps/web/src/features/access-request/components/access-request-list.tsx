import { Link } from '@/components/ui/link';
import type { AccessRequest } from '@freight/contracts/access-request';
import { formatLongDate } from '@freight/domain/dates';
import { formatCount } from '@freight/domain/plural';
import { ACCESS_REQUEST_TEXTS } from '@freight/domain/texts/access-request';
import { PLURAL_TEXTS } from '@freight/domain/texts/plural';
import styles from './access-request.module.css';
import { AccessRequestStatusBadge } from '@/components/status/status-badges';

const A = ACCESS_REQUEST_TEXTS;

/** «Комментарий проверяющего» or, for a rejected request, «Причина отказа». */
export function commentLabel(request: Pick<AccessRequest, 'status'>): string {
  return request.status === 'rejected' ? A.rejectReason : A.reviewerComment;
}

/** What identifies the request: ИНН/КПП of a company, the passport of a person. */
export function requestSubject(request: AccessRequest): string {
  return request.type === 'legal'
    ? A.legalSubject(request.tin ?? '', request.rrc)
    : A.personSubject(request.document_seria ?? '', request.document_number ?? '');
}

/**
 * The user's requests, newest first: status chip, type, name, identifiers, dates in Russian,
 * the reviewer's comment, the number of documents and the way to the request's page.
 */
export function AccessRequestList({ requests }: { requests: readonly AccessRequest[] }) {
  if (requests.length === 0) return <p className={styles.muted}>{A.empty}</p>;
  return (
    <ul className={styles.list}>
      {requests.map((request) => (
        <li key={request.id} className={styles.card}>
          <div className={styles.cardHead}>
            <AccessRequestStatusBadge status={request.status} label={request.status_label} />
            <span className={styles.muted}>{request.type_label}</span>
          </div>
          <h3 className={styles.cardTitle}>
            <Link href={`/personal-account/access/${request.id}`}>{request.name}</Link>
          </h3>
          <p className={styles.muted}>{requestSubject(request)}</p>
          <p className={styles.meta}>
            <span>{A.createdAt(formatLongDate(request.created_at))}</span>
            {request.decided_at ? <span>{A.decidedAt(formatLongDate(request.decided_at))}</span> : null}
            <span>{formatCount(request.files.length, PLURAL_TEXTS.file)}</span>
          </p>
          {request.reviewer_comment ? (
            <p className={styles.comment}>
              <strong>{commentLabel(request)}:</strong> {request.reviewer_comment}
            </p>
          ) : null}
          <Link className={styles.open} href={`/personal-account/access/${request.id}`}>
            {A.open}
          </Link>
        </li>
      ))}
    </ul>
  );
}
