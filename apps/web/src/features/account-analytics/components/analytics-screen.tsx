'use client';

import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { usePathname, useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { Alert, panelClassName } from '@/components/ui';
import {
  analyticsUrlQuery,
  type AnalyticsPeriod,
  type AnalyticsUrlErrors,
  type AnalyticsUrlState,
} from '../lib/analytics-url';
import type { AnalyticsData } from '../lib/types';
import { AnalyticsContent } from './analytics-content';
import { AnalyticsFilters } from './analytics-filters';
import styles from './analytics.module.css';

const S = ANALYTICS_TEXTS.screen;

export interface AnalyticsScreenProps {
  /** The user's profiles with analytics.view. */
  profiles: readonly { account_uuid: string; name: string }[];
  /** The address, read on the server (parseAnalyticsUrl). */
  state: AnalyticsUrlState;
  errors: AnalyticsUrlErrors;
  /** The profiles and period the figures are for. */
  accounts: readonly string[];
  period: AnalyticsPeriod;
  /** The seven answers, or null when the API refused them. */
  data: AnalyticsData | null;
}

/**
 * The analytics screen: the filters above, the figures below. A new choice of profiles or
 * period is a navigation — the server reads the seven calls again — while the old figures
 * stay, dimmed; the data_type switch inside stays on the client.
 */
export function AnalyticsScreen({ profiles, state, errors, accounts, period, data }: AnalyticsScreenProps) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();

  const navigate = (next: AnalyticsUrlState) => {
    // The measure may have changed on the client since the server rendered (history.replaceState).
    const current = new URLSearchParams(window.location.search).get('data_type');
    const dataType = (current as AnalyticsUrlState['dataType'] | null) ?? 'count';
    const query = analyticsUrlQuery({ ...next, dataType }).toString();
    startTransition(() => router.push(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  };

  // A new set of figures is a new content: its own data_type switch starts from the server's.
  const contentKey = [accounts.join(','), period.from, period.to, state.dataType].join('|');

  return (
    <>
      <AnalyticsFilters
        profiles={profiles}
        state={state}
        errors={errors}
        period={period}
        pending={pending}
        onNavigate={navigate}
      />
      <div className={pending ? styles.stale : undefined} aria-busy={pending || undefined}>
        {data ? (
          <AnalyticsContent
            key={contentKey}
            data={data}
            accounts={accounts}
            period={period}
            dataType={state.dataType}
          />
        ) : (
          <Alert variant="error" className={panelClassName}>
            {S.loadError}
          </Alert>
        )}
      </div>
    </>
  );
}
