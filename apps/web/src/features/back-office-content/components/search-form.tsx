import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { Button, TextInput } from '@/components/ui';
import styles from './content.module.css';

const T = BACK_OFFICE_CONTENT_TEXTS;

/**
 * The search of a list: a plain GET form (works before the page's script loads), so the address
 * holds the search and a new search starts on page 1.
 */
export function SearchForm({ q, placeholder }: { q: string; placeholder?: string }) {
  return (
    <form method="get" className={styles.toolbar} role="search">
      <TextInput
        label={T.fields.search}
        name="q"
        type="search"
        defaultValue={q}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={100}
      />
      <Button type="submit" appearance="secondary">
        {T.actions.find}
      </Button>
    </form>
  );
}
