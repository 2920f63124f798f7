'use client';

import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { useState, type ReactNode } from 'react';
import styles from './analytics.module.css';

const S = ANALYTICS_TEXTS.screen;

export interface ChartCardProps {
  /** Id prefix: the heading is `${id}-h`; also the card's data-testid. */
  id: string;
  title: string;
  /** h2 for a section of the page, h3 (default) for a card inside one. */
  level?: 2 | 3;
  /** Nothing to draw: a sentence instead of empty axes, and no table toggle. */
  empty?: boolean;
  /** New figures are on their way: the old ones are dimmed. */
  busy?: boolean;
  /** The same numbers as a real <table> with a caption. */
  table: ReactNode;
  /** The chart (a ChartFrame with its summary). */
  children: ReactNode;
  /** Replaces the card's own frame (a page section uses the section's). */
  className?: string;
}

/**
 * A chart with its «Таблица» toggle: pressed, the same numbers show as a table in the chart's
 * place (aria-pressed; described by the card's heading, so each toggle is told apart).
 */
export function ChartCard({
  id,
  title,
  level = 3,
  empty = false,
  busy = false,
  table,
  children,
  className,
}: ChartCardProps) {
  const [showTable, setShowTable] = useState(false);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      className={className ?? styles.card}
      aria-labelledby={`${id}-h`}
      aria-busy={busy || undefined}
      data-testid={id}
    >
      <div className={styles.cardHead}>
        <Heading id={`${id}-h`}>{title}</Heading>
        {empty ? null : (
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={showTable}
            aria-describedby={`${id}-h`}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {S.tableToggle}
          </button>
        )}
      </div>
      <div className={busy ? styles.busy : undefined}>
        {empty ? <p className={styles.empty}>{S.chartEmpty}</p> : showTable ? table : children}
      </div>
    </section>
  );
}

/**
 * The box a chart is drawn in: a fixed height (nothing moves when the chart code arrives) and
 * role="img" with the chart's summary as its name; the table view holds the numbers.
 */
export function ChartFrame({ label, height, children }: { label: string; height: number; children: ReactNode }) {
  return (
    <div role="img" aria-label={label} className={styles.chart} style={{ height }}>
      {children}
    </div>
  );
}

/** What a chart's frame shows until the chart code has loaded. */
export function ChartPlaceholder() {
  return <div className={styles.placeholder}>{S.chartLoading}</div>;
}
