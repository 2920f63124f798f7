import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { redirect } from 'next/navigation';
import { Button } from '@/components/ui';
import { loadProfile } from '@/features/auth/api/server';
import { LogoutButton } from '@/features/auth/components/account-settings';
import styles from '@/features/auth/components/auth.module.css';

export const metadata: Metadata = { title: 'Личный кабинет', robots: { index: false } };

const A = MESSAGES.account;

/** The personal account's landing: who the user acts for, full access, the team, the way onwards. */
export default async function PersonalAccountPage() {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account');
  const active = profile.active_profile;
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
      <section className={styles.section} aria-labelledby="account-profile">
        <h2 id="account-profile">{A.overviewProfileTitle}</h2>
        <p className={styles.value} data-testid="active-profile">
          <strong>{active.name}</strong>
          <br />
          {active.kind === 'legal' && active.inn ? A.innKpp(active.inn, active.kpp) : A.personalKind}
        </p>
        <p className={styles.hint}>
          {A.role}: {active.role_label}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="account-access">
        <h2 id="account-access">{A.fullAccessTitle}</h2>
        <p className={styles.hint}>{profile.full_access ? A.fullAccessGranted : A.fullAccessMissing}</p>
        <div className={styles.accountLinks}>
          <Button as={Link} href="/personal-account/access" appearance="secondary">
            {profile.full_access ? A.fullAccessRequestsLink : A.fullAccessLink}
          </Button>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="account-team">
        <h2 id="account-team">{A.teamTitle}</h2>
        <p className={styles.hint}>{A.teamText}</p>
        <div className={styles.accountLinks}>
          <Button as={Link} href="/personal-account/team" appearance="secondary">
            {A.teamLink}
          </Button>
        </div>
      </section>
    </div>
  );
}
