import type { Metadata } from 'next';
import { SecurityAlertPageSchema } from '@freight/contracts/back-office-alerts';
import { BO_ALERTS_TEXTS } from '@freight/domain/texts/back-office-alerts';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { AlertsTable } from '@/features/back-office-alerts/components/alerts-table';
import { alertsApiQuery, alertsView, type Search } from '@/features/back-office-alerts/lib/alerts-query';
import { apiGet } from '@/lib/api/server';

const T = BO_ALERTS_TEXTS.page;

export const metadata: Metadata = { title: T.metaTitle };

/** /back-office/alerts: security alerts (SMS budget hits, conversion drops), open ones first. */
export default async function AlertsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'alerts.work')) return <Forbidden />;
  const view = alertsView(await searchParams);
  const data = await apiGet(`/api/v1/back-office/security_alerts?${alertsApiQuery(view)}`, SecurityAlertPageSchema);
  return (
    <BoPage title={T.title} lead={T.lead}>
      <AlertsTable data={data} filter={view.status} />
    </BoPage>
  );
}
