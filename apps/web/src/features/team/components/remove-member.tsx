'use client';

import { TEAM_TEXTS } from '@freight/domain/texts/team';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert, Button } from '@/components/ui';
import { LazyModal, preloadModal } from '@/components/ui/lazy-modal';
import { errorMessage, teamApi } from '../api/team-api';
import styles from './team.module.css';

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
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await teamApi.remove(accountUuid, userId);
      setOpen(false);
      // Whoever leaves now acts for their personal profile: the account's start page fits that.
      if (self) router.replace('/personal-account');
      else onDone?.(S.removed(name));
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        appearance={self ? 'secondary' : 'dangerous'}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        onPointerEnter={preloadModal}
        onFocus={preloadModal}
        aria-label={self ? undefined : `${S.remove}: ${name}`}
      >
        {self ? S.leave : S.remove}
      </Button>
      <LazyModal
        open={open}
        onOpenChange={setOpen}
        title={self ? S.leaveTitle : S.removeTitle}
        description={self ? S.leaveText(company) : S.removeText(name, company)}
        maxWidth={480}
        footer={
          <div className={styles.modalActions}>
            <Button appearance="secondary" onClick={() => setOpen(false)}>
              {S.keep}
            </Button>
            <Button appearance="dangerous" loading={busy} onClick={() => void confirm()}>
              {self ? S.leaveConfirm : S.removeConfirm}
            </Button>
          </div>
        }
      >
        {error ? <Alert variant="error">{error}</Alert> : null}
      </LazyModal>
    </>
  );
}
