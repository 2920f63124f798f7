'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { StaffAccount } from '@freight/contracts/back-office';
import { STAFF_ROLES, staffRoleLabel, type StaffRole } from '@freight/domain/staff';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { Alert, Badge, Button, Select, TextInput } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ApiError, apiFetch } from '@/lib/api/client';
import layout from '@/components/back-office/layout.module.css';
import styles from './back-office.module.css';

const T = BACK_OFFICE_TEXTS.staffAdmin;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: staffRoleLabel(role) }));

const NewStaff = z.object({
  login: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,40}$/, T.loginFormat),
  name: z.string().trim().min(1, T.nameRequired).max(200),
  role: z.enum(STAFF_ROLES),
  password: z.string().min(10, T.passwordShort).max(200),
});
type NewStaffValues = z.infer<typeof NewStaff>;

/** The staff table with each account's role and state, and the form that adds one. */
export function StaffManager({ accounts, selfId }: { accounts: StaffAccount[]; selfId: number }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const change = async (id: number, body: Record<string, unknown>) => {
    setMessage(null);
    try {
      await apiFetch(`/api/v1/back-office/staff/${id}`, { method: 'PATCH', json: body });
      router.refresh();
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    }
  };

  const columns = useMemo<DataTableColumn<StaffAccount>[]>(
    () => [
      { id: 'name', header: T.name, cell: ({ row }) => row.original.name },
      { id: 'login', header: T.login, cell: ({ row }) => <code>{row.original.login}</code> },
      {
        id: 'role',
        header: T.role,
        cell: ({ row }) => (
          <Select
            containerClassName={styles.roleSelect}
            aria-label={T.roleFor(row.original.name)}
            options={ROLE_OPTIONS}
            value={row.original.role}
            disabled={row.original.id === selfId}
            onValueChange={(role) => void change(row.original.id, { role })}
          />
        ),
      },
      {
        id: 'totp',
        header: T.totp,
        cell: ({ row }) => (
          <Badge tone={row.original.totp_enrolled ? 'success' : 'neutral'} size="s">
            {row.original.totp_enrolled ? T.totpOn : T.totpOff}
          </Badge>
        ),
      },
      {
        id: 'state',
        header: T.status,
        cell: ({ row }) => (row.original.disabled ? T.disabled : T.active),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          row.original.id === selfId ? null : (
            <div className={`${layout.toolbar} ${styles.nowrap}`}>
              <Button
                appearance="secondary"
                onClick={() => void change(row.original.id, { disabled: !row.original.disabled })}
              >
                {row.original.disabled ? T.enable : T.disable}
              </Button>
              <Button appearance="link" onClick={() => void change(row.original.id, { reset_totp: true })}>
                {T.resetTotp}
              </Button>
            </div>
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `change` only closes over stable setters and the router
    [selfId],
  );

  const form = useForm<NewStaffValues>({
    resolver: zodResolver(NewStaff),
    defaultValues: { login: '', name: '', role: 'operator' as StaffRole, password: '' },
  });
  const create = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await apiFetch('/api/v1/back-office/staff', { method: 'POST', json: values });
      setMessage({ kind: 'success', text: T.created(values.login) });
      form.reset();
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError) {
        for (const [field, text] of Object.entries(e.fields)) {
          if (field in NewStaff.shape) form.setError(field as keyof NewStaffValues, { message: text });
        }
        setMessage({ kind: 'error', text: e.message });
      } else setMessage({ kind: 'error', text: String(e) });
    }
  });

  return (
    <>
      {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
      <DataTable
        columns={columns}
        data={accounts}
        total={accounts.length}
        page={1}
        perPage={Math.max(accounts.length, 1)}
        caption={T.caption}
        getRowId={(row) => String(row.id)}
      />
      <section className={layout.card} aria-labelledby="bo-new-staff-h">
        <h2 id="bo-new-staff-h">{T.createTitle}</h2>
        <form className={layout.form} onSubmit={create} noValidate>
          <div className={layout.row}>
            <TextInput
              label={T.login}
              autoComplete="off"
              error={form.formState.errors.login?.message}
              {...form.register('login')}
            />
            <TextInput label={T.name} error={form.formState.errors.name?.message} {...form.register('name')} />
          </div>
          <div className={layout.row}>
            <Select label={T.role} options={ROLE_OPTIONS} {...form.register('role')} />
            <TextInput
              label={T.password}
              type="password"
              autoComplete="new-password"
              hint={T.passwordHint}
              error={form.formState.errors.password?.message}
              {...form.register('password')}
            />
          </div>
          <div>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {T.create}
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
