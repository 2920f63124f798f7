import { BoShell } from '@/features/back-office/components/bo-shell';
import { requireStaffPage } from '@/features/back-office/lib/staff';
import { IntentPrefetch } from '@/features/shell/components/intent-prefetch';
import { ThemeToggle } from '@/features/shell/components/theme-toggle';

/** Every back-office screen but the sign-in: a full staff session, or the sign-in page. */
export default async function WorkspaceLayout({ children }: { children: React.ReactNode }) {
  const staff = await requireStaffPage();
  return (
    <BoShell staff={staff} themeToggle={<ThemeToggle />}>
      {/* Links prefetch on intent here too (the kit's Link), as in the site shell. */}
      <IntentPrefetch />
      {children}
    </BoShell>
  );
}
