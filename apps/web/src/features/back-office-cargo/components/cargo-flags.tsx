'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { BoCargoDetails } from '@freight/contracts/back-office-cargo';
import { formatLongDateTime } from '@freight/domain/dates';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { Alert, Checkbox } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import styles from './cargo.module.css';

const T = BACK_OFFICE_CARGO_TEXTS.page.flags;
type FlagKey = keyof BoCargoDetails['flags'];

const FLAGS: { key: FlagKey; label: string }[] = [
  { key: 'paid', label: T.paid },
  { key: 'paid_storage', label: T.paidStorage },
  { key: 'partial_release', label: T.partialRelease },
];

/** The three flags beside the status, each saved as soon as it is ticked. */
export function CargoFlags({
  track,
  flags,
  paidAt,
  canOperate,
}: {
  track: string;
  flags: BoCargoDetails['flags'];
  paidAt: string | null;
  canOperate: boolean;
}) {
  const router = useRouter();
  // What is shown: the server's flags, with a tick applied at once while its save runs. A new
  // answer from the server (after the refresh) replaces it.
  const [shown, setShown] = useState({ base: flags, values: flags });
  let values = shown.values;
  if (shown.base !== flags) {
    values = flags;
    setShown({ base: flags, values: flags });
  }
  const setValues = (update: (current: typeof flags) => typeof flags) =>
    setShown((state) => ({ ...state, values: update(state.values) }));
  const [busy, setBusy] = useState<FlagKey | null>(null);
  const [error, setError] = useState<string | null>(null);

  const toggle = async (key: FlagKey, checked: boolean) => {
    setError(null);
    setBusy(key);
    setValues((current) => ({ ...current, [key]: checked }));
    try {
      await apiFetch(`/api/v1/back-office/cargos/${encodeURIComponent(track)}/flags`, {
        method: 'PATCH',
        json: { [key]: checked },
      });
      router.refresh();
    } catch (e) {
      setValues((current) => ({ ...current, [key]: !checked }));
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.flags}>
      {FLAGS.map(({ key, label }) => (
        <Checkbox
          key={key}
          label={label}
          checked={values[key]}
          disabled={!canOperate || busy !== null}
          description={key === 'paid' && values.paid && paidAt ? T.paidAt(formatLongDateTime(paidAt)) : undefined}
          onCheckedChange={(checked) => void toggle(key, checked)}
        />
      ))}
      {error ? <Alert variant="error">{error}</Alert> : null}
    </div>
  );
}
