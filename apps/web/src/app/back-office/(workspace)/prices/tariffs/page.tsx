import type { Metadata } from 'next';
import { AdminTariffPageSchema } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { SearchForm } from '@/features/back-office-content/components/search-form';
import { TariffBulk } from '@/features/back-office-content/components/tariff-bulk';
import { TariffTable } from '@/features/back-office-content/components/tariff-table';
import { listApiQuery, listView, type Search } from '@/features/back-office-content/lib/list-query';
import { apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_CONTENT_TEXTS;

export const metadata: Metadata = { title: T.pages.tariffs };

/** /back-office/prices/tariffs: tariff routes with their rates, and a change of every tariff by N %. */
export default async function TariffsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'prices.edit')) return <Forbidden />;
  const view = listView(await searchParams);
  const data = await apiGet(`/api/v1/back-office/tariffs?${listApiQuery(view)}`, AdminTariffPageSchema);
  return (
    <BoPage title={T.pages.tariffs} lead={T.pages.tariffsLead}>
      <TariffBulk />
      <SearchForm q={view.q} placeholder={T.fields.tariffSearchPlaceholder} />
      <TariffTable data={data} />
    </BoPage>
  );
}
