import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { loadProfile, loadSessions } from '@/features/auth/api/server';
import { AccountSettings } from '@/features/auth/components/account-settings';
import styles from '@/features/auth/components/auth.module.css';

export const metadata: Metadata = { title: 'Настройки', robots: { index: false } };

export default async function SettingsPage() {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account/settings');
  const sessions = await loadSessions();
  return (
    <div className={`container ${styles.settings}`}>
      <p className={styles.hint}>
        <Link href="/personal-account">{MESSAGES.authScreen.accountTitle}</Link>
      </p>
      <h1>{MESSAGES.authScreen.settingsTitle}</h1>
      <AccountSettings profile={profile} sessions={sessions} />
    </div>
  );
}
