'use client';

import { API_PATHS } from '@freight/contracts/paths';
import { ACCOUNT_TEXTS } from '@freight/domain/texts/account';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { ApiError, apiFetch } from '@/lib/api/client';

/**
 * Makes a profile the active one (POST /user/change_profile) and renders the page again for it;
 * `error` is the Russian reason when the switch failed.
 */
export function useSwitchProfile() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const switchTo = (accountUuid: string) => {
    setError(null);
    startTransition(async () => {
      try {
        await apiFetch(API_PATHS.changeProfile, { method: 'POST', json: { account_uuid: accountUuid } });
        router.refresh();
      } catch (e) {
        setError(e instanceof ApiError ? e.message : ACCOUNT_TEXTS.profileSwitchFailed);
      }
    });
  };
  return { pending, error, switchTo };
}
