import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { FeedbackDetailSchema, type FeedbackDetail } from '@freight/contracts/back-office-clients';
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

export const metadata: Metadata = { title: T.feedbackTitle };

type Params = { id: string };

async function loadFeedback(id: string): Promise<FeedbackDetail | null> {
  if (!/^[1-9]\d{0,15}$/.test(id)) return null;
  try {
    return await apiGet(`/api/v1/back-office/feedback/${id}`, FeedbackDetailSchema);
  } catch (error) {
    if (error instanceof ApiStatusError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** /back-office/inbox/feedback/[id]: the message, its status and the answers. */
export default async function FeedbackPage({ params }: { params: Promise<Params> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'inbox.work')) return <Forbidden />;
  const message = await loadFeedback((await params).id);
  const breadcrumbs = [{ href: '/back-office/inbox?tab=feedback', label: T.title }];
  if (!message) {
    return (
      <BoPage title={T.notFoundTitle} breadcrumbs={breadcrumbs}>
        <p>{T.notFoundText}</p>
      </BoPage>
    );
  }
  const path = `/api/v1/back-office/feedback/${message.id}` as const;
  return (
    <BoPage
      title={T.feedbackTitle}
      breadcrumbs={breadcrumbs}
      lead={formatDateTime(message.created_at)}
      actions={<InboxStatusBadge status={message.status} label={message.status_label} />}
    >
      <div className={bo.grid2}>
        <section className={layout.card} aria-labelledby="feedback-message">
          <h2 id="feedback-message">{T.message}</h2>
          <p className={styles.message}>{message.message}</p>
          <dl className={layout.dl}>
            <dt>{T.columns.name}</dt>
            <dd>{message.name ?? '—'}</dd>
            <dt>{T.columns.contact}</dt>
            <dd>{message.contact || T.noContact}</dd>
            <dt>{T.columns.channel}</dt>
            <dd>{message.channel_label}</dd>
            {message.author ? (
              <>
                <dt>{T.account}</dt>
                <dd>
                  {staffMay(staff, 'clients.view') ? (
                    <Link href={`/back-office/clients/${message.author.user_id}`}>
                      {message.author.name || `№ ${message.author.user_id}`}
                    </Link>
                  ) : (
                    message.author.name || `№ ${message.author.user_id}`
                  )}
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className={layout.card} aria-labelledby="feedback-status">
          <h2 id="feedback-status">{T.statusLabel}</h2>
          <InboxStatusForm path={path} status={message.status} />
        </section>
      </div>
      <div className={bo.grid2}>
        <section className={layout.card} aria-labelledby="feedback-answers">
          <h2 id="feedback-answers">{T.answers}</h2>
          <AnswerList answers={message.answers} />
        </section>
        <section className={layout.card} aria-labelledby="feedback-answer">
          <h2 id="feedback-answer">{T.answerLabel}</h2>
          <InboxAnswerForm path={path} />
        </section>
      </div>
    </BoPage>
  );
}
