import { API_PATHS } from '@freight/contracts/paths';
import { formatCount } from '@freight/domain/plural';
import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { Hint, Panel } from '@/components/ui';
import styles from './api-keys.module.css';

const S = API_KEYS_TEXTS.screen;

export interface HowToUseProps {
  /** The site's public origin: the API answers under it at /api/… */
  origin: string;
  /** Calls per minute of a key (the API's default), when known. */
  ratePerMinute?: number;
}

/** «Как пользоваться»: the header to send, a curl call, the limits and the OpenAPI description. */
export function HowToUse({ origin, ratePerMinute }: HowToUseProps) {
  const base = origin.replace(/\/+$/, '');
  const curl = [`curl -H "Authorization: Bearer mg_live_…" \\`, `  "${base}${API_PATHS.cargoList}?limit=20"`].join(
    '\n',
  );
  return (
    <Panel aria-labelledby="api-keys-howto-h">
      <h2 id="api-keys-howto-h">{S.howToTitle}</h2>
      <p className={styles.text}>{S.howToText}</p>
      <p className={styles.text}>{S.curlCaption}</p>
      <pre className={styles.pre}>
        <code>{curl}</code>
      </pre>
      {ratePerMinute ? (
        <p className={styles.text}>{S.howToLimits(formatCount(ratePerMinute, S.requestForms))}</p>
      ) : null}
      <p className={styles.text}>
        <a href={API_PATHS.docs}>{S.docsLink}</a> · <a href={API_PATHS.openapi}>{S.openapiLink}</a>
      </p>
      <Hint>{S.docsHint}</Hint>
    </Panel>
  );
}
