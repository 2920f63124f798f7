'use client';

import { ANALYTICS_DATA_TYPES, type AnalyticsDataType } from '@freight/domain/finance';
import { formatLongDate } from '@freight/domain/dates';
import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { Link } from '@/components/ui/link';
import { useEffect, useRef, useState } from 'react';
import { ActionRow, Alert, Button, Hint, Panel, Tabs, panelClassName } from '@/components/ui';
import { errorMessage, loadBreakdowns } from '../api/analytics-api';
import type { AnalyticsPeriod } from '../lib/analytics-url';
import {
  averageRows,
  averagesSummary,
  breakdownSummary,
  dynamicsSummary,
  hasValues,
  type AverageRow,
} from '../lib/format';
import type { AnalyticsBreakdowns, AnalyticsData } from '../lib/types';
import { ChangeNote } from './change-note';
import { ChartCard, ChartFrame } from './chart-card';
import { KpiCards } from './kpi-cards';
import { AverageChart, BreakdownBars, BreakdownDonut, DynamicsChart, barsHeight } from './lazy-charts';
import { AveragesTable, BreakdownTable, DynamicsTable } from './tables';
import styles from './analytics.module.css';

const A = ANALYTICS_TEXTS;
const S = A.screen;

const DATA_TYPE_TABS = ANALYTICS_DATA_TYPES.map((value) => ({ value, label: A.dataTypes[value] }));

/** Which way is good news for each average (a lower price and a shorter transit are). */
const AVERAGE_BETTER: Record<AverageRow['key'], 'up' | 'down' | undefined> = {
  weight: undefined,
  price: 'down',
  transit: 'down',
};

const periodText = (period: { from: string; to: string }) =>
  S.period(formatLongDate(period.from), formatLongDate(period.to));

/** Puts the measure into the address without a new history entry or a server round trip. */
function rememberDataType(dataType: AnalyticsDataType) {
  const query = new URLSearchParams(window.location.search);
  if (dataType === 'count') query.delete('data_type');
  else query.set('data_type', dataType);
  const search = query.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
}

export interface AnalyticsContentProps {
  /** The seven answers, read on the server. */
  data: AnalyticsData;
  /** The profiles and period those answers are for: the data_type switch asks again with them. */
  accounts: readonly string[];
  period: AnalyticsPeriod;
  /** The measure the server's breakdowns are in. */
  dataType: AnalyticsDataType;
}

/**
 * The figures of the chosen profiles and period: KPI cards, months, averages and the four
 * breakdowns. Every chart has its table view. The data_type switch asks only the four breakdown
 * calls again (the rest does not depend on it) and keeps the choice in the address. With no
 * cargo in the period, one explanation replaces all of it.
 */
export function AnalyticsContent({ data, accounts, period, dataType: initialType }: AnalyticsContentProps) {
  const [dataType, setDataType] = useState(initialType);
  const [breakdowns, setBreakdowns] = useState<AnalyticsBreakdowns>(data.breakdowns);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const fetchBreakdowns = (next: AnalyticsDataType) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    setError(null);
    loadBreakdowns(accounts, period, next, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setBreakdowns(answer);
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        setError(errorMessage(failure));
      });
  };

  const switchTo = (next: AnalyticsDataType) => {
    setDataType(next);
    rememberDataType(next);
    fetchBreakdowns(next);
  };

  const { numbers, dynamics, averages } = data;
  const shownPeriod = periodText(numbers.period);

  if (numbers.current.cargo_count === 0) {
    return (
      <>
        <PeriodLine period={numbers.period} previous={numbers.previous_period} />
        <Panel aria-labelledby="analytics-empty-h" data-testid="analytics-empty">
          <h2 id="analytics-empty-h">{S.emptyTitle}</h2>
          <Hint>{S.emptyText}</Hint>
          <ActionRow>
            <Button as={Link} href="/calculator">
              {S.toCalculator}
            </Button>
            <Button as={Link} href="/order" appearance="secondary">
              {S.toOrder}
            </Button>
          </ActionRow>
        </Panel>
      </>
    );
  }

  const rows = averageRows(averages);
  const breakdownCards = [
    { id: 'analytics-directions', key: 'directions', title: S.directionsTitle, wide: true },
    { id: 'analytics-delivery-type', key: 'deliveryType', title: S.deliveryTypeTitle, wide: false },
    { id: 'analytics-cargo', key: 'cargo', title: S.cargoTitle, wide: false },
    { id: 'analytics-participation', key: 'participation', title: S.participationTitle, wide: true },
  ] as const;

  return (
    <>
      <PeriodLine period={numbers.period} previous={numbers.previous_period} />
      <KpiCards numbers={numbers} />

      <ChartCard
        id="analytics-dynamics"
        level={2}
        className={panelClassName}
        title={S.dynamicsTitle}
        empty={dynamics.months.every((m) => m.cargo_count === 0 && m.amount_kopecks === 0)}
        table={<DynamicsTable months={dynamics.months} caption={S.tableCaption(S.dynamicsTitle, shownPeriod)} />}
      >
        <ChartFrame label={dynamicsSummary(dynamics.months)} height={320}>
          <DynamicsChart months={dynamics.months} />
        </ChartFrame>
      </ChartCard>

      <ChartCard
        id="analytics-averages"
        level={2}
        className={panelClassName}
        title={S.averagesTitle}
        empty={rows.every((row) => row.current === null && row.previous === null)}
        table={<AveragesTable rows={rows} caption={S.tableCaption(S.averagesTitle, shownPeriod)} />}
      >
        <div className={styles.averages}>
          {rows.map((row) => (
            <div key={row.key} className={styles.average}>
              <h3>{row.label}</h3>
              <p className={styles.kpiValue}>{row.currentText}</p>
              <ChangeNote change={row.change} better={AVERAGE_BETTER[row.key]} />
              {row.current === null && row.previous === null ? null : (
                <ChartFrame label={averagesSummary([row])} height={170}>
                  <AverageChart row={row} />
                </ChartFrame>
              )}
            </div>
          ))}
        </div>
      </ChartCard>

      <Panel aria-labelledby="analytics-breakdown-h">
        <h2 id="analytics-breakdown-h">{S.breakdownTitle}</h2>
        <Tabs
          label={S.dataTypeLabel}
          items={DATA_TYPE_TABS}
          value={dataType}
          onValueChange={switchTo}
          activation="manual"
          id="analytics-data-type"
          className={styles.dataType}
        >
          {error ? (
            <Alert variant="error">
              {S.breakdownError} {error}{' '}
              <Button appearance="link" onClick={() => fetchBreakdowns(dataType)}>
                {S.retry}
              </Button>
            </Alert>
          ) : null}
          <div className={styles.grid} aria-busy={loading || undefined}>
            {breakdownCards.map((card) => {
              const breakdown = breakdowns[card.key];
              const measure = A.dataTypes[breakdown.data_type].toLowerCase();
              const summary = breakdownSummary(card.title, breakdown);
              return (
                <ChartCard
                  key={card.id}
                  id={card.id}
                  title={card.title}
                  busy={loading}
                  className={card.wide ? `${styles.card} ${styles.wide}` : undefined}
                  empty={!hasValues(breakdown)}
                  table={
                    <BreakdownTable
                      breakdown={breakdown}
                      itemHeader={S.itemHeaders[card.key]}
                      caption={S.breakdownCaption(card.title, measure, shownPeriod)}
                    />
                  }
                >
                  {card.key === 'deliveryType' ? (
                    <ChartFrame label={summary} height={300}>
                      <BreakdownDonut breakdown={breakdown} />
                    </ChartFrame>
                  ) : (
                    <ChartFrame label={summary} height={barsHeight(breakdown.items.length)}>
                      <BreakdownBars breakdown={breakdown} labelWidth={card.key === 'directions' ? 200 : 150} />
                    </ChartFrame>
                  )}
                </ChartCard>
              );
            })}
          </div>
        </Tabs>
      </Panel>
    </>
  );
}

/** «Период: … · Сравнение с периодом …». */
function PeriodLine({ period, previous }: { period: AnalyticsPeriod; previous: AnalyticsPeriod }) {
  return (
    <p className={styles.periodShown} data-testid="analytics-period">
      {S.periodLabelLine} <strong>{periodText(period)}</strong>
      {' · '}
      {S.comparedWith(formatLongDate(previous.from), formatLongDate(previous.to))}
    </p>
  );
}
