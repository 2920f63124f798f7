import { MESSAGES } from '@freight/domain/messages';
import { Button, TextInput } from '@/components/ui';
import styles from './tracking.module.css';

const T = MESSAGES.orders.page;

/**
 * The track-number form of the tracking pages. A plain GET form to /tracking, so it works
 * without JavaScript; /tracking reads the number as people type it and redirects to the
 * canonical /tracking/MG-1234-56789.
 */
export function TrackingForm({ defaultValue = '', error }: { defaultValue?: string; error?: string | undefined }) {
  return (
    <form className={styles.form} action="/tracking" method="get" role="search" aria-label={T.title}>
      <TextInput
        name="number"
        label={T.formLabel}
        placeholder={T.formPlaceholder}
        defaultValue={defaultValue}
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        containerClassName={styles.formInput}
      />
      <Button type="submit" className={styles.formButton}>
        {T.formSubmit}
      </Button>
    </form>
  );
}
