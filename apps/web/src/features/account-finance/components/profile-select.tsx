'use client';

import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { useRouter } from 'next/navigation';
import { useOptimistic, useTransition } from 'react';
import { Select } from '@/components/ui';
import { ALL_ACCOUNTS, financeHref, type FinanceUrlState } from '../lib/finance-url';

const S = SETTLEMENTS_TEXTS.screen;

export interface ProfileSelectProps {
  /** The profiles whose settlements the user may see (two or more). */
  profiles: readonly { account_uuid: string; name: string }[];
  /** The choice shown: an account_uuid, or ALL_ACCOUNTS. */
  value: string;
  /** The month shown, kept when the profile changes (the contract is chosen anew). */
  month: Pick<FinanceUrlState, 'year' | 'month'>;
}

/** «Профиль»: whose settlements the page shows — one profile, or all of them together. */
export function ProfileSelect({ profiles, value, month }: ProfileSelectProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [shown, setShown] = useOptimistic(value);
  return (
    <Select
      label={S.profileLabel}
      value={shown}
      aria-busy={pending || undefined}
      options={[
        ...profiles.map((p) => ({ value: p.account_uuid, label: p.name })),
        { value: ALL_ACCOUNTS, label: S.allProfiles },
      ]}
      onValueChange={(account) =>
        startTransition(() => {
          setShown(account);
          router.push(financeHref({ account, ...month }), { scroll: false });
        })
      }
    />
  );
}
