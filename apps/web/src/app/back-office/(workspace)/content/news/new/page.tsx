import type { Metadata } from 'next';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { NewsForm } from '@/features/back-office-content/components/news-form';

const T = BACK_OFFICE_CONTENT_TEXTS;

export const metadata: Metadata = { title: T.pages.newNews };

/** /back-office/content/news/new: a new news item or event. */
export default async function NewNewsPage() {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'content.edit')) return <Forbidden />;
  return (
    <BoPage title={T.pages.newNews} breadcrumbs={[{ href: '/back-office/content', label: T.pages.newsTab }]}>
      <NewsForm />
    </BoPage>
  );
}
