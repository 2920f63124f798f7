import type { Metadata } from 'next';
import { AccessRequestStatusBadge } from '@/components/status/status-badges';
import { Link } from '@/components/ui/link';
import { AccessRequestDetailSchema, type AccessRequestDetail } from '@freight/contracts/back-office-clients';
import { formatDateTime } from '@freight/domain/dates';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import layout from '@/components/back-office/layout.module.css';
import bo from '@/features/back-office/components/back-office.module.css';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { AccessDocuments } from '@/features/back-office-clients/components/access-documents';
import { DecisionForm } from '@/features/back-office-clients/components/decision-form';
import styles from '@/features/back-office-clients/components/clients.module.css';
import { ApiStatusError, apiGet } from '@/lib/api/server';

const T = BO_CLIENTS_TEXTS.access;
const F = T.fields;

export const metadata: Metadata = { title: T.metaTitle };

type Params = { id: string };

async function loadRequest(id: string): Promise<AccessRequestDetail | null> {
  try {
    return await apiGet(`/api/v1/back-office/access_requests/${encodeURIComponent(id)}`, AccessRequestDetailSchema);
  } catch (error) {
    if (error instanceof ApiStatusError && error.status === 404) return null;
    throw error;
  }
}

/**
 * /back-office/access/[id]: one request — the applicant, the data, the documents right in the
 * page, the decisions so far — and the decision form while it is undecided.
 */
export default async function AccessRequestPage({ params }: { params: Promise<Params> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'access.review')) return <Forbidden />;
  const request = await loadRequest((await params).id);
  const breadcrumbs = [{ href: '/back-office/access', label: T.title }];
  if (!request) {
    return (
      <BoPage title={T.notFoundTitle} breadcrumbs={breadcrumbs}>
        <p>{T.notFoundText}</p>
      </BoPage>
    );
  }
  const { applicant } = request;
  return (
    <BoPage
      title={T.detailTitle(request.name)}
      breadcrumbs={breadcrumbs}
      actions={<AccessRequestStatusBadge status={request.status} label={request.status_label} />}
    >
      <div className={bo.grid2}>
        <section className={layout.card} aria-labelledby="request-data">
          <h2 id="request-data">{T.requestData}</h2>
          <dl className={layout.dl}>
            <dt>{F.type}</dt>
            <dd>{request.type_label}</dd>
            <dt>{F.name}</dt>
            <dd>{request.name}</dd>
            {request.type === 'legal' ? (
              <>
                <dt>{F.inn}</dt>
                <dd>{request.inn}</dd>
                <dt>{F.kpp}</dt>
                <dd>{request.kpp ?? '—'}</dd>
              </>
            ) : (
              <>
                <dt>{F.passport}</dt>
                <dd>
                  {request.document_series} {request.document_number}
                </dd>
              </>
            )}
            <dt>{F.status}</dt>
            <dd>{request.status_label}</dd>
            {request.reviewer_comment ? (
              <>
                <dt>{F.comment}</dt>
                <dd>{request.reviewer_comment}</dd>
              </>
            ) : null}
            <dt>{F.created}</dt>
            <dd>{formatDateTime(request.created_at)}</dd>
            <dt>{F.updated}</dt>
            <dd>{formatDateTime(request.updated_at)}</dd>
            {request.decided_at ? (
              <>
                <dt>{F.decided}</dt>
                <dd>{formatDateTime(request.decided_at)}</dd>
              </>
            ) : null}
            {request.profile ? (
              <>
                <dt>{T.profile}</dt>
                <dd>{request.profile.name}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className={layout.card} aria-labelledby="request-applicant">
          <h2 id="request-applicant">{T.applicant}</h2>
          <dl className={layout.dl}>
            <dt>{F.userName}</dt>
            <dd>{applicant.name ?? '—'}</dd>
            <dt>{F.phone}</dt>
            <dd>{applicant.phone ?? '—'}</dd>
            <dt>{F.email}</dt>
            <dd>{applicant.email ?? '—'}</dd>
          </dl>
          {applicant.deleted ? <p className={layout.muted}>{BO_CLIENTS_TEXTS.clients.deleted}</p> : null}
          {staffMay(staff, 'clients.view') ? (
            <p>
              <Link href={`/back-office/clients/${applicant.user_id}`}>{F.client}</Link>
            </p>
          ) : null}
        </section>
      </div>
      <section className={layout.card} aria-labelledby="request-documents">
        <h2 id="request-documents">{T.documents}</h2>
        <AccessDocuments files={request.files} />
      </section>
      <div className={bo.grid2}>
        <section className={layout.card} aria-labelledby="request-decision">
          <h2 id="request-decision">{T.decisionTitle}</h2>
          <DecisionForm requestId={request.id} open={request.open} />
        </section>
        <section className={layout.card} aria-labelledby="request-history">
          <h2 id="request-history">{T.history}</h2>
          {request.history.length === 0 ? (
            <p className={layout.muted}>{T.noHistory}</p>
          ) : (
            <ol className={styles.answers}>
              {request.history.map((entry) => (
                <li key={entry.at}>
                  <span className={layout.muted}>
                    {formatDateTime(entry.at)} · {entry.staff_name}
                  </span>
                  <strong>{entry.status_label}</strong>
                  {entry.comment ? <p className={styles.message}>{entry.comment}</p> : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </BoPage>
  );
}
