import Link from 'next/link';
import { MESSAGES } from '@freight/domain';
import { OPERATIONS } from '@freight/contracts';
import styles from './offices.module.css';

const L = MESSAGES.officesPage;

export interface OfficeFilterValues {
  q: string;
  city: string;
  op: string;
  partner: boolean;
  near: string;
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
      <div className={styles.field}>
        <label htmlFor="offices-q">{L.searchLabel}</label>
        <input
          id="offices-q"
          name="q"
          type="search"
          defaultValue={values.q}
          placeholder={L.searchPlaceholder}
          maxLength={100}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="offices-city">{L.cityLabel}</label>
        <select id="offices-city" name="city" defaultValue={values.city}>
          <option value="">{L.anyCity}</option>
          {cities.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="offices-op">{L.operationLabel}</label>
        <select id="offices-op" name="op" defaultValue={values.op}>
          <option value="">{L.anyOperation}</option>
          {OPERATIONS.map((op) => (
            <option key={op} value={op}>
              {MESSAGES.offices.operations[op]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="offices-near">{L.nearLabel}</label>
        <input
          id="offices-near"
          name="near"
          type="search"
          defaultValue={values.near}
          placeholder={L.nearPlaceholder}
          maxLength={200}
        />
      </div>
      <label className={styles.check}>
        <input type="checkbox" name="partner" value="1" defaultChecked={values.partner} />
        {L.partnerOnly}
      </label>
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
