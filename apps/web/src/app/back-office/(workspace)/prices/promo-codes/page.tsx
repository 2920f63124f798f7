import type { Metadata } from 'next';
import { AdminPromoCodePageSchema } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { PromoCodesManager } from '@/features/back-office-content/components/promo-codes-manager';
import { SearchForm } from '@/features/back-office-content/components/search-form';
import { listApiQuery, listView, type Search } from '@/features/back-office-content/lib/list-query';
import { apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_CONTENT_TEXTS;

export const metadata: Metadata = { title: T.pages.promoCodes };

/** /back-office/prices/promo-codes: promo codes of the calculator and orders. */
export default async function PromoCodesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'prices.edit')) return <Forbidden />;
  const view = listView(await searchParams);
  const data = await apiGet(`/api/v1/back-office/promo_codes?${listApiQuery(view)}`, AdminPromoCodePageSchema);
  return (
    <BoPage title={T.pages.promoCodes} lead={T.pages.promoCodesLead}>
      <SearchForm q={view.q} />
      <PromoCodesManager data={data} />
    </BoPage>
  );
}
