import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Button } from '@/components/ui';
import { loadProfile } from '@/features/auth/api/server';
import { LogoutButton } from '@/features/auth/components/account-settings';
import { AUTH_LABELS } from '@/features/auth/labels';
import styles from '@/features/auth/components/auth.module.css';

export const metadata: Metadata = { title: 'Личный кабинет', robots: { index: false } };

/** The personal account's landing: greeting and the way to the settings (other screens come later). */
export default async function PersonalAccountPage() {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account');
  return (
    <div className={`container ${styles.settings}`}>
      <h1>{AUTH_LABELS.accountTitle}</h1>
      <section className={styles.section}>
        <h2>{AUTH_LABELS.greeting(profile.display_name)}</h2>
        <p className={styles.hint}>{AUTH_LABELS.accountIntro}</p>
        <div className={styles.accountLinks}>
          <Button as={Link} href="/personal-account/settings">
            {AUTH_LABELS.settingsLink}
          </Button>
          <LogoutButton />
        </div>
      </section>
    </div>
  );
}
