import type { Metadata } from 'next';
import { AccessQueuePageSchema } from '@freight/contracts/back-office-clients';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { AccessQueue } from '@/features/back-office-clients/components/access-queue';
import { accessQueueApiQuery, accessQueueView, type Search } from '@/features/back-office-clients/lib/list-query';
import { apiGet } from '@/lib/api/server';

const T = BO_CLIENTS_TEXTS.access;

export const metadata: Metadata = { title: T.metaTitle };

/** /back-office/access: the full-access request queue, oldest pending first. */
export default async function AccessQueuePage({ searchParams }: { searchParams: Promise<Search> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'access.review')) return <Forbidden />;
  const view = accessQueueView(await searchParams);
  const data = await apiGet(`/api/v1/back-office/access_requests?${accessQueueApiQuery(view)}`, AccessQueuePageSchema);
  return (
    <BoPage title={T.title} lead={T.lead}>
      <AccessQueue data={data} status={view.status} q={view.q} desc={view.desc} />
    </BoPage>
  );
}
