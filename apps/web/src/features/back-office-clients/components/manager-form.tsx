'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { AssignManagerBody, Manager } from '@freight/contracts/back-office-clients';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { Alert, Button, Select } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import layout from '@/components/back-office/layout.module.css';

const T = BO_CLIENTS_TEXTS.clients;

/** The personal manager of one profile: a client manager, or none. */
export function ManagerForm({
  accountUuid,
  current,
  managers,
}: {
  accountUuid: string;
  current: Manager | null;
  managers: readonly Manager[];
}) {
  const router = useRouter();
  const [value, setValue] = useState(current ? String(current.id) : '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // A manager who left the list (disabled) is still shown as the current choice.
  const options = [
    ...managers.map((m) => ({ value: String(m.id), label: m.phone ? `${m.name}, ${m.phone}` : m.name })),
    ...(current && !managers.some((m) => m.id === current.id)
      ? [{ value: String(current.id), label: current.name, disabled: true }]
      : []),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const body: AssignManagerBody = { staff_id: value ? Number(value) : null };
    try {
      await apiFetch(`/api/v1/back-office/profiles/${accountUuid}/manager`, { method: 'PUT', json: body });
      setMessage({ kind: 'success', text: T.assigned });
      router.refresh();
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <div className={layout.row}>
        <Select
          label={T.manager}
          placeholder={T.managerNone}
          options={options}
          value={value}
          onValueChange={setValue}
          hint={managers.length === 0 ? T.managerNoChoice : undefined}
        />
        <div>
          <Button type="submit" loading={busy}>
            {T.assign}
          </Button>
        </div>
      </div>
      {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
    </form>
  );
}
