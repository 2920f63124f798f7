import { SHELL_TEXTS } from '@freight/domain/texts/shell';

import { Link } from '@/components/ui/link';
import { CookieNoticeClient } from './cookie-notice-client';
import styles from './cookie-notice.module.css';

/**
 * Cookie notice. Acceptance is kept in a cookie, so the server already knows whether to render
 * the notice (`acceptedOnServer`): it is painted with the page, not popped in after hydration,
 * and once accepted no part of it is sent or hydrated at all. The text is server-rendered; only
 * the button (and the move of an old localStorage acceptance into the cookie) is client code.
 */
export function CookieNotice({ acceptedOnServer }: { acceptedOnServer: boolean }) {
  if (acceptedOnServer) return null;
  return (
    <CookieNoticeClient>
      <p className={styles.text}>
        {SHELL_TEXTS.cookie.text} <Link href="/docs-n-policies#cookies">{SHELL_TEXTS.cookie.policyLink}</Link>.
      </p>
    </CookieNoticeClient>
  );
}
