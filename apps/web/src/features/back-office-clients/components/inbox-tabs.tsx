'use client';

import { usePathname, useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { Tabs } from '@/components/ui';

const T = BO_CLIENTS_TEXTS.inbox;

export type InboxTabValue = 'bug-reports' | 'feedback';

const ITEMS = [
  { value: 'bug-reports' as const, label: T.bugReports },
  { value: 'feedback' as const, label: T.feedback },
];

/**
 * The two inboxes as tabs; the tab lives in the address (`?tab=feedback`), so a list can be
 * reloaded and shared. Switching tabs drops the other list's page and filter.
 */
export function InboxTabs({ tab, children }: { tab: InboxTabValue; children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname() ?? '/back-office/inbox';
  return (
    <Tabs
      label={T.tabsLabel}
      items={ITEMS}
      value={tab}
      activation="manual"
      onValueChange={(value) => router.push(value === 'feedback' ? `${pathname}?tab=feedback` : pathname)}
    >
      {children}
    </Tabs>
  );
}
