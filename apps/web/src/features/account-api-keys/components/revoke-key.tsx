'use client';

import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { useRouter } from 'next/navigation';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { apiKeysApi, errorMessage } from '../api/api-keys-api';

const S = API_KEYS_TEXTS.screen;

/** «Отозвать» a key, after a dialog that says it stops working at once and for good. */
export function RevokeKey({ id, name, onDone }: { id: string; name: string; onDone?: (text: string) => void }) {
  const router = useRouter();
  return (
    <ConfirmAction
      label={S.revoke}
      ariaLabel={`${S.revoke}: ${name}`}
      title={S.revokeTitle}
      description={S.revokeText(name)}
      cancelLabel={S.keep}
      confirmLabel={S.revokeConfirm}
      errorText={errorMessage}
      onConfirm={async () => {
        await apiKeysApi.revoke(id);
        onDone?.(S.revokedNotice(name));
        router.refresh();
      }}
    />
  );
}
