import { render } from '@testing-library/react';
import type { AnalyticsBreakdown } from '@freight/contracts/analytics';
import { describe, expect, it } from 'vitest';
import { percentChange } from '../lib/format';
import { AverageChart, BreakdownBars, BreakdownDonut, DynamicsChart } from './charts';

/*
 * The real recharts in happy-dom: no layout, so nothing is measured, but the axes, legends and
 * labels are drawn — enough to see the Russian formatting reach the SVG and no chart throw.
 */

const NB = '\u00A0';
const PERIOD = { from: '2026-01-01', to: '2026-03-31' };

/** The texts a chart drew: tick and label <text>s and the legend entries. */
async function textsOf(ui: React.ReactElement): Promise<string[]> {
  const { container } = render(<div style={{ width: 600, height: 300 }}>{ui}</div>);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(container.querySelector('.recharts-wrapper')).not.toBeNull();
  return [...container.querySelectorAll('text, .recharts-legend-item-text')].map((node) => node.textContent ?? '');
}

const breakdown = (dataType: AnalyticsBreakdown['data_type'], items: [string, number][]): AnalyticsBreakdown => {
  const total = items.reduce((sum, [, value]) => sum + value, 0);
  return {
    period: PERIOD,
    data_type: dataType,
    unit: '',
    total,
    items: items.map(([label, value]) => ({ key: label, label, value, share: value / total })),
  };
};

describe('charts (recharts)', () => {
  it('the monthly chart: cargos on the left axis, roubles on the right, both in the legend', async () => {
    const texts = await textsOf(
      <DynamicsChart
        months={[
          { month: '2026-01', cargo_count: 3, weight_kg: 10, volume_m3: 1, amount_kopecks: 100_000 },
          { month: '2026-02', cargo_count: 5, weight_kg: 20, volume_m3: 2, amount_kopecks: 200_000 },
        ]}
      />,
    );
    expect(texts.slice(0, 2)).toEqual(['Грузы, шт.', 'Расходы, ₽']);
    expect(texts).toContain('8');
    expect(texts).toContain(`2${NB}тыс.${NB}₽`);
  });

  it('a breakdown as bars names its parts on the axis', async () => {
    const texts = await textsOf(
      <BreakdownBars
        breakdown={breakdown('weight', [
          ['Москва → Казань', 20],
          ['Другие направления', 10],
        ])}
      />,
    );
    expect(texts).toEqual(expect.arrayContaining(['Москва → Казань', 'Другие направления']));
  });

  it('a donut lists its parts largest first, with their shares', async () => {
    const texts = await textsOf(
      <BreakdownDonut
        breakdown={breakdown('count', [
          ['Адрес — адрес', 10],
          ['Терминал — терминал', 30],
          ['Терминал — адрес', 0],
        ])}
      />,
    );
    expect(texts).toEqual([`Терминал — терминал — 75${NB}%`, `Адрес — адрес — 25${NB}%`]);
  });

  it('an average: the previous period beside this one', async () => {
    const texts = await textsOf(
      <AverageChart
        row={{
          key: 'transit',
          label: 'Время в пути',
          current: 3.5,
          previous: 4,
          currentText: '3,5 дня',
          previousText: '4 дня',
          change: percentChange(3.5, 4),
        }}
      />,
    );
    expect(texts).toEqual(expect.arrayContaining(['Прошлый период', 'Этот период']));
  });
});
