'use client';

import type { InvitationInfo } from '@freight/contracts/team';
import { formatLongDate } from '@freight/domain/dates';
import { PROFILE_PERMISSIONS, ROLE_PERMISSIONS } from '@freight/domain/team';
import { TEAM_TEXTS } from '@freight/domain/texts/team';
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ActionRow, Alert, Button, Hint } from '@/components/ui';
import { errorMessage, teamApi } from '../api/team-api';
import styles from './team.module.css';

const S = TEAM_TEXTS.invitationScreen;

/** What the page read for the link: the invitation, or the Russian reason it cannot be accepted. */
export type InvitationResult = { kind: 'ok'; invitation: InvitationInfo } | { kind: 'refused'; message: string };

/**
 * /personal-account/invitation: the company, the role and what it allows, and «Принять
 * приглашение» — only when the invitation was sent to this account's phone or confirmed email;
 * otherwise where it went and what to do; a refused link (unknown, used, expired) says why.
 * Accepting makes the company the active profile. «Вы в команде» stays after the refresh that
 * reads the invitation as used (the state lives here, so the page's refresh does not wipe it).
 */
export function InvitationView({ token, result }: { token: string; result: InvitationResult }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<string | null>(null);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const profile = await teamApi.accept(token);
      setJoined(profile.name);
      // The header and every account page now act for the company.
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (joined !== null) {
    return (
      <div className={styles.stack}>
        <Alert variant="success">{S.accepted(joined)}</Alert>
        <ActionRow>
          <Button as={Link} href="/personal-account/orders">
            {S.toOrders}
          </Button>
          <Button as={Link} href="/personal-account" appearance="secondary">
            {S.toAccount}
          </Button>
        </ActionRow>
      </div>
    );
  }

  if (result.kind === 'refused') {
    return (
      <div className={styles.stack}>
        <Alert variant="error">{result.message}</Alert>
        <ActionRow>
          <Button as={Link} href="/personal-account" appearance="secondary">
            {S.toAccount}
          </Button>
        </ActionRow>
      </div>
    );
  }

  const { invitation } = result;
  const permissions = PROFILE_PERMISSIONS.filter((p) => ROLE_PERMISSIONS[invitation.role].includes(p));
  return (
    <div className={styles.stack}>
      <p>{S.text(invitation.company_name, invitation.role_label)}</p>
      {invitation.invited_by ? <Hint>{S.from(invitation.invited_by)}</Hint> : null}
      <Hint>{S.validUntil(formatLongDate(invitation.expires_at))}</Hint>
      <div>
        <p>{S.roleCan}</p>
        <ul className={styles.permissions}>
          {permissions.map((permission) => (
            <li key={permission}>{TEAM_TEXTS.permissions[permission]}</li>
          ))}
        </ul>
      </div>
      {invitation.for_you ? (
        <>
          {error ? <Alert variant="error">{error}</Alert> : null}
          <ActionRow>
            <Button size="large" loading={busy} onClick={() => void accept()}>
              {S.accept}
            </Button>
          </ActionRow>
        </>
      ) : (
        <Alert variant="warning" title={TEAM_TEXTS.invitationWrongContact}>
          {S.sentTo(invitation.contact_masked)} {S.wrongAccountHint}{' '}
          <Link href="/personal-account/settings">{S.settingsLink}</Link>
        </Alert>
      )}
    </div>
  );
}
