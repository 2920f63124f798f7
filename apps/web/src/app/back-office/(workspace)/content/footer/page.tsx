import type { Metadata } from 'next';
import { AdminFooterLinksSchema } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { FooterLinksManager } from '@/features/back-office-content/components/footer-links-manager';
import { SectionNav } from '@/features/back-office-content/components/section-nav';
import { CONTENT_SECTIONS } from '@/features/back-office-content/lib/sections';
import { apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_CONTENT_TEXTS;

export const metadata: Metadata = { title: `${T.pages.footerTab} · ${T.pages.content}` };

/** /back-office/content/footer: the footer's links in the spec's five categories. */
export default async function ContentFooterPage() {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'content.edit')) return <Forbidden />;
  const { items } = await apiGet('/api/v1/back-office/footer_links', AdminFooterLinksSchema);
  return (
    <BoPage title={T.pages.content} lead={T.pages.contentLead}>
      <SectionNav label={T.pages.contentNav} items={CONTENT_SECTIONS} current="/back-office/content/footer" />
      <FooterLinksManager links={items} />
    </BoPage>
  );
}
