import { describe, expect, it } from 'vitest';
import {
  averageRows,
  breakdownSummary,
  changeSentence,
  compactNumber,
  dynamicsSummary,
  formatAxisTick,
  formatMeasure,
  monthLabel,
  monthName,
  percentChange,
  pointsChange,
} from './format';

const NB = '\u00A0';

describe('month labels', () => {
  it.each([
    ['2026-01', `янв.${NB}2026`, 'Январь 2026'],
    ['2025-05', `май${NB}2025`, 'Май 2025'],
    ['2026-09', `сент.${NB}2026`, 'Сентябрь 2026'],
  ])('%s → %s / %s', (month, tick, name) => {
    expect(monthLabel(month)).toBe(tick);
    expect(monthName(month)).toBe(name);
  });
});

describe('formatMeasure', () => {
  it.each([
    ['count', 1, '1 груз'],
    ['count', 3, '3 груза'],
    ['count', 48, '48 грузов'],
    ['weight', 1250.55, `1${NB}250,6${NB}кг`],
    ['volume', 3.256, `3,26${NB}м³`],
    ['amount', 1250000, `12${NB}500${NB}₽`],
    ['amount', 123450.4, `1${NB}234,50${NB}₽`],
  ] as const)('%s %d → %s', (dataType, value, text) => {
    expect(formatMeasure(dataType, value)).toBe(text);
  });
});

describe('axis ticks', () => {
  it.each([
    [950, '950'],
    [1_250, `1,3${NB}тыс.`],
    [35_000, `35${NB}тыс.`],
    [1_250_000, `1,3${NB}млн`],
  ])('compactNumber(%d) → %s', (value, text) => {
    expect(compactNumber(value)).toBe(text);
  });

  it('amounts are kopecks shown as roubles', () => {
    expect(formatAxisTick('amount', 125_000_000)).toBe(`1,3${NB}млн${NB}₽`);
    expect(formatAxisTick('weight', 500)).toBe(`500${NB}кг`);
    expect(formatAxisTick('count', 12)).toBe('12');
  });
});

describe('changes against the previous period', () => {
  it.each([
    [48, 40, 'up', `20${NB}%`, `Рост на 20${NB}% к прошлому периоду`],
    [12.75, 15, 'down', `15${NB}%`, `Снижение на 15${NB}% к прошлому периоду`],
    [3.5, 4, 'down', `12,5${NB}%`, `Снижение на 12,5${NB}% к прошлому периоду`],
    [100, 100, 'same', '', 'Без изменений к прошлому периоду'],
    [0, 0, 'same', '', 'Без изменений к прошлому периоду'],
    [5, 0, 'none', '', 'В прошлом периоде данных нет'],
    [null, 4, 'none', '', 'В прошлом периоде данных нет'],
  ])('%s against %s: %s %s', (current, previous, direction, amount, sentence) => {
    const change = percentChange(current, previous);
    expect(change).toEqual({ direction, amount });
    expect(changeSentence(change)).toBe(sentence);
  });

  it('a share changes in percentage points', () => {
    expect(pointsChange(0.9, 0.85)).toEqual({ direction: 'up', amount: `5${NB}п.${NB}п.` });
    expect(pointsChange(0.8, 0.85)).toEqual({ direction: 'down', amount: `5${NB}п.${NB}п.` });
    expect(pointsChange(0.9, null)).toEqual({ direction: 'none', amount: '' });
  });
});

describe('summaries', () => {
  it('names the period, the totals and the busiest month', () => {
    expect(
      dynamicsSummary([
        { month: '2026-01', cargo_count: 10, weight_kg: 0, volume_m3: 0, amount_kopecks: 25_000_000 },
        { month: '2026-02', cargo_count: 38, weight_kg: 0, volume_m3: 0, amount_kopecks: 100_000_000 },
      ]),
    ).toBe(
      `Столбчатая диаграмма грузов и линия расходов по месяцам, январь 2026 — февраль 2026: всего 48 грузов на 1${NB}250${NB}000${NB}₽. Больше всего грузов — февраль 2026 (38 грузов).`,
    );
  });

  it('lists the parts of a breakdown with their shares', () => {
    expect(
      breakdownSummary('Статусы', {
        period: { from: '2026-01-01', to: '2026-03-31' },
        data_type: 'weight',
        unit: 'кг',
        total: 100,
        items: [
          { key: 'delivered', label: 'Доставлены', value: 75, share: 0.75 },
          { key: 'problem', label: 'Требуют внимания', value: 25, share: 0.25 },
          { key: 'cancelled', label: 'Отменены', value: 0, share: 0 },
        ],
      }),
    ).toBe(`Диаграмма «Статусы», вес: Доставлены — 75${NB}кг (75${NB}%); Требуют внимания — 25${NB}кг (25${NB}%).`);
  });

  it('averages: unknown values are a dash, transit days take the plural', () => {
    const rows = averageRows({
      period: { from: '2026-01-01', to: '2026-03-31' },
      previous_period: { from: '2025-10-02', to: '2025-12-31' },
      current: { weight_kg: 26.2, volume_m3: 0.3, price_kopecks: 2_604_167, transit_days: 3.5 },
      previous: { weight_kg: null, volume_m3: null, price_kopecks: 2_500_000, transit_days: 4 },
    });
    expect(rows.map((r) => [r.label, r.currentText, r.previousText, r.change.direction])).toEqual([
      ['Вес груза', `26,2${NB}кг`, '—', 'none'],
      ['Стоимость перевозки', `26${NB}041,67${NB}₽`, `25${NB}000${NB}₽`, 'up'],
      ['Время в пути', '3,5 дня', '4 дня', 'down'],
    ]);
  });
});
