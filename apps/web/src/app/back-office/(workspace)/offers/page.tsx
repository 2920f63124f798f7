import type { Metadata } from 'next';
import { AdminOfferPageSchema } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { OffersManager } from '@/features/back-office-content/components/offers-manager';
import { SearchForm } from '@/features/back-office-content/components/search-form';
import { SectionNav } from '@/features/back-office-content/components/section-nav';
import { listApiQuery, listView, type Search } from '@/features/back-office-content/lib/list-query';
import { OFFER_SECTIONS } from '@/features/back-office-content/lib/sections';
import { apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_CONTENT_TEXTS;

export const metadata: Metadata = { title: `${T.pages.offersTab} · ${T.pages.offers}` };

/** /back-office/offers: offers to every client or to one profile (managers and administrators). */
export default async function OffersPage({ searchParams }: { searchParams: Promise<Search> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'offers.edit')) return <Forbidden />;
  const view = listView(await searchParams);
  const data = await apiGet(`/api/v1/back-office/offers?${listApiQuery(view)}`, AdminOfferPageSchema);
  return (
    <BoPage title={T.pages.offers} lead={T.pages.offersLead}>
      <SectionNav label={T.pages.offersNav} items={OFFER_SECTIONS} current="/back-office/offers" />
      <SearchForm q={view.q} />
      <OffersManager data={data} />
    </BoPage>
  );
}
