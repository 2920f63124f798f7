'use client';

import { z } from 'zod';
import { FOOTER_CATEGORY_OPTIONS, isFooterLinkUrl, type AdminFooterLink } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Checkbox, Select, TextInput } from '@/components/ui';
import type { DataTableColumn } from '@/components/ui/data-table';
import { RowEditorLayout, useRowEditor } from './row-editor';
import layout from '@/components/back-office/layout.module.css';

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
const EMPTY: LinkFormValues = { category: '1', name: '', url: '', position: '0', is_active: true };

const BASE = '/api/v1/back-office/footer_links';

const COLUMNS: DataTableColumn<AdminFooterLink>[] = [
  { id: 'category', header: T.fields.category, cell: ({ row }) => row.original.category_label },
  { id: 'name', header: T.fields.linkName, cell: ({ row }) => row.original.name },
  { id: 'url', header: T.fields.url, cell: ({ row }) => <code>{row.original.url}</code> },
  { id: 'position', header: T.fields.position, cell: ({ row }) => row.original.position },
];

/** The footer's links in their five categories; a form adds one or edits the chosen one. */
export function FooterLinksManager({ links }: { links: AdminFooterLink[] }) {
  const editor = useRowEditor<AdminFooterLink, LinkFormValues>({
    endpoint: BASE,
    schema: LinkFormSchema,
    empty: EMPTY,
    toBody: (values) => ({ ...values, category: Number(values.category), position: Number(values.position) }),
    name: (link) => link.name,
  });
  const { field } = editor;

  return (
    <RowEditorLayout
      editor={editor}
      columns={COLUMNS}
      rows={{ items: links, total: links.length, page: 1, per_page: Math.max(links.length, 1) }}
      caption={T.pages.footerTab}
      emptyText={T.notices.noLinks}
      createLabel={T.actions.createLink}
    >
      <div className={layout.row}>
        <Select label={T.fields.category} options={CATEGORY_OPTIONS} {...field('category')} />
        <TextInput label={T.fields.linkName} {...field('name')} />
      </div>
      <div className={layout.row}>
        <TextInput
          label={T.fields.url}
          hint={T.fields.urlHint}
          autoComplete="off"
          spellCheck={false}
          {...field('url')}
        />
        <TextInput label={T.fields.position} inputMode="numeric" {...field('position')} />
      </div>
      <Checkbox label={T.fields.isActive} {...editor.form.register('is_active')} />
    </RowEditorLayout>
  );
}
