import { CARGO_STATUS_OPTIONS } from '@freight/domain/cargo-status';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { Button, Select, TextInput } from '@/components/ui';
import layout from '@/components/back-office/layout.module.css';

const T = BACK_OFFICE_CARGO_TEXTS.page;
const STATUS_OPTIONS = CARGO_STATUS_OPTIONS.map((o) => ({ value: o.id, label: o.name }));

/**
 * The search of the cargo list: a plain GET form (works before the page's script loads), so the
 * address holds the search and a new search starts on page 1 with the list's own order.
 */
export function CargoSearchForm({ q, status }: { q: string; status: string | null }) {
  return (
    <form method="get" className={layout.toolbar} role="search">
      <TextInput
        label={T.searchLabel}
        name="q"
        type="search"
        defaultValue={q}
        placeholder={T.searchPlaceholder}
        autoComplete="off"
        maxLength={100}
      />
      <Select
        label={T.statusFilterLabel}
        name="status"
        placeholder={T.statusAll}
        options={STATUS_OPTIONS}
        defaultValue={status ?? ''}
      />
      <Button type="submit">{T.searchButton}</Button>
    </form>
  );
}
