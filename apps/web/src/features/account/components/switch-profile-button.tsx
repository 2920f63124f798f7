'use client';

import { ACCOUNT_TEXTS } from '@freight/domain/texts/account';
import { Alert, Button } from '@/components/ui';
import { useSwitchProfile } from '../lib/use-switch-profile';

/**
 * «Работать от имени …»: the account navigation's switcher as a single button, for a page that
 * needs another profile than the active one.
 */
export function SwitchProfileButton({ accountUuid, name }: { accountUuid: string; name: string }) {
  const { pending, error, switchTo } = useSwitchProfile();
  return (
    <>
      <Button appearance="secondary" onClick={() => switchTo(accountUuid)} loading={pending}>
        {ACCOUNT_TEXTS.actAs(name)}
      </Button>
      {error ? <Alert variant="error">{error}</Alert> : null}
    </>
  );
}
