import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { redirect } from 'next/navigation';
import { Alert, Button, Hint, Panel } from '@/components/ui';
import { AccountPage } from '@/features/account/components/account-page';
import { loadProfile } from '@/features/auth/api/server';
import { loadTeam } from '@/features/team/api/server';
import { SwitchProfileButton } from '@/features/account/components/switch-profile-button';
import { RemoveMember } from '@/features/team/components/remove-member';
import { RolesOverview } from '@/features/team/components/roles-overview';
import { TeamManager } from '@/features/team/components/team-manager';
import styles from '@/features/team/components/team.module.css';

const S = MESSAGES.team.screen;

export const metadata: Metadata = { title: S.metaTitle, robots: { index: false } };

/**
 * /personal-account/team: the team of the active company profile. The owner and administrators
 * manage it; other members see their role and may leave; a personal profile has no team, and the
 * page says how to get a company profile. The role table is explained on every variant.
 */
export default async function TeamPage() {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account/team');
  const active = profile.active_profile;

  if (active.kind !== 'legal') {
    const companies = profile.profiles.filter((p) => p.kind === 'legal');
    return (
      <AccountPage title={S.title}>
        <Panel aria-labelledby="team-personal-h">
          <h2 id="team-personal-h">{S.personalTitle}</h2>
          <p>{S.personalText}</p>
          {companies.length > 0 ? (
            <>
              <Hint>{S.personalSwitchHint}</Hint>
              <div className={styles.switchList}>
                {companies.map((company) => (
                  <SwitchProfileButton
                    key={company.account_uuid}
                    accountUuid={company.account_uuid}
                    name={company.name}
                  />
                ))}
              </div>
            </>
          ) : (
            <Button as={Link} href="/personal-account/access">
              {S.personalAccessLink}
            </Button>
          )}
        </Panel>
        <RolesOverview />
      </AccountPage>
    );
  }

  const manages = active.permissions.includes('team.manage');
  const team = manages ? await loadTeam(active.account_uuid) : null;
  return (
    <AccountPage
      title={
        <>
          {S.title} · {active.name}
        </>
      }
      lead={
        <>
          {S.intro(active.name)} {S.yourRole(active.role_label)}
        </>
      }
    >
      {team === null ? (
        <Panel aria-labelledby="team-you-h">
          <h2 id="team-you-h">{S.membersTitle}</h2>
          <Hint>{S.notManagerText}</Hint>
          {active.role === 'owner' ? null : (
            <RemoveMember
              accountUuid={active.account_uuid}
              company={active.name}
              userId={profile.id}
              name={profile.display_name}
              self
            />
          )}
        </Panel>
      ) : team.kind === 'ok' ? (
        <TeamManager team={team.team} />
      ) : (
        <Alert variant="error">{S.loadError}</Alert>
      )}
      <RolesOverview yours={active.role} />
    </AccountPage>
  );
}
