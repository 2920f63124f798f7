import type { AnalyticsBreakdown, AnalyticsDynamics } from '@freight/contracts/analytics';
import { formatNumber } from '@freight/domain/money';
import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { Table } from '@/components/ui';
import { formatMeasure, formatMoney, formatShare, monthName, type AverageRow } from '../lib/format';
import { ChangeNote } from './change-note';
import styles from './analytics.module.css';

const S = ANALYTICS_TEXTS.screen;
const C = S.columns;

/** «Отправки и расходы по месяцам» as a table, with the period's totals in the footer. */
export function DynamicsTable({ months, caption }: { months: AnalyticsDynamics['months']; caption: string }) {
  const total = months.reduce(
    (sum, m) => ({
      count: sum.count + m.cargo_count,
      weight: sum.weight + m.weight_kg,
      volume: sum.volume + m.volume_m3,
      amount: sum.amount + m.amount_kopecks,
    }),
    { count: 0, weight: 0, volume: 0, amount: 0 },
  );
  return (
    <div className={styles.tableScroll}>
      <Table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{C.month}</th>
            <th scope="col" className={styles.number}>
              {C.cargos}
            </th>
            <th scope="col" className={styles.number}>
              {C.weight}
            </th>
            <th scope="col" className={styles.number}>
              {C.volume}
            </th>
            <th scope="col" className={styles.number}>
              {C.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthName(m.month)}</th>
              <td className={styles.number}>{formatNumber(m.cargo_count, 0)}</td>
              <td className={styles.number}>{formatNumber(m.weight_kg, 1)}</td>
              <td className={styles.number}>{formatNumber(m.volume_m3, 2)}</td>
              <td className={styles.number}>{formatMoney(m.amount_kopecks)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{C.total}</th>
            <td className={styles.number}>{formatNumber(total.count, 0)}</td>
            <td className={styles.number}>{formatNumber(total.weight, 1)}</td>
            <td className={styles.number}>{formatNumber(total.volume, 2)}</td>
            <td className={styles.number}>{formatMoney(total.amount)}</td>
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}

/** «Средние показатели»: each measure in this period and the previous one, with the change. */
export function AveragesTable({ rows, caption }: { rows: readonly AverageRow[]; caption: string }) {
  return (
    <div className={styles.tableScroll}>
      <Table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{C.indicator}</th>
            <th scope="col" className={styles.number}>
              {S.currentPeriod}
            </th>
            <th scope="col" className={styles.number}>
              {S.previousPeriod}
            </th>
            <th scope="col">{S.change}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className={styles.number}>{row.currentText}</td>
              <td className={styles.number}>{row.previousText}</td>
              <td>
                <ChangeNote change={row.change} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** A breakdown (statuses, roles, delivery types, directions) as a table: value and share of each part. */
export function BreakdownTable({
  breakdown,
  caption,
  itemHeader,
}: {
  breakdown: AnalyticsBreakdown;
  caption: string;
  itemHeader: string;
}) {
  return (
    <div className={styles.tableScroll}>
      <Table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{itemHeader}</th>
            <th scope="col" className={styles.number}>
              {C.value}
            </th>
            <th scope="col" className={styles.number}>
              {C.share}
            </th>
          </tr>
        </thead>
        <tbody>
          {breakdown.items.map((item) => (
            <tr key={item.key}>
              <th scope="row">{item.label}</th>
              <td className={styles.number}>{formatMeasure(breakdown.data_type, item.value)}</td>
              <td className={styles.number}>{formatShare(item.share)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{C.total}</th>
            <td className={styles.number}>{formatMeasure(breakdown.data_type, breakdown.total)}</td>
            <td className={styles.number}>{breakdown.total > 0 ? formatShare(1) : formatShare(0)}</td>
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}
