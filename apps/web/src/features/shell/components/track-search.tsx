import { ORDERS_TEXTS } from '@freight/domain/texts/orders';
import { SearchIcon } from '@/components/ui/icons';
import styles from './track-search.module.css';

const T = ORDERS_TEXTS.page;

/**
 * The header's track-number search: an input and a search-icon button, a plain GET form to
 * /tracking (works without JavaScript). `variant="menu"` is the full-width form of the burger
 * menu; in the header the input yields below 1200 px and the form hides below 992 px, where the
 * burger menu carries it. The menu stays open on submit: the page navigates away anyway, and
 * closing it would unmount the form before the browser submits it.
 */
export function TrackSearch({ variant = 'header' }: { variant?: 'header' | 'menu' }) {
  const id = variant === 'header' ? 'header-track-number' : 'menu-track-number';
  return (
    <form
      className={`${styles.form} ${variant === 'menu' ? styles.menu : styles.header}`}
      action="/tracking"
      method="get"
      role="search"
      aria-label={T.headerSearch}
    >
      <label htmlFor={id} className={variant === 'menu' ? styles.label : styles.visuallyHidden}>
        {T.headerSearch}
      </label>
      <div className={styles.field}>
        <input
          id={id}
          className={styles.input}
          name="number"
          type="search"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder={T.formPlaceholder}
        />
        <button type="submit" className={styles.button} aria-label={T.headerSubmit} title={T.headerSearch}>
          <SearchIcon size={18} />
        </button>
      </div>
    </form>
  );
}
