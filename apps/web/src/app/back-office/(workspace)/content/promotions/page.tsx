import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { AdminPromotionPageSchema } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Button } from '@/components/ui';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { PromotionTable } from '@/features/back-office-content/components/promotion-table';
import { SearchForm } from '@/features/back-office-content/components/search-form';
import { SectionNav } from '@/features/back-office-content/components/section-nav';
import { listApiQuery, listView, type Search } from '@/features/back-office-content/lib/list-query';
import { CONTENT_SECTIONS } from '@/features/back-office-content/lib/sections';
import { apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_CONTENT_TEXTS;

export const metadata: Metadata = { title: `${T.pages.promotionsTab} · ${T.pages.content}` };

/** /back-office/content/promotions: promotions, inactive ones too. */
export default async function ContentPromotionsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'content.edit')) return <Forbidden />;
  const view = listView(await searchParams);
  const data = await apiGet(`/api/v1/back-office/promotions?${listApiQuery(view)}`, AdminPromotionPageSchema);
  return (
    <BoPage
      title={T.pages.content}
      lead={T.pages.contentLead}
      actions={
        <Button href="/back-office/content/promotions/new" as={Link}>
          {T.actions.createPromotion}
        </Button>
      }
    >
      <SectionNav label={T.pages.contentNav} items={CONTENT_SECTIONS} current="/back-office/content/promotions" />
      <SearchForm q={view.q} />
      <PromotionTable data={data} />
    </BoPage>
  );
}
