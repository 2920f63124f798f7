'use client';

import dynamic from 'next/dynamic';
import { ChartPlaceholder } from './chart-card';

/*
 * The charts, loaded after the page has painted (next/dynamic, no server rendering): recharts is
 * in their chunk only. Until it arrives each frame shows a placeholder of the chart's own height,
 * so nothing moves; the KPI cards and the table views never wait for it.
 */

const loading = () => <ChartPlaceholder />;
const charts = () => import('./charts');

export const DynamicsChart = dynamic(() => charts().then((m) => m.DynamicsChart), { ssr: false, loading });
export const AverageChart = dynamic(() => charts().then((m) => m.AverageChart), { ssr: false, loading });
export const BreakdownBars = dynamic(() => charts().then((m) => m.BreakdownBars), { ssr: false, loading });
export const BreakdownDonut = dynamic(() => charts().then((m) => m.BreakdownDonut), { ssr: false, loading });

/** Height of a horizontal bar chart of `count` parts: 36 px a bar plus the axis. */
export function barsHeight(count: number): number {
  return Math.max(120, count * 36 + 32);
}
