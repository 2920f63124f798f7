'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Alert, Button } from '@/components/ui';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { apiFetch } from '@/lib/api/client';
import { fieldBinder, saveErrorText, type KnownFields } from '@/lib/form/api-field-errors';
import { formValuesOf } from '@/lib/form/form-values';
import { editDeleteColumn, statusColumn, type Notice } from './row-columns';
import layout from '@/components/back-office/layout.module.css';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;

/** A form's zod object schema whose input and output are the form's values. */
export type FormSchema<Values extends FieldValues> = z.ZodType<Values, Values> & { shape: object };

export interface RowEditorOptions<Row, Values extends FieldValues> {
  /** The list's address: POST adds a row, PUT and DELETE `${endpoint}/${id}` change or delete one. */
  endpoint: string;
  /** The form's schema (an object schema, refinements allowed). */
  schema: FormSchema<Values>;
  /** The form of a new row. */
  empty: Values;
  /** The form of a row chosen with «Изменить»; by default the row's fields of the same names. */
  toValues?: (row: Row) => Values;
  /** The API body of the form's values. */
  toBody: (values: Values) => unknown;
  /** The fields the API's refusals may name, when they are not the schema's own (see saveErrorText). */
  fields?: KnownFields<Values>;
  /** What the row is called in «Изменить: …», «Удалить: …» and the form's heading. */
  name: (row: Row) => string;
  /** The notice after a deletion, when it is not «Удалено». */
  deletedText?: (row: Row) => string;
  /** Runs whenever the form gets a row or is emptied (a manager's own state to drop). */
  onReset?: () => void;
}

/**
 * A content table's editing: a form that adds a row or, after «Изменить», saves the chosen one
 * (PUT), «Отмена», «Удалить» asked twice in the row, and the notice above the table; the page is
 * read again after each change.
 */
export function useRowEditor<Row extends { id: number }, Values extends FieldValues>(
  options: RowEditorOptions<Row, Values>,
) {
  const { endpoint, schema, empty, toBody, name, deletedText, onReset } = options;
  const toValues = options.toValues ?? ((row: Row) => formValuesOf(empty, row));
  const fields = options.fields ?? Object.keys(schema.shape);
  const router = useRouter();
  const [editing, setEditing] = useState<Row | null>(null);
  const [message, setMessage] = useState<Notice | null>(null);
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: empty as DefaultValues<Values>,
  });

  const edit = (row: Row) => {
    setEditing(row);
    setMessage(null);
    onReset?.();
    form.reset(toValues(row));
  };
  const cancel = () => {
    setEditing(null);
    onReset?.();
    form.reset(empty);
  };
  /** A refusal of the API: the field messages under their fields, the rest above the table. */
  const fail = (e: unknown) => setMessage({ kind: 'error', text: saveErrorText(e, fields, form.setError) });

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      if (editing) await apiFetch(`${endpoint}/${editing.id}`, { method: 'PUT', json: toBody(values) });
      else await apiFetch(endpoint, { method: 'POST', json: toBody(values) });
      setMessage({ kind: 'success', text: T.notices.saved });
      cancel();
      router.refresh();
    } catch (e) {
      fail(e);
    }
  });

  const actionsColumn = useMemo(
    () =>
      editDeleteColumn<Row>({
        name,
        endpoint: (row) => `${endpoint}/${row.id}`,
        onEdit: edit,
        notify: setMessage,
        refresh: () => router.refresh(),
        ...(deletedText ? { deletedText } : {}),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `edit` only closes over stable setters and the form
    [router],
  );

  return {
    form,
    field: fieldBinder(form),
    editing,
    message,
    setMessage,
    fail,
    submit,
    cancel,
    actionsColumn,
    name,
  };
}

export type RowEditor<Row extends { id: number }, Values extends FieldValues> = ReturnType<
  typeof useRowEditor<Row, Values>
>;

/** One page of a content table as the API lists it. */
export interface RowPage<Row> {
  items: Row[];
  total: number;
  page: number;
  per_page: number;
}

/** A row of a content table: switched on or off, edited and deleted by its id. */
interface EditableRow {
  id: number;
  is_active: boolean;
}

/**
 * A content manager's page: the notice, the table (the row's `columns`, then «Статус» and
 * «Действия»), and the card with the form — its heading
 * («Изменить: …» or `createLabel`), the fields, and «Сохранить»/`createLabel`, `actions`, «Отмена».
 */
export function RowEditorLayout<Row extends EditableRow, Values extends FieldValues>({
  editor,
  columns,
  rows,
  caption,
  emptyText,
  createLabel,
  actions,
  children,
  after,
}: {
  editor: RowEditor<Row, Values>;
  columns: DataTableColumn<Row>[];
  rows: RowPage<Row>;
  caption: string;
  emptyText: string;
  createLabel: string;
  /** More buttons after «Сохранить». */
  actions?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
  /** Shown in the card under the form. */
  after?: ReactNode;
}) {
  const { editing, message, form } = editor;
  const headingId = useId();
  const allColumns = useMemo(
    () => [...columns, statusColumn<Row>((row) => row.is_active), editor.actionsColumn],
    [columns, editor.actionsColumn],
  );
  return (
    <div className={styles.stack}>
      {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
      <DataTable
        columns={allColumns}
        data={rows.items}
        total={rows.total}
        page={rows.page}
        perPage={rows.per_page}
        caption={caption}
        getRowId={(row) => String(row.id)}
        emptyText={emptyText}
      />
      <section className={layout.card} aria-labelledby={headingId}>
        <h2 id={headingId}>{editing ? T.actions.editItem(editor.name(editing)) : createLabel}</h2>
        <form className={styles.form} onSubmit={editor.submit} noValidate>
          {children}
          <div className={styles.actions}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {editing ? T.actions.save : createLabel}
            </Button>
            {actions}
            {editing ? (
              <Button appearance="secondary" onClick={editor.cancel}>
                {T.actions.cancel}
              </Button>
            ) : null}
          </div>
        </form>
        {after}
      </section>
    </div>
  );
}
