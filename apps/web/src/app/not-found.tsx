import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { SiteShell } from '@/features/shell/components/site-shell';
import { BugReportButton } from '@/features/bug-report/components/bug-report-button';
import { NotFoundBox } from './_components/not-found-box';

export const metadata: Metadata = { title: MESSAGES.shell.notFoundTitle };

/** Any unknown address: the Russian 404 inside the site shell (header and footer stay). */
export default function NotFound() {
  return (
    <SiteShell bugReport={<BugReportButton compact />}>
      <NotFoundBox />
    </SiteShell>
  );
}
