'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { Button } from '@/components/ui';
import { apiFetch } from '@/lib/api/client';

/** Ends the staff session and goes to the back-office sign-in. */
export function SignOutButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      appearance="secondary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await apiFetch('/api/v1/back-office/auth/sign_out', { method: 'POST' });
        } finally {
          router.replace('/back-office/sign-in');
          router.refresh();
        }
      }}
    >
      {BACK_OFFICE_TEXTS.shell.signOut}
    </Button>
  );
}
