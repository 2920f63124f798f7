import type { ClientProfile } from '@freight/contracts/identity';
import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { Alert } from '@/components/ui';
import { loadApiKeys } from '../api/server';
import { ApiKeysSection } from './api-keys-section';
import { HowToUse } from './how-to-use';
import styles from './api-keys.module.css';

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
        <section className={styles.section} aria-labelledby="api-keys-h">
          <h2 id="api-keys-h">{S.title}</h2>
          <p className={styles.hint}>{S.intro}</p>
          <Alert variant="info">{S.notAllowed}</Alert>
        </section>
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
        <section className={styles.section} aria-labelledby="api-keys-h">
          <h2 id="api-keys-h">{S.title}</h2>
          <Alert variant="error">{S.loadError}</Alert>
        </section>
      )}
      <HowToUse origin={origin} ratePerMinute={result.kind === 'ok' ? result.list.rate_limit_per_minute : undefined} />
    </>
  );
}
