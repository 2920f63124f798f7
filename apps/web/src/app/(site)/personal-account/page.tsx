import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Button } from '@/components/ui';
import { loadProfile } from '@/features/auth/api/server';
import { LogoutButton } from '@/features/auth/components/account-settings';
import styles from '@/features/auth/components/auth.module.css';

export const metadata: Metadata = { title: 'Личный кабинет', robots: { index: false } };

/** The personal account's landing: greeting and the way to the settings (other screens come later). */
export default async function PersonalAccountPage() {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account');
  return (
    <div className={`container ${styles.settings}`}>
      <h1>{MESSAGES.authScreen.accountTitle}</h1>
      <section className={styles.section}>
        <h2>{MESSAGES.authScreen.greeting(profile.display_name)}</h2>
        <p className={styles.hint}>{MESSAGES.authScreen.accountIntro}</p>
        <div className={styles.accountLinks}>
          <Button as={Link} href="/personal-account/orders">
            {MESSAGES.accountOrders.navLink}
          </Button>
          <Button as={Link} href="/personal-account/settings" appearance="secondary">
            {MESSAGES.authScreen.settingsLink}
          </Button>
          <LogoutButton />
        </div>
      </section>
    </div>
  );
}
