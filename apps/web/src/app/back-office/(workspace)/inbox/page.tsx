import type { Metadata } from 'next';
import { BugReportPageSchema, FeedbackPageSchema } from '@freight/contracts/back-office-clients';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { BugReportTable, FeedbackTable } from '@/features/back-office-clients/components/inbox-tables';
import { InboxTabs } from '@/features/back-office-clients/components/inbox-tabs';
import { inboxApiQuery, inboxView, type Search } from '@/features/back-office-clients/lib/list-query';
import { apiGet } from '@/lib/api/server';

const T = BO_CLIENTS_TEXTS.inbox;

export const metadata: Metadata = { title: T.metaTitle };

/** /back-office/inbox: bug reports and feedback, newest first, each tab with its status filter. */
export default async function InboxPage({ searchParams }: { searchParams: Promise<Search> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'inbox.work')) return <Forbidden />;
  const view = inboxView(await searchParams);
  const query = inboxApiQuery(view);
  return (
    <BoPage title={T.title}>
      <InboxTabs tab={view.tab}>
        {view.tab === 'feedback' ? (
          <FeedbackTable
            data={await apiGet(`/api/v1/back-office/feedback?${query}`, FeedbackPageSchema)}
            filter={view.status}
          />
        ) : (
          <BugReportTable
            data={await apiGet(`/api/v1/back-office/bug_reports?${query}`, BugReportPageSchema)}
            filter={view.status}
          />
        )}
      </InboxTabs>
    </BoPage>
  );
}
