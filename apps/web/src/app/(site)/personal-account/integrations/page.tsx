import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { webEnv } from '@/config/env';
import { AccountPage } from '@/features/account/components/account-page';
import { loadProfile } from '@/features/auth/api/server';
import { ApiKeysPanel } from '@/features/account-api-keys/components/api-keys-panel';
import { WebhooksPanel } from '@/features/account-webhooks/components/webhooks-panel';

const P = API_KEYS_TEXTS.page;

export const metadata: Metadata = { title: P.metaTitle, robots: { index: false } };

/**
 * /personal-account/integrations: how the active profile’s programs work with us — its API keys
 * and webhooks (issue 18). Each section loads its own data on the server.
 */
export default async function IntegrationsPage() {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account/integrations');
  const active = profile.active_profile;

  return (
    <AccountPage
      title={
        <>
          {P.title} · {active.name}
        </>
      }
      lead={P.lead(active.name)}
    >
      <ApiKeysPanel profile={active} origin={webEnv.publicOrigin} />
      <WebhooksPanel profile={active} />
    </AccountPage>
  );
}
