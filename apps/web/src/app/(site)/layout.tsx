import { SiteShell } from '@/features/shell/components/site-shell';
import { BugReportButton } from '@/features/bug-report/components/bug-report-button';

/** Pages in this group get the site shell; a page outside the group supplies its own layout. */
export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return <SiteShell bugReport={<BugReportButton compact />}>{children}</SiteShell>;
}
