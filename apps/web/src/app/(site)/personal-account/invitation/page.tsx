import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { loadProfile } from '@/features/auth/api/server';
import { loadInvitation } from '@/features/team/api/server';
import { InvitationView } from '@/features/team/components/invitation-view';
import styles from '@/features/team/components/team.module.css';

const S = MESSAGES.team.invitationScreen;

export const metadata: Metadata = {
  title: S.metaTitle,
  robots: { index: false },
  // The address carries the invitation's secret: never send it on to another site.
  referrer: 'no-referrer',
};

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : null);

/**
 * /personal-account/invitation?token=…: the link of an invitation to a company's team. A
 * signed-out visitor signs in first and comes back here (next=); then the invitation is shown
 * with «Принять приглашение», or why it cannot be accepted (unknown or revoked, used, expired).
 */
export default async function InvitationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = one((await searchParams).token)?.trim() ?? '';
  if (token !== '') {
    const profile = await loadProfile();
    if (!profile) {
      redirect(
        `/auth/sign-in?next=${encodeURIComponent(`/personal-account/invitation?token=${encodeURIComponent(token)}`)}`,
      );
    }
  }
  const result = token === '' ? null : await loadInvitation(token);
  return (
    <div className={`container ${styles.invitationPage}`}>
      <div className={styles.card}>
        <h1>{S.title}</h1>
        <InvitationView token={token} result={result ?? { kind: 'refused', message: S.missingToken }} />
      </div>
    </div>
  );
}
