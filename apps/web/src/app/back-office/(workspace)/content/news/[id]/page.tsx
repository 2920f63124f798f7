import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AdminNewsSchema } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { NewsForm } from '@/features/back-office-content/components/news-form';
import { ApiStatusError, apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_CONTENT_TEXTS;

export const metadata: Metadata = { title: T.pages.editNews };

/**
 * /back-office/content/news/[id]: the editor of one news item. It is not keyed by the item's
 * version: a save or a new picture refreshes the page, and the editor keeps its «Сохранено».
 */
export default async function EditNewsPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'content.edit')) return <Forbidden />;
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const item = await apiGet(`/api/v1/back-office/news/${id}`, AdminNewsSchema).catch((error: unknown) => {
    if (error instanceof ApiStatusError && error.status === 404) notFound();
    throw error;
  });
  return (
    <BoPage
      title={item.title}
      lead={item.is_published ? T.notices.published : T.notices.draft}
      breadcrumbs={[{ href: '/back-office/content', label: T.pages.newsTab }]}
    >
      <NewsForm item={item} />
    </BoPage>
  );
}
