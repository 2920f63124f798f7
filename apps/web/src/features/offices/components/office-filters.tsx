import { Link } from '@/components/ui/link';
import { MESSAGES } from '@freight/domain';
import { OPERATIONS } from '@freight/contracts';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { NearField } from './near-field';
import styles from './offices.module.css';

const L = MESSAGES.officesPage;

export interface OfficeFilterValues {
  q: string;
  city: string;
  op: string;
  partner: boolean;
  /** Only the offices open at this moment. */
  open: boolean;
  near: string;
  /** The visitor's own position (`lat,lon`) from «Рядом со мной»; the typed address wins. */
  at: string;
}

/**
 * The search form of /offices. A plain GET form: it works before (and without) JavaScript,
 * and every result page has its own address that can be shared.
 */
export function OfficeFilters({
  values,
  cities,
}: {
  values: OfficeFilterValues;
  cities: Array<{ id: number; name: string }>;
}) {
  return (
    <form className={styles.filters} method="get" action="/offices" role="search" aria-label={L.listLabel}>
      <TextInput
        id="offices-q"
        label={L.searchLabel}
        name="q"
        type="search"
        defaultValue={values.q}
        placeholder={L.searchPlaceholder}
        maxLength={100}
        clearable={false}
      />
      <Select
        id="offices-city"
        label={L.cityLabel}
        name="city"
        defaultValue={values.city}
        placeholder={L.anyCity}
        options={cities.map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <Select
        id="offices-op"
        label={L.operationLabel}
        name="op"
        defaultValue={values.op}
        placeholder={L.anyOperation}
        options={OPERATIONS.map((op) => ({ value: op, label: MESSAGES.offices.operations[op] }))}
      />
      <NearField defaultValue={values.near} />
      {values.at && !values.near ? <input type="hidden" name="at" value={values.at} /> : null}
      <Checkbox
        name="open"
        value="1"
        defaultChecked={values.open}
        label={L.openNow}
        containerClassName={styles.check}
      />
      <Checkbox
        name="partner"
        value="1"
        defaultChecked={values.partner}
        label={L.partnerOnly}
        containerClassName={styles.check}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.submit}>
          {L.submit}
        </button>
        <Link href="/offices" className={styles.reset}>
          {L.reset}
        </Link>
      </div>
    </form>
  );
}
