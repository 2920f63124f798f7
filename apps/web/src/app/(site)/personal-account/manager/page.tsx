import { toIsoDate } from '@freight/domain/dates';
import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { redirect } from 'next/navigation';
import { Alert, Button, Hint, Panel } from '@/components/ui';
import { BRAND } from '@/config/brand';
import { AccountPage } from '@/features/account/components/account-page';
import { loadProfile } from '@/features/auth/api/server';
import { loadManagers } from '@/features/account-manager/api/server';
import { ManagerCard } from '@/features/account-manager/components/manager-card';
import styles from '@/features/account-manager/components/manager.module.css';

const S = MESSAGES.commercial.managerScreen;

export const metadata: Metadata = { title: S.metaTitle, robots: { index: false } };

/**
 * /personal-account/manager («Мой менеджер»): the personal manager of each of the user's profiles
 * that has one (GET /user/managers), with the monthly rating. Without a manager the page says who
 * answers instead — the carrier's contact centre from the brand config the header and footer use —
 * and how a company gets a manager.
 */
export default async function ManagerPage() {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account/manager');
  const answer = await loadManagers();
  const today = toIsoDate(new Date())!;

  return (
    <AccountPage title={S.title} lead={S.intro}>
      {answer.kind === 'refused' ? (
        <Alert variant="error">{S.loadError}</Alert>
      ) : answer.list.managers.length === 0 ? (
        <Panel className={styles.none} aria-labelledby="manager-none-h" data-testid="manager-none">
          <h2 id="manager-none-h">{S.noneTitle}</h2>
          <p>{S.noneText}</p>
          <p className={styles.phoneLine}>
            <a href={`tel:${BRAND.phone.tel}`} className={styles.contactLink}>
              {BRAND.phone.display}
            </a>
          </p>
          <Hint>{BRAND.phone.note}</Hint>
          <p>
            <a href={`mailto:${BRAND.supportEmail}`} className={styles.contactLink}>
              {BRAND.supportEmail}
            </a>
          </p>
          <Hint>{S.noneAccessHint}</Hint>
          <Button as={Link} href="/personal-account/access" appearance="secondary">
            {S.accessLink}
          </Button>
        </Panel>
      ) : (
        <div className={styles.list}>
          {answer.list.managers.map((entry) => (
            <ManagerCard key={`${entry.account_uuid}-${entry.manager.id}`} entry={entry} today={today} />
          ))}
        </div>
      )}
    </AccountPage>
  );
}
