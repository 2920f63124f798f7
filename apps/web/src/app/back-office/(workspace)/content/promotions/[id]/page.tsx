import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AdminPromotionSchema } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { PromotionForm } from '@/features/back-office-content/components/promotion-form';
import { ApiStatusError, apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_CONTENT_TEXTS;

export const metadata: Metadata = { title: T.pages.editPromotion };

/**
 * /back-office/content/promotions/[id]: the editor of one promotion. It is not keyed by the
 * item's version: a save or a new picture refreshes the page, and the editor keeps its notice.
 */
export default async function EditPromotionPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'content.edit')) return <Forbidden />;
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const item = await apiGet(`/api/v1/back-office/promotions/${id}`, AdminPromotionSchema).catch((error: unknown) => {
    if (error instanceof ApiStatusError && error.status === 404) notFound();
    throw error;
  });
  return (
    <BoPage
      title={item.title}
      lead={item.is_active ? T.notices.active : T.notices.inactive}
      breadcrumbs={[{ href: '/back-office/content/promotions', label: T.pages.promotionsTab }]}
    >
      <PromotionForm item={item} />
    </BoPage>
  );
}
