import type { ClientProfile } from '@freight/contracts/identity';
import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import { Alert, Hint, Panel } from '@/components/ui';
import { loadWebhooks } from '../api/server';
import { WebhooksManager } from './webhooks-manager';
import styles from './webhooks.module.css';

const S = WEBHOOKS_TEXTS.screen;

/**
 * The «Вебхуки» section of /personal-account/integrations for the active profile (a server
 * component: the list is read here). A member without `integrations.manage` reads why there is
 * nothing to manage; owners and administrators get the manager.
 */
export async function WebhooksPanel({ profile }: { profile: ClientProfile }) {
  const manages = profile.permissions.includes('integrations.manage');
  const result = manages ? await loadWebhooks(profile.account_uuid) : null;
  return (
    <Panel className={styles.panel} aria-labelledby="webhooks-h">
      <h2 id="webhooks-h">{S.title}</h2>
      <Hint>{S.lead}</Hint>
      <details className={styles.signature}>
        <summary>{S.signatureTitle}</summary>
        <Hint>{S.signatureText}</Hint>
        <pre className={styles.code}>
          <code>{S.signatureSnippet}</code>
        </pre>
      </details>
      {result === null ? (
        <Alert variant="info">{S.forbidden}</Alert>
      ) : result.kind === 'ok' ? (
        <WebhooksManager list={result.list} />
      ) : (
        <Alert variant="error">{S.loadError}</Alert>
      )}
    </Panel>
  );
}
