import type { AnalyticsNumbers } from '@freight/contracts/analytics';
import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { Panel } from '@/components/ui';
import {
  formatCargos,
  formatKg,
  formatM3,
  formatMoney,
  formatShare,
  percentChange,
  pointsChange,
  type Change,
} from '../lib/format';
import { ChangeNote } from './change-note';
import styles from './analytics.module.css';

const S = ANALYTICS_TEXTS.screen;

interface Kpi {
  key: keyof typeof S.kpi;
  value: string;
  previous: string;
  change: Change;
  better?: 'up' | 'down';
  note?: string;
}

/** The six figures of the period, each against the previous period of the same length. */
export function kpisOf({ current, previous }: AnalyticsNumbers): Kpi[] {
  const onTime = (share: number | null) => (share === null ? S.notAvailable : formatShare(share));
  return [
    {
      key: 'cargos',
      value: formatCargos(current.cargo_count),
      previous: formatCargos(previous.cargo_count),
      change: percentChange(current.cargo_count, previous.cargo_count),
    },
    {
      key: 'weight',
      value: formatKg(current.weight_kg),
      previous: formatKg(previous.weight_kg),
      change: percentChange(current.weight_kg, previous.weight_kg),
    },
    {
      key: 'volume',
      value: formatM3(current.volume_m3),
      previous: formatM3(previous.volume_m3),
      change: percentChange(current.volume_m3, previous.volume_m3),
    },
    {
      key: 'spend',
      value: formatMoney(current.amount_kopecks),
      previous: formatMoney(previous.amount_kopecks),
      change: percentChange(current.amount_kopecks, previous.amount_kopecks),
    },
    {
      key: 'delivered',
      value: formatCargos(current.delivered_count),
      previous: formatCargos(previous.delivered_count),
      change: percentChange(current.delivered_count, previous.delivered_count),
      note: current.in_progress_count > 0 ? S.inProgress(formatCargos(current.in_progress_count)) : undefined,
    },
    {
      key: 'onTime',
      value: onTime(current.on_time_share),
      previous: onTime(previous.on_time_share),
      change: pointsChange(current.on_time_share, previous.on_time_share),
      better: 'up',
      note: current.on_time_share === null ? S.onTimeNone : undefined,
    },
  ];
}

/** «Главное за период»: KPI cards with the change against the previous period. */
export function KpiCards({ numbers }: { numbers: AnalyticsNumbers }) {
  return (
    <Panel aria-labelledby="analytics-kpi-h">
      <h2 id="analytics-kpi-h">{S.kpiTitle}</h2>
      <ul className={styles.kpis}>
        {kpisOf(numbers).map((kpi) => (
          <li key={kpi.key} className={styles.kpi} data-testid={`kpi-${kpi.key}`}>
            <h3>{S.kpi[kpi.key]}</h3>
            <p className={styles.kpiValue}>{kpi.value}</p>
            <ChangeNote change={kpi.change} better={kpi.better} />
            <p className={styles.kpiNote}>{S.wasValue(kpi.previous)}</p>
            {kpi.note ? <p className={styles.kpiNote}>{kpi.note}</p> : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
