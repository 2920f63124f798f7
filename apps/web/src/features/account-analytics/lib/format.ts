import type { AnalyticsAverageNumbers, AnalyticsBreakdown, AnalyticsDynamics } from '@freight/contracts/analytics';
import type { AnalyticsDataType } from '@freight/domain/finance';
import { formatNumber, formatRub, NBSP } from '@freight/domain/money';
import { formatCount } from '@freight/domain/plural';
import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { PLURAL_TEXTS } from '@freight/domain/texts/plural';

/*
 * How the analytics screen writes its numbers: Russian notation (formatNumber, formatRub — amounts
 * are kopecks), units шт./кг/м³/₽, month labels from our own table (servers and browsers with
 * different ICU data print the same), changes against the previous period.
 */

const S = ANALYTICS_TEXTS.screen;

/** 'YYYY-MM' → [year, month 1–12]. */
function splitMonth(month: string): [number, number] {
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

/** An axis tick: '2026-01' → 'янв. 2026'. */
export function monthLabel(month: string): string {
  const [year, m] = splitMonth(month);
  return `${S.monthsShort[m - 1] ?? month}${NBSP}${year}`;
}

/** A table row: '2026-01' → 'Январь 2026'. */
export function monthName(month: string): string {
  const [year, m] = splitMonth(month);
  return `${S.monthsNominative[m - 1] ?? month} ${year}`;
}

/** A count of cargos with its word: '1 груз', '48 грузов'. */
export function formatCargos(count: number): string {
  return formatCount(count, PLURAL_TEXTS.cargo);
}

export function formatKg(kg: number): string {
  return `${formatNumber(kg, 1)}${NBSP}${ANALYTICS_TEXTS.units.weight}`;
}

export function formatM3(m3: number): string {
  return `${formatNumber(m3, 2)}${NBSP}${ANALYTICS_TEXTS.units.volume}`;
}

/** Kopecks that may come as a sum or an average: rounded to whole kopecks first. */
export function formatMoney(kopecks: number): string {
  return formatRub(Math.round(kopecks));
}

/** Days with one decimal: '2,5 дня', '3 дня'. */
export function formatDays(days: number): string {
  return formatCount(Math.round(days * 10) / 10, PLURAL_TEXTS.day);
}

/** A value of a breakdown in its measure: '12 грузов', '1 250,5 кг', '3,25 м³', '12 500 ₽'. */
export function formatMeasure(dataType: AnalyticsDataType, value: number): string {
  switch (dataType) {
    case 'count':
      return formatCargos(value);
    case 'weight':
      return formatKg(value);
    case 'volume':
      return formatM3(value);
    case 'amount':
      return formatMoney(value);
  }
}

/** A share 0…1 as '12,5 %' (no-break space before the sign). */
export function formatShare(share: number): string {
  return `${formatNumber(share * 100, 1)}${NBSP}%`;
}

/** '1,2 млн', '350 тыс.', '900' — axis ticks. */
export function compactNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${formatNumber(value / 1_000_000, 1)}${NBSP}${S.millionsShort}`;
  if (abs >= 10_000) return `${formatNumber(value / 1_000, 0)}${NBSP}${S.thousandsShort}`;
  if (abs >= 1_000) return `${formatNumber(value / 1_000, 1)}${NBSP}${S.thousandsShort}`;
  return formatNumber(value, 1);
}

/** An axis tick in a measure: counts as they are, kopecks as compact roubles with ₽, kg and m³ with the unit. */
export function formatAxisTick(dataType: AnalyticsDataType, value: number): string {
  if (dataType === 'count') return formatNumber(value, 0);
  if (dataType === 'amount') return `${compactNumber(value / 100)}${NBSP}${ANALYTICS_TEXTS.units.amount}`;
  return `${compactNumber(value)}${NBSP}${ANALYTICS_TEXTS.units[dataType]}`;
}

export type ChangeDirection = 'up' | 'down' | 'same' | 'none';

export interface Change {
  direction: ChangeDirection;
  /** '12,5 %' or '3 п. п.'; '' for 'same' and 'none'. */
  amount: string;
}

/**
 * The change of `current` against `previous` in per cent of `previous`, one decimal. 'none' when
 * there is nothing to compare with (no previous value, or zero before and something now); 'same'
 * when it rounds to zero.
 */
export function percentChange(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { direction: 'none', amount: '' };
  if (previous === 0) return current === 0 ? { direction: 'same', amount: '' } : { direction: 'none', amount: '' };
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  const amount = formatNumber(Math.abs(percent), 1);
  if (amount === '0') return { direction: 'same', amount: '' };
  return { direction: percent > 0 ? 'up' : 'down', amount: `${amount}${NBSP}%` };
}

/** The change of a share (0…1) in percentage points, one decimal: '3 п. п.'. */
export function pointsChange(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { direction: 'none', amount: '' };
  const points = (current - previous) * 100;
  const amount = formatNumber(Math.abs(points), 1);
  if (amount === '0') return { direction: 'same', amount: '' };
  return { direction: points > 0 ? 'up' : 'down', amount: `${amount}${NBSP}${S.percentPoints}` };
}

/** The whole sentence a screen reader hears for a change: 'Рост на 12,5 % к прошлому периоду'. */
export function changeSentence(change: Change): string {
  switch (change.direction) {
    case 'up':
      return `${S.changeUp} ${change.amount} ${S.vsPrevious}`;
    case 'down':
      return `${S.changeDown} ${change.amount} ${S.vsPrevious}`;
    case 'same':
      return `${S.changeSame} ${S.vsPrevious}`;
    case 'none':
      return S.changeNoBase;
  }
}

/** The aria-label of the monthly chart: totals and the busiest month. */
export function dynamicsSummary(months: AnalyticsDynamics['months']): string {
  if (months.length === 0) return S.chartEmpty;
  const total = months.reduce((sum, m) => sum + m.cargo_count, 0);
  const amount = months.reduce((sum, m) => sum + m.amount_kopecks, 0);
  const peak = months.reduce((best, m) => (m.cargo_count > best.cargo_count ? m : best), months[0]!);
  const inSentence = (month: string) => monthName(month).toLowerCase();
  return S.dynamicsSummary(
    inSentence(months[0]!.month),
    inSentence(months[months.length - 1]!.month),
    formatCargos(total),
    formatMoney(amount),
    peak.cargo_count > 0 ? S.peakMonth(inSentence(peak.month), formatCargos(peak.cargo_count)) : null,
  );
}

/** One row of the averages: its label and both periods' values, formatted ('—' when unknown). */
export interface AverageRow {
  key: 'weight' | 'price' | 'transit';
  label: string;
  current: number | null;
  previous: number | null;
  currentText: string;
  previousText: string;
  change: Change;
}

export function averageRows(averages: AnalyticsAverageNumbers): AverageRow[] {
  const row = (
    key: AverageRow['key'],
    current: number | null,
    previous: number | null,
    format: (value: number) => string,
  ): AverageRow => ({
    key,
    label: S.averages[key],
    current,
    previous,
    currentText: current === null ? S.notAvailable : format(current),
    previousText: previous === null ? S.notAvailable : format(previous),
    change: percentChange(current, previous),
  });
  return [
    row('weight', averages.current.weight_kg, averages.previous.weight_kg, formatKg),
    row('price', averages.current.price_kopecks, averages.previous.price_kopecks, formatMoney),
    row('transit', averages.current.transit_days, averages.previous.transit_days, formatDays),
  ];
}

export function averagesSummary(rows: readonly AverageRow[]): string {
  return S.averagesSummary(
    rows.map((row) => S.averagesPart(row.label.toLowerCase(), row.currentText, row.previousText)).join('; '),
  );
}

/** The aria-label of a breakdown chart: its largest parts with their shares. */
export function breakdownSummary(title: string, breakdown: AnalyticsBreakdown): string {
  const parts = breakdown.items
    .filter((item) => item.value > 0)
    .map((item) => S.breakdownPart(item.label, formatMeasure(breakdown.data_type, item.value), formatShare(item.share)))
    .join('; ');
  return S.breakdownSummary(
    title,
    ANALYTICS_TEXTS.dataTypes[breakdown.data_type].toLowerCase(),
    parts || S.chartEmpty.replace(/\.$/, '').toLowerCase(),
  );
}

/** Whether a breakdown has anything to draw. */
export function hasValues(breakdown: AnalyticsBreakdown): boolean {
  return breakdown.items.some((item) => item.value > 0);
}
