'use client';

import type { Team, TeamContact, TeamInvitation, TeamMember } from '@freight/contracts/team';
import { formatLongDate } from '@freight/domain/dates';
import { formatPhoneSpaced } from '@freight/domain/masking';
import { pluralize } from '@freight/domain/plural';
import { INVITABLE_ROLES, isInvitableRole, roleLabel, type InvitableRole } from '@freight/domain/team';
import { TEAM_TEXTS } from '@freight/domain/texts/team';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Hint, ItemList, ItemMeta, ItemRow, ItemTitle, Panel, Select, TextInput } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { errorMessage, teamApi } from '../api/team-api';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import { RemoveMember } from './remove-member';
import styles from './team.module.css';

const S = TEAM_TEXTS.screen;

const ROLE_OPTIONS = INVITABLE_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

/**
 * /personal-account/team for the owner and administrators of the active company profile: the
 * members with a role select and «Удалить» each (the owner's row has neither), the invitation
 * form and the pending invitations with «Отозвать». Every change re-reads the page's data.
 */
export function TeamManager({ team }: { team: Team }) {
  const [notice, setNotice] = useState<string | null>(null);
  const seatsTaken = team.members.length + team.invitations.length;
  return (
    <>
      {notice ? (
        <Alert variant="success" closable onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <Panel aria-labelledby="team-members-h">
        <h2 id="team-members-h">
          {S.membersTitle}: {team.members.length} {pluralize(team.members.length, S.memberForms)}
        </h2>
        <ItemList>
          {team.members.map((member) => (
            <MemberItem key={member.user_id} member={member} team={team} onDone={setNotice} />
          ))}
        </ItemList>
      </Panel>
      <InviteForm team={team} full={seatsTaken >= team.max_members} onDone={setNotice} />
      <Panel aria-labelledby="team-invitations-h">
        <h2 id="team-invitations-h">{S.invitationsTitle}</h2>
        {team.invitations.length === 0 ? (
          <Hint>{S.invitationsEmpty}</Hint>
        ) : (
          <ItemList>
            {team.invitations.map((invitation) => (
              <InvitationItem key={invitation.id} invitation={invitation} onDone={setNotice} />
            ))}
          </ItemList>
        )}
      </Panel>
    </>
  );
}

function MemberItem({ member, team, onDone }: { member: TeamMember; team: Team; onDone: (text: string) => void }) {
  const router = useRouter();
  const [role, setRole] = useState(member.role);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // What the server says is the role wins after a refresh.
  const [seenRole, setSeenRole] = useState(member.role);
  if (seenRole !== member.role) {
    setSeenRole(member.role);
    setRole(member.role);
  }

  const changeRole = async (value: string) => {
    if (!isInvitableRole(value) || value === role) return;
    const previous = role;
    setRole(value);
    setSaving(true);
    setError(null);
    try {
      await teamApi.changeRole({ account_uuid: team.account_uuid, user_id: member.user_id, role: value });
      onDone(S.roleSaved(member.name, roleLabel(value)));
      router.refresh();
    } catch (e) {
      setRole(previous);
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const isOwner = member.role === 'owner';
  return (
    <ItemRow
      controls={
        <>
          {isOwner || member.is_you ? (
            <span className={styles.roleBadge}>{member.role_label}</span>
          ) : (
            <Select
              aria-label={S.roleOf(member.name)}
              containerClassName={styles.roleSelect}
              options={ROLE_OPTIONS}
              value={role}
              disabled={saving}
              onValueChange={(value) => void changeRole(value)}
            />
          )}
          {isOwner ? null : (
            <RemoveMember
              accountUuid={team.account_uuid}
              company={team.name}
              userId={member.user_id}
              name={member.name}
              self={member.is_you}
              onDone={onDone}
            />
          )}
        </>
      }
      below={error ? <Alert variant="error">{error}</Alert> : null}
    >
      <ItemTitle>
        {member.name}
        {member.is_you ? <span className={styles.you}>{S.you}</span> : null}
      </ItemTitle>
      {member.phone ? (
        <ItemMeta>
          <span className={styles.phone}>{formatPhoneSpaced(member.phone)}</span>
        </ItemMeta>
      ) : null}
      {member.email ? <ItemMeta>{member.email}</ItemMeta> : null}
      <ItemMeta>{S.since(formatLongDate(member.since))}</ItemMeta>
    </ItemRow>
  );
}

interface InviteValues {
  contact: string;
  role: InvitableRole | '';
}

interface InviteOutput {
  contact: TeamContact;
  role: InvitableRole;
}

/** «Пригласить сотрудника»: a phone or email and a role; the server's field errors land under the fields. */
function InviteForm({ team, full, onDone }: { team: Team; full: boolean; onDone: (text: string) => void }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteValues, unknown, InviteOutput>({
    defaultValues: { contact: '', role: '' },
    resolver: lazyZodResolver<InviteValues, InviteOutput>('InviteFormSchema'),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const invitation = await teamApi.invite({
        account_uuid: team.account_uuid,
        contact: values.contact.contact,
        role: values.role,
      });
      form.reset({ contact: '', role: '' });
      onDone(S.invited(invitationContact(invitation)));
      router.refresh();
    } catch (e) {
      let shown = false;
      if (e instanceof ApiError) {
        for (const [field, message] of Object.entries(e.fields)) {
          if (field === 'contact' || field === 'role') {
            form.setError(field, { message });
            shown = true;
          }
        }
      }
      if (!shown) setFormError(errorMessage(e));
    }
  });
  return (
    <Panel aria-labelledby="team-invite-h">
      <h2 id="team-invite-h">{S.inviteTitle}</h2>
      <Hint>{S.inviteHint}</Hint>
      {full ? (
        <Alert variant="info">{S.teamFullHint}</Alert>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} onFocus={preloadSchemas} noValidate>
          <TextInput
            label={S.contactLabel}
            hint={S.contactHint}
            autoComplete="off"
            maxLength={320}
            {...form.register('contact')}
            error={errors.contact?.message}
          />
          <Select
            label={S.roleLabel}
            placeholder={S.rolePlaceholder}
            options={ROLE_OPTIONS}
            {...form.register('role')}
            error={errors.role?.message}
          />
          {formError ? (
            <div className={styles.formWide}>
              <Alert variant="error">{formError}</Alert>
            </div>
          ) : null}
          <div className={styles.formWide}>
            <Button type="submit" loading={isSubmitting}>
              {S.inviteSubmit}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}

function invitationContact(invitation: Pick<TeamInvitation, 'channel' | 'contact'>): string {
  return invitation.channel === 'phone' ? formatPhoneSpaced(invitation.contact) : invitation.contact;
}

function InvitationItem({ invitation, onDone }: { invitation: TeamInvitation; onDone: (text: string) => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const contact = invitationContact(invitation);
  const revoke = async () => {
    setBusy(true);
    setError(null);
    try {
      await teamApi.revoke(invitation.id);
      onDone(S.revoked(contact));
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ItemRow
      controls={
        <Button
          appearance="secondary"
          loading={busy}
          onClick={() => void revoke()}
          aria-label={`${S.revoke}: ${contact}`}
        >
          {S.revoke}
        </Button>
      }
      below={error ? <Alert variant="error">{error}</Alert> : null}
    >
      <ItemTitle className={invitation.channel === 'phone' ? styles.phone : undefined}>{contact}</ItemTitle>
      <ItemMeta>
        {invitation.role_label} · {S.expiresAt(formatLongDate(invitation.expires_at))}
      </ItemMeta>
      {invitation.invited_by ? <ItemMeta>{S.invitedBy(invitation.invited_by)}</ItemMeta> : null}
    </ItemRow>
  );
}
