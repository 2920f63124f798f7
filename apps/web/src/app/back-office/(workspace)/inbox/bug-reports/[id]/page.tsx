import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { BugReportDetailSchema, type BugReportDetail } from '@freight/contracts/back-office-clients';
import { formatDateTime } from '@freight/domain/dates';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import layout from '@/components/back-office/layout.module.css';
import bo from '@/features/back-office/components/back-office.module.css';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { AnswerList } from '@/features/back-office-clients/components/answer-list';
import { InboxAnswerForm, InboxStatusForm } from '@/features/back-office-clients/components/inbox-item-forms';
import { InboxStatusBadge } from '@/features/back-office-clients/components/status-badge';
import styles from '@/features/back-office-clients/components/clients.module.css';
import { ApiStatusError, apiGet } from '@/lib/api/server';

const T = BO_CLIENTS_TEXTS.inbox;

export const metadata: Metadata = { title: T.bugReportTitle };

type Params = { id: string };

async function loadReport(id: string): Promise<BugReportDetail | null> {
  try {
    return await apiGet(`/api/v1/back-office/bug_reports/${encodeURIComponent(id)}`, BugReportDetailSchema);
  } catch (error) {
    if (error instanceof ApiStatusError && error.status === 404) return null;
    throw error;
  }
}

/** /back-office/inbox/bug-reports/[id]: the report with its screenshots, its status and the answers. */
export default async function BugReportPage({ params }: { params: Promise<Params> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'inbox.work')) return <Forbidden />;
  const report = await loadReport((await params).id);
  const breadcrumbs = [{ href: '/back-office/inbox', label: T.title }];
  if (!report) {
    return (
      <BoPage title={T.notFoundTitle} breadcrumbs={breadcrumbs}>
        <p>{T.notFoundText}</p>
      </BoPage>
    );
  }
  const path = `/api/v1/back-office/bug_reports/${report.id}` as const;
  return (
    <BoPage
      title={T.bugReportTitle}
      breadcrumbs={breadcrumbs}
      lead={formatDateTime(report.created_at)}
      actions={<InboxStatusBadge status={report.status} label={report.status_label} />}
    >
      <div className={bo.grid2}>
        <section className={layout.card} aria-labelledby="report-message">
          <h2 id="report-message">{T.message}</h2>
          <p className={styles.message}>{report.text}</p>
          <dl className={layout.dl}>
            <dt>{T.columns.contact}</dt>
            <dd>{report.contact || T.noContact}</dd>
            {report.author ? (
              <>
                <dt>{T.account}</dt>
                <dd>
                  {staffMay(staff, 'clients.view') ? (
                    <Link href={`/back-office/clients/${report.author.user_id}`}>
                      {report.author.name || `№ ${report.author.user_id}`}
                    </Link>
                  ) : (
                    report.author.name || `№ ${report.author.user_id}`
                  )}
                </dd>
              </>
            ) : null}
            <dt>{T.userAgent}</dt>
            <dd>{report.user_agent ?? '—'}</dd>
          </dl>
        </section>
        <section className={layout.card} aria-labelledby="report-status">
          <h2 id="report-status">{T.statusLabel}</h2>
          <InboxStatusForm path={path} status={report.status} />
        </section>
      </div>
      {report.files.length > 0 ? (
        <section className={layout.card} aria-labelledby="report-screenshots">
          <h2 id="report-screenshots">{T.screenshots}</h2>
          <div className={styles.shots}>
            {report.files.map((file) => (
              <figure key={file.id} className={styles.document}>
                <a href={file.url} target="_blank" rel="noopener" aria-label={T.openImage(file.name)}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- a private, uncacheable upload: no optimiser */}
                  <img
                    src={file.url}
                    alt={file.name}
                    width={file.width}
                    height={file.height}
                    className={styles.documentImage}
                    loading="lazy"
                  />
                </a>
                <figcaption>{file.name}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      ) : null}
      <div className={bo.grid2}>
        <section className={layout.card} aria-labelledby="report-answers">
          <h2 id="report-answers">{T.answers}</h2>
          <AnswerList answers={report.answers} />
        </section>
        <section className={layout.card} aria-labelledby="report-answer">
          <h2 id="report-answer">{T.answerLabel}</h2>
          <InboxAnswerForm path={path} />
        </section>
      </div>
    </BoPage>
  );
}
