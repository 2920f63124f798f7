import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { Alert } from '@/components/ui';
import { loadUnsubscribeInfo } from '@/features/account-notifications/api/server';
import { UnsubscribeForm } from '@/features/account-notifications/components/unsubscribe-form';
import styles from '@/features/account-notifications/components/notifications.module.css';

const U = NOTIFICATIONS_TEXTS.unsubscribe;

export const metadata: Metadata = { title: U.metaTitle, robots: { index: false } };

const param = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);

/**
 * /unsubscribe?token=…&event=…: the link at the end of a status e-mail. Works without signing in
 * (the token names whose e-mails). Opening it only asks; the button turns the e-mails off.
 */
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const token = param(params.token);
  const info = token ? await loadUnsubscribeInfo(token, param(params.event)) : null;
  return (
    <div className={`container ${styles.page}`}>
      <h1>{U.title}</h1>
      {token && info ? <UnsubscribeForm token={token} info={info} /> : <Alert variant="error">{U.invalid}</Alert>}
      {info?.kind === 'account' ? (
        <p className={styles.hint}>
          <Link href="/personal-account/settings">{U.settingsLink}</Link>
        </p>
      ) : null}
    </div>
  );
}
