import { Link } from '@/components/ui/link';
import type { ClientCargo } from '@freight/contracts/back-office-clients';
import { formatDateTime } from '@freight/domain/dates';
import { formatRub } from '@freight/domain/money';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import { CargoStatusBadge } from '@/components/status/status-badges';
import layout from '@/components/back-office/layout.module.css';
import styles from './clients.module.css';

const T = BO_CLIENTS_TEXTS.clients;
const C = T.cargoColumns;

/** A client's latest cargos, each linking to its page in the back-office. */
export function ClientCargos({ cargos }: { cargos: readonly ClientCargo[] }) {
  if (cargos.length === 0) return <p className={layout.muted}>{T.noCargos}</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.simpleTable}>
        <caption className={layout.muted}>{T.cargos}</caption>
        <thead>
          <tr>
            <th scope="col">{C.track}</th>
            <th scope="col">{C.status}</th>
            <th scope="col">{C.created}</th>
            <th scope="col">{C.route}</th>
            <th scope="col" className={styles.numeric}>
              {C.price}
            </th>
          </tr>
        </thead>
        <tbody>
          {cargos.map((cargo) => (
            <tr key={cargo.track_number}>
              <td className={styles.nowrap}>
                <Link href={`/back-office/cargos/${encodeURIComponent(cargo.track_number)}`}>{cargo.track_number}</Link>
              </td>
              <td>
                <CargoStatusBadge status={cargo.status} label={cargo.status_label} size="s" />
              </td>
              <td className={styles.nowrap}>{formatDateTime(cargo.created_at)}</td>
              <td>{cargo.route}</td>
              <td className={styles.numeric}>{formatRub(cargo.price_kopecks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
