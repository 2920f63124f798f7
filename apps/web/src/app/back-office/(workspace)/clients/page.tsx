import type { Metadata } from 'next';
import { ClientPageSchema } from '@freight/contracts/back-office-clients';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { ClientSearch } from '@/features/back-office-clients/components/client-search';
import { one, pageOf, type Search } from '@/features/back-office-clients/lib/list-query';
import { apiGet } from '@/lib/api/server';

const T = BO_CLIENTS_TEXTS.clients;

export const metadata: Metadata = { title: T.metaTitle };

/** /back-office/clients: find a client by phone, ИНН, name or e-mail (the newest first without a search). */
export default async function ClientsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'clients.view')) return <Forbidden />;
  const search = await searchParams;
  const q = one(search.q).trim().slice(0, 200);
  const { page, perPage } = pageOf(search);
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (q) query.set('q', q);
  const data = await apiGet(`/api/v1/back-office/clients?${query}`, ClientPageSchema);
  return (
    <BoPage title={T.title} lead={T.lead}>
      <ClientSearch data={data} q={q} />
    </BoPage>
  );
}
