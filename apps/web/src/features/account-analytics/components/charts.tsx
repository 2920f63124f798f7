'use client';

/*
 * The charts of /personal-account/analytics — the only module that imports recharts. It is loaded
 * by next/dynamic (lazy-charts.tsx) after the page has painted, so neither this page's first
 * screen nor any other page carries the library. Colours are the theme's (--chart-* in
 * analytics.module.css): SVG fill and stroke take var().
 */

import type { AnalyticsBreakdown, AnalyticsDynamics } from '@freight/contracts/analytics';
import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { useCallback, useState, type CSSProperties } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatAxisTick,
  formatCargos,
  formatMeasure,
  formatMoney,
  formatShare,
  monthLabel,
  monthName,
  type AverageRow,
} from '../lib/format';

const S = ANALYTICS_TEXTS.screen;

const FILL: CSSProperties = { width: '100%', height: '100%' };
/** Charts grow into place unless the reader asked for less motion (this module runs in the browser only). */
const ANIMATE = typeof window === 'undefined' || !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
const TICK = { fill: 'var(--color-text-muted)', fontSize: 12 };
const AXIS_LINE = { stroke: 'var(--color-border-strong)' };
const TOOLTIP_BOX: CSSProperties = {
  background: 'var(--color-surface)',
  borderWidth: 1,
  borderStyle: 'solid',
  borderColor: 'var(--color-border)',
  borderRadius: 8,
  color: 'var(--color-text)',
  fontSize: 13,
};
const TOOLTIP_LABEL: CSSProperties = { color: 'var(--color-text)', fontWeight: 600 };
const CURSOR = { fill: 'var(--color-surface-hover)' };
const LEGEND: CSSProperties = { fontSize: 13, color: 'var(--color-text)' };

/** Colours of the parts of a donut, in order. */
const SERIES = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-5)', 'var(--chart-4)'];

const asNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

/** Shipments (bars, left axis) and spend (line, right axis) per month. */
export function DynamicsChart({ months }: { months: AnalyticsDynamics['months'] }) {
  const data = months.map((m) => ({ month: m.month, count: m.cargo_count, amount: m.amount_kopecks }));
  return (
    <ComposedChart
      data={data}
      responsive
      style={FILL}
      accessibilityLayer={false}
      margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke="var(--color-border)" />
      <XAxis
        dataKey="month"
        tickFormatter={(value) => monthLabel(String(value))}
        tick={TICK}
        tickLine={false}
        axisLine={AXIS_LINE}
        interval="preserveStartEnd"
        minTickGap={12}
      />
      <YAxis
        yAxisId="count"
        allowDecimals={false}
        tickFormatter={(value) => formatAxisTick('count', asNumber(value))}
        tick={TICK}
        tickLine={false}
        axisLine={false}
        width={40}
      />
      <YAxis
        yAxisId="amount"
        orientation="right"
        tickFormatter={(value) => formatAxisTick('amount', asNumber(value))}
        tick={TICK}
        tickLine={false}
        axisLine={false}
        width={80}
      />
      <Tooltip
        cursor={CURSOR}
        contentStyle={TOOLTIP_BOX}
        labelStyle={TOOLTIP_LABEL}
        labelFormatter={(label) => monthName(String(label))}
        formatter={(value, _name, item) =>
          item.dataKey === 'amount' ? formatMoney(asNumber(value)) : formatCargos(asNumber(value))
        }
      />
      <Legend wrapperStyle={LEGEND} />
      <Bar
        isAnimationActive={ANIMATE}
        yAxisId="count"
        dataKey="count"
        name={S.dynamicsCount}
        fill="var(--chart-1)"
        radius={[4, 4, 0, 0]}
        maxBarSize={36}
      />
      <Line
        isAnimationActive={ANIMATE}
        yAxisId="amount"
        dataKey="amount"
        name={S.dynamicsAmount}
        type="monotone"
        stroke="var(--chart-2)"
        strokeWidth={2}
        dot={{ r: 3, fill: 'var(--chart-2)', stroke: 'var(--chart-2)' }}
      />
    </ComposedChart>
  );
}

/** One average: the previous period's bar (muted) beside this period's. */
export function AverageChart({ row }: { row: AverageRow }) {
  const data = [{ key: row.key, previous: row.previous ?? 0, current: row.current ?? 0 }];
  return (
    <BarChart
      data={data}
      responsive
      style={FILL}
      accessibilityLayer={false}
      margin={{ top: 24, right: 4, bottom: 0, left: 4 }}
      barCategoryGap="20%"
      barGap={12}
    >
      <XAxis dataKey="key" hide />
      <YAxis hide domain={[0, 'dataMax']} />
      <Legend wrapperStyle={LEGEND} />
      <Bar
        isAnimationActive={ANIMATE}
        dataKey="previous"
        name={S.previousPeriod}
        fill="var(--chart-muted)"
        radius={[4, 4, 0, 0]}
        maxBarSize={56}
      >
        <LabelList
          dataKey="previous"
          position="top"
          fill="var(--color-text-muted)"
          fontSize={12}
          formatter={() => row.previousText}
        />
      </Bar>
      <Bar
        isAnimationActive={ANIMATE}
        dataKey="current"
        name={S.currentPeriod}
        fill="var(--chart-1)"
        radius={[4, 4, 0, 0]}
        maxBarSize={56}
      >
        <LabelList
          dataKey="current"
          position="top"
          fill="var(--color-text)"
          fontSize={12}
          formatter={() => row.currentText}
        />
      </Bar>
    </BarChart>
  );
}

/**
 * The width of the element the returned ref is put on, followed as it changes (0 until measured):
 * a bar chart gives its labels at most a share of it, so a phone still has room for the bars.
 */
function useWidth(): [(node: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    setWidth(node.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** A breakdown as horizontal bars, largest first as the API sorted them; the value at each bar's end. */
export function BreakdownBars({ breakdown, labelWidth = 140 }: { breakdown: AnalyticsBreakdown; labelWidth?: number }) {
  const data = breakdown.items.map((item) => ({ label: item.label, value: item.value, share: item.share }));
  const format = (value: unknown) => formatMeasure(breakdown.data_type, asNumber(value));
  const [ref, width] = useWidth();
  const narrow = width > 0 && width < 480;
  const axisWidth = width > 0 ? Math.round(Math.min(labelWidth, Math.max(96, width * 0.36))) : labelWidth;
  return (
    <div ref={ref} style={FILL}>
      <BarChart
        data={data}
        layout="vertical"
        responsive
        style={FILL}
        accessibilityLayer={false}
        margin={{ top: 0, right: narrow ? 84 : 96, bottom: 0, left: 0 }}
      >
        <CartesianGrid horizontal={false} stroke="var(--color-border)" />
        <XAxis
          type="number"
          tickFormatter={(value) => formatAxisTick(breakdown.data_type, asNumber(value))}
          tick={TICK}
          tickLine={false}
          axisLine={AXIS_LINE}
          allowDecimals={breakdown.data_type !== 'count'}
        />
        <YAxis
          type="category"
          dataKey="label"
          width={axisWidth}
          tick={TICK}
          tickLine={false}
          axisLine={false}
          interval={0}
        />
        <Tooltip
          cursor={CURSOR}
          contentStyle={TOOLTIP_BOX}
          labelStyle={TOOLTIP_LABEL}
          formatter={(value, _name, item) => {
            const share = (item.payload as { share?: number } | undefined)?.share ?? 0;
            return [`${format(value)} (${formatShare(share)})`, ANALYTICS_TEXTS.dataTypes[breakdown.data_type]];
          }}
        />
        <Bar isAnimationActive={ANIMATE} dataKey="value" fill="var(--chart-1)" radius={[0, 4, 4, 0]} maxBarSize={24}>
          <LabelList dataKey="value" position="right" fill="var(--color-text)" fontSize={12} formatter={format} />
        </Bar>
      </BarChart>
    </div>
  );
}

/** A breakdown as a donut, the legend naming each part with its share. */
export function BreakdownDonut({ breakdown }: { breakdown: AnalyticsBreakdown }) {
  const data = breakdown.items
    .filter((item) => item.value > 0)
    .map((item, index) => ({
      label: item.label,
      value: item.value,
      share: item.share,
      fill: SERIES[index % SERIES.length],
    }));
  return (
    <PieChart responsive style={FILL} accessibilityLayer={false}>
      <Pie
        isAnimationActive={ANIMATE}
        data={data}
        dataKey="value"
        nameKey="label"
        innerRadius="55%"
        outerRadius="85%"
        paddingAngle={data.length > 1 ? 2 : 0}
        stroke="var(--color-surface)"
      />
      <Tooltip
        contentStyle={TOOLTIP_BOX}
        labelStyle={TOOLTIP_LABEL}
        itemStyle={{ color: 'var(--color-text)' }}
        formatter={(value, name) => [formatMeasure(breakdown.data_type, asNumber(value)), String(name)]}
      />
      <Legend
        wrapperStyle={LEGEND}
        // Largest part first, as in the table (the default sorts by name).
        itemSorter={(entry) => -((entry.payload as { share?: number } | undefined)?.share ?? 0)}
        formatter={(value, entry) => {
          const share = (entry.payload as { share?: number } | undefined)?.share ?? 0;
          return `${String(value)} — ${formatShare(share)}`;
        }}
      />
    </PieChart>
  );
}
