import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { BRAND } from '@/config/brand';
import { SiteShell } from '@/features/shell/components/site-shell';
import { BugReportButton } from '@/features/bug-report/components/bug-report-button';
import { NotFoundBox } from '../_components/not-found-box';

// Absolute: the same title as the site's 404, not the back-office template's.
export const metadata: Metadata = { title: { absolute: `${MESSAGES.shell.notFoundTitle} — ${BRAND.siteName}` } };

/**
 * notFound() in the back-office (an unknown news item, promotion or tariff): the site's Russian
 * 404 inside the site shell, as the root 404 showed it before it was cut down to the box (the
 * back-office layout adds nothing around its children).
 */
export default function BackOfficeNotFound() {
  return (
    <SiteShell bugReport={<BugReportButton compact />}>
      <NotFoundBox />
    </SiteShell>
  );
}
