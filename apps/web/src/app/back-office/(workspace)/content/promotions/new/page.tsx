import type { Metadata } from 'next';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { PromotionForm } from '@/features/back-office-content/components/promotion-form';

const T = BACK_OFFICE_CONTENT_TEXTS;

export const metadata: Metadata = { title: T.pages.newPromotion };

/** /back-office/content/promotions/new: a new promotion. */
export default async function NewPromotionPage() {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'content.edit')) return <Forbidden />;
  return (
    <BoPage
      title={T.pages.newPromotion}
      breadcrumbs={[{ href: '/back-office/content/promotions', label: T.pages.promotionsTab }]}
    >
      <PromotionForm />
    </BoPage>
  );
}
