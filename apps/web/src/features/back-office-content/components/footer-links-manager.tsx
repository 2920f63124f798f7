'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FOOTER_CATEGORY_OPTIONS, isFooterLinkUrl, type AdminFooterLink } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button, Checkbox, Select, TextInput } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { apiFetch } from '@/lib/api/client';
import { saveErrorText } from '../lib/form-errors';
import { editDeleteColumn, statusColumn } from './row-columns';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;
const V = T.validation;
const CATEGORY_OPTIONS = FOOTER_CATEGORY_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));

const LinkFormSchema = z.object({
  category: z.string().regex(/^[1-5]$/, V.categoryInvalid),
  name: z.string().trim().min(1, V.linkNameRequired).max(100, V.linkNameTooLong),
  url: z.string().trim().refine(isFooterLinkUrl, V.linkUrlInvalid),
  position: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, V.positionRange),
  is_active: z.boolean(),
});
type LinkFormValues = z.infer<typeof LinkFormSchema>;
const FIELDS = Object.keys(LinkFormSchema.shape);
const EMPTY: LinkFormValues = { category: '1', name: '', url: '', position: '0', is_active: true };

const BASE = '/api/v1/back-office/footer_links';

/** The footer's links in their five categories; a form adds one or edits the chosen one. */
export function FooterLinksManager({ links }: { links: AdminFooterLink[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<AdminFooterLink | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<LinkFormValues>({ resolver: zodResolver(LinkFormSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;

  const edit = (link: AdminFooterLink) => {
    setEditing(link);
    setMessage(null);
    form.reset({
      category: String(link.category),
      name: link.name,
      url: link.url,
      position: String(link.position),
      is_active: link.is_active,
    });
  };
  const cancel = () => {
    setEditing(null);
    form.reset(EMPTY);
  };

  const columns = useMemo<DataTableColumn<AdminFooterLink>[]>(
    () => [
      { id: 'category', header: T.fields.category, cell: ({ row }) => row.original.category_label },
      { id: 'name', header: T.fields.linkName, cell: ({ row }) => row.original.name },
      { id: 'url', header: T.fields.url, cell: ({ row }) => <code>{row.original.url}</code> },
      { id: 'position', header: T.fields.position, cell: ({ row }) => row.original.position },
      statusColumn((link) => link.is_active),
      editDeleteColumn({
        name: (link) => link.name,
        endpoint: (link) => `${BASE}/${link.id}`,
        onEdit: edit,
        notify: setMessage,
        refresh: () => router.refresh(),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `edit` only closes over stable setters and the form
    [router],
  );

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const body = {
      category: Number(values.category),
      name: values.name,
      url: values.url,
      position: Number(values.position),
      is_active: values.is_active,
    };
    try {
      if (editing) await apiFetch(`${BASE}/${editing.id}`, { method: 'PUT', json: body });
      else await apiFetch(BASE, { method: 'POST', json: body });
      setMessage({ kind: 'success', text: T.notices.saved });
      setEditing(null);
      form.reset(EMPTY);
      router.refresh();
    } catch (e) {
      setMessage({ kind: 'error', text: saveErrorText(e, FIELDS, form.setError) });
    }
  });

  return (
    <div className={styles.stack}>
      {message ? <Alert variant={message.kind === 'success' ? 'success' : 'error'}>{message.text}</Alert> : null}
      <DataTable
        columns={columns}
        data={links}
        total={links.length}
        page={1}
        perPage={Math.max(links.length, 1)}
        caption={T.pages.footerTab}
        getRowId={(row) => String(row.id)}
        emptyText={T.notices.noLinks}
      />
      <section className={styles.card} aria-labelledby="footer-link-form-h">
        <h2 id="footer-link-form-h">{editing ? T.actions.editItem(editing.name) : T.actions.createLink}</h2>
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.row}>
            <Select
              label={T.fields.category}
              options={CATEGORY_OPTIONS}
              error={errors.category?.message}
              {...form.register('category')}
            />
            <TextInput label={T.fields.linkName} error={errors.name?.message} {...form.register('name')} />
          </div>
          <div className={styles.row}>
            <TextInput
              label={T.fields.url}
              hint={T.fields.urlHint}
              autoComplete="off"
              spellCheck={false}
              error={errors.url?.message}
              {...form.register('url')}
            />
            <TextInput
              label={T.fields.position}
              inputMode="numeric"
              error={errors.position?.message}
              {...form.register('position')}
            />
          </div>
          <Checkbox label={T.fields.isActive} {...form.register('is_active')} />
          <div className={styles.actions}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {editing ? T.actions.save : T.actions.createLink}
            </Button>
            {editing ? (
              <Button appearance="secondary" onClick={cancel}>
                {T.actions.cancel}
              </Button>
            ) : null}
          </div>
        </form>
      </section>
    </div>
  );
}
