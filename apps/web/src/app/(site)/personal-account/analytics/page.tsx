import { toIsoDate } from '@freight/domain/dates';
import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Hint, Panel } from '@/components/ui';
import { AccountPage } from '@/features/account/components/account-page';
import { loadProfile } from '@/features/auth/api/server';
import { loadAnalytics } from '@/features/account-analytics/api/server';
import { AnalyticsScreen } from '@/features/account-analytics/components/analytics-screen';
import styles from '@/features/account-analytics/components/analytics.module.css';
import { parseAnalyticsUrl } from '@/features/account-analytics/lib/analytics-url';

const S = MESSAGES.analytics.screen;

export const metadata: Metadata = { title: S.metaTitle, robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /personal-account/analytics: the shipments and spend of the user's profiles that they may see
 * analytics of (analytics.view). The address holds the profiles, the period and the measure
 * (parseAnalyticsUrl); the seven calls are read here, on the server, in parallel, and the charts
 * load in the browser after the page has painted.
 */
export default async function AnalyticsPage({ searchParams }: { searchParams: SearchParams }) {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account/analytics');

  const profiles = profile.profiles
    .filter((p) => p.permissions.includes('analytics.view'))
    .map((p) => ({ account_uuid: p.account_uuid, name: p.name }));

  if (profiles.length === 0) {
    return (
      <AccountPage title={S.title} width="full" className={styles.charts}>
        <Panel aria-labelledby="analytics-denied-h">
          <h2 id="analytics-denied-h">{S.noPermissionTitle}</h2>
          <Hint>{S.noPermissionText}</Hint>
        </Panel>
      </AccountPage>
    );
  }

  const today = toIsoDate(new Date())!;
  const parsed = parseAnalyticsUrl(
    await searchParams,
    today,
    profiles.map((p) => p.account_uuid),
  );
  const result = await loadAnalytics(parsed.accounts, parsed.period, parsed.state.dataType);

  return (
    <AccountPage title={S.title} lead={S.lead} width="full" className={styles.charts}>
      <AnalyticsScreen
        profiles={profiles}
        state={parsed.state}
        errors={parsed.errors}
        accounts={parsed.accounts}
        period={parsed.period}
        data={result.kind === 'ok' ? result.data : null}
      />
    </AccountPage>
  );
}
