import type { ClientProfile } from '@freight/contracts/identity';
import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { Alert, Hint, Panel } from '@/components/ui';
import { loadApiKeys } from '../api/server';
import { ApiKeysSection } from './api-keys-section';
import { HowToUse } from './how-to-use';

const S = API_KEYS_TEXTS.screen;

/**
 * The «API-ключи» part of /personal-account/integrations (a server component): the keys of the
 * active profile for members with integrations.manage, an explanation for the others, and
 * «Как пользоваться» for everyone.
 */
export async function ApiKeysPanel({ profile, origin }: { profile: ClientProfile; origin: string }) {
  if (!profile.permissions.includes('integrations.manage')) {
    return (
      <>
        <Panel aria-labelledby="api-keys-h">
          <h2 id="api-keys-h">{S.title}</h2>
          <Hint>{S.intro}</Hint>
          <Alert variant="info">{S.notAllowed}</Alert>
        </Panel>
        <HowToUse origin={origin} />
      </>
    );
  }
  const result = await loadApiKeys(profile.account_uuid);
  return (
    <>
      {result.kind === 'ok' ? (
        <ApiKeysSection list={result.list} />
      ) : (
        <Panel aria-labelledby="api-keys-h">
          <h2 id="api-keys-h">{S.title}</h2>
          <Alert variant="error">{S.loadError}</Alert>
        </Panel>
      )}
      <HowToUse origin={origin} ratePerMinute={result.kind === 'ok' ? result.list.rate_limit_per_minute : undefined} />
    </>
  );
}
