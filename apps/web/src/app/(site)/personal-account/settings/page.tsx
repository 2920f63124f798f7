import { MESSAGES } from '@freight/domain/messages';
import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { redirect } from 'next/navigation';
import { NotificationSettingsSection } from '@/features/account-notifications/components/notification-settings';
import { loadNotificationSettings } from '@/features/account-notifications/api/server';
import { loadProfile, loadSessions } from '@/features/auth/api/server';
import { Alert } from '@/components/ui';
import { AccountSettings } from '@/features/auth/components/account-settings';
import styles from '@/features/auth/components/auth.module.css';

export const metadata: Metadata = { title: 'Настройки', robots: { index: false } };

export default async function SettingsPage() {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account/settings');
  const [sessions, notifications] = await Promise.all([loadSessions(), loadNotificationSettings()]);
  return (
    <div className={`container ${styles.settings}`}>
      <p className={styles.hint}>
        <Link href="/personal-account">{MESSAGES.authScreen.accountTitle}</Link>
      </p>
      <h1>{MESSAGES.authScreen.settingsTitle}</h1>
      <AccountSettings profile={profile} sessions={sessions}>
        {notifications.kind === 'ok' ? (
          <NotificationSettingsSection settings={notifications.settings} telegram={notifications.telegram} />
        ) : (
          <Alert variant="error">{NOTIFICATIONS_TEXTS.settings.loadFailed}</Alert>
        )}
      </AccountSettings>
    </div>
  );
}
