import type { BoCargoHistoryEntry } from '@freight/contracts/back-office-cargo';
import { formatLongDateTime } from '@freight/domain/dates';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { CargoStatusBadge } from '@/components/status/status-badges';
import layout from '@/components/back-office/layout.module.css';
import styles from './cargo.module.css';

const T = BACK_OFFICE_CARGO_TEXTS.page.history;
const DASH = BACK_OFFICE_CARGO_TEXTS.page.dash;

/** Every status the cargo went through, newest last, with office, comment and who set it. */
export function CargoHistory({ history }: { history: BoCargoHistoryEntry[] }) {
  return (
    <section className={`${layout.card} ${styles.wide}`} aria-labelledby="bo-cargo-history">
      <h2 id="bo-cargo-history">{T.caption}</h2>
      {history.length === 0 ? (
        <p className={layout.muted}>{T.empty}</p>
      ) : (
        <table className={styles.table}>
          <caption>{T.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{T.status}</th>
              <th scope="col">{T.at}</th>
              <th scope="col">{T.office}</th>
              <th scope="col">{T.comment}</th>
              <th scope="col">{T.staff}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <CargoStatusBadge status={entry.status} label={entry.status_label} size="s" />
                </td>
                <td className={styles.nowrap}>{formatLongDateTime(entry.at)}</td>
                <td>{entry.office ? `${entry.office.name}, ${entry.office.address}` : DASH}</td>
                <td>{entry.comment ?? DASH}</td>
                <td>{entry.staff ? entry.staff.name : T.system}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
