import type { PricePreview } from '@freight/contracts/back-office-content';
import { formatNumber } from '@freight/domain/money';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import styles from './content.module.css';

const F = BACK_OFFICE_CONTENT_TEXTS.fields;

/** «+10,0 %», «−5,2 %», «0 %». */
function change(percent: number): string {
  if (percent === 0) return '0\u00a0%';
  const sign = percent > 0 ? '+' : '−';
  return `${sign}${formatNumber(Math.abs(percent), 1)}\u00a0%`;
}

/** Sample prices before and after a change, one row per lane, cargo and transportation type. */
export function PricePreviewTable({ preview, caption }: { preview: PricePreview; caption: string }) {
  const withNotes = preview.rows.some((row) => row.note);
  return (
    <div className={styles.scroll}>
      <table className={styles.grid} data-testid="price-preview">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{F.route}</th>
            <th scope="col">{F.cargo}</th>
            <th scope="col">{F.transportType}</th>
            <th scope="col" className={styles.number}>
              {F.before}
            </th>
            <th scope="col" className={styles.number}>
              {F.after}
            </th>
            <th scope="col" className={styles.number}>
              {F.change}
            </th>
            {withNotes ? <th scope="col">{F.error}</th> : null}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={`${row.city_from}-${row.city_to}-${row.weight_kg}-${row.transportation_type.code}`}>
              <td>
                {row.city_from} → {row.city_to}
              </td>
              <td className={styles.nowrap}>
                {formatNumber(row.weight_kg)}&nbsp;кг, {formatNumber(row.volume_m3)}&nbsp;м³
              </td>
              <td>{row.transportation_type.name}</td>
              <td className={`${styles.number} ${styles.nowrap}`}>{row.before_text}</td>
              <td className={`${styles.number} ${styles.nowrap}`}>{row.after_text}</td>
              <td
                className={`${styles.number} ${styles.nowrap} ${row.change_percent > 0 ? styles.up : row.change_percent < 0 ? styles.down : ''}`}
              >
                {change(row.change_percent)}
              </td>
              {withNotes ? <td>{row.note ?? ''}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
