'use client';

import { TEAM_TEXTS } from '@freight/domain/texts/team';
import { useRouter } from 'next/navigation';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { errorMessage, teamApi } from '../api/team-api';

const S = TEAM_TEXTS.screen;

export interface RemoveMemberProps {
  accountUuid: string;
  /** The company, for the dialog's text. */
  company: string;
  userId: number;
  name: string;
  /** One's own row: «Покинуть команду», and the personal account afterwards. */
  self: boolean;
  onDone?: (text: string) => void;
}

/** «Удалить» a member, or «Покинуть команду» on one's own row, with a confirmation dialog. */
export function RemoveMember({ accountUuid, company, userId, name, self, onDone }: RemoveMemberProps) {
  const router = useRouter();
  return (
    <ConfirmAction
      label={self ? S.leave : S.remove}
      ariaLabel={self ? undefined : `${S.remove}: ${name}`}
      appearance={self ? 'secondary' : 'dangerous'}
      title={self ? S.leaveTitle : S.removeTitle}
      description={self ? S.leaveText(company) : S.removeText(name, company)}
      cancelLabel={S.keep}
      confirmLabel={self ? S.leaveConfirm : S.removeConfirm}
      errorText={errorMessage}
      onConfirm={async () => {
        await teamApi.remove(accountUuid, userId);
        // Whoever leaves now acts for their personal profile: the account's start page fits that.
        if (self) router.replace('/personal-account');
        else onDone?.(S.removed(name));
        router.refresh();
      }}
    />
  );
}
