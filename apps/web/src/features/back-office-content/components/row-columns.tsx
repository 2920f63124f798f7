import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Badge, Button } from '@/components/ui';
import type { DataTableColumn } from '@/components/ui/data-table';
import { DeleteButton } from './delete-button';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;

/**
 * «Статус» of a content table: the row's flag as a badge, green when on. The texts default to
 * «Активна» / «Отключена»; news say «Опубликовано» / «Черновик».
 */
export function statusColumn<Row extends object>(
  isOn: (row: Row) => boolean,
  texts: { on: string; off: string } = { on: T.notices.active, off: T.notices.inactive },
): DataTableColumn<Row> {
  return {
    id: 'status',
    header: T.fields.status,
    cell: ({ row }) => {
      const on = isOn(row.original);
      return (
        <Badge tone={on ? 'success' : 'neutral'} size="s">
          {on ? texts.on : texts.off}
        </Badge>
      );
    },
  };
}

/** What a content page says above its table after an action. */
export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

export interface EditDeleteColumnOptions<Row> {
  /** What the row is called: the buttons' accessible names («Изменить: …», «Удалить: …»). */
  name: (row: Row) => string;
  /** The row's address for DELETE. */
  endpoint: (row: Row) => string;
  /** «Изменить»: put the row into the form. */
  onEdit: (row: Row) => void;
  /** Says how a deletion went: «Удалено» (or `deletedText`), or the server's refusal. */
  notify: (notice: Notice) => void;
  /** Reads the page again after a deletion. */
  refresh: () => void;
  /** The notice after a deletion, when it is not «Удалено». */
  deletedText?: (row: Row) => string;
}

/** «Действия» of a content table: «Изменить» and «Удалить» (asked twice) on one line. */
export function editDeleteColumn<Row extends object>({
  name,
  endpoint,
  onEdit,
  notify,
  refresh,
  deletedText,
}: EditDeleteColumnOptions<Row>): DataTableColumn<Row> {
  return {
    id: 'actions',
    header: T.fields.actions,
    cell: ({ row }) => (
      <div className={`${styles.actions} ${styles.nowrap}`}>
        <Button
          appearance="secondary"
          aria-label={T.actions.editItem(name(row.original))}
          onClick={() => onEdit(row.original)}
        >
          {T.actions.edit}
        </Button>
        <DeleteButton
          endpoint={endpoint(row.original)}
          label={T.actions.deleteItem(name(row.original))}
          onDeleted={() => {
            notify({ kind: 'success', text: deletedText?.(row.original) ?? T.notices.deleted });
            refresh();
          }}
          onError={(text) => notify({ kind: 'error', text })}
        />
      </div>
    ),
  };
}
