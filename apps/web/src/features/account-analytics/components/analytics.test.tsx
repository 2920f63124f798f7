import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AnalyticsBreakdown } from '@freight/contracts/analytics';
import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsData } from '../lib/types';
import { json as answer } from '@/testing/fetch';

const router = vi.hoisted(() => ({ push: vi.fn(), refresh: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router, usePathname: () => '/personal-account/analytics' }));
// The SVG charts (recharts) are not what these tests read: the table views hold the same numbers.
vi.mock('./charts', () => ({
  DynamicsChart: () => <svg data-testid="chart-svg" />,
  AverageChart: () => <svg data-testid="chart-svg" />,
  BreakdownBars: () => <svg data-testid="chart-svg" />,
  BreakdownDonut: () => <svg data-testid="chart-svg" />,
}));

const { AnalyticsContent } = await import('./analytics-content');
const { AnalyticsScreen } = await import('./analytics-screen');

const S = ANALYTICS_TEXTS.screen;
const NB = '\u00A0';
const PERIOD = { from: '2026-01-01', to: '2026-03-31' };
const PREVIOUS = { from: '2025-10-03', to: '2025-12-31' };
const ACCOUNTS = ['u-own', 'u-company'];

function breakdown(
  dataType: AnalyticsBreakdown['data_type'],
  items: [key: string, label: string, value: number][],
): AnalyticsBreakdown {
  const total = items.reduce((sum, [, , value]) => sum + value, 0);
  return {
    period: PERIOD,
    data_type: dataType,
    unit: { count: 'шт.', weight: 'кг', volume: 'м³', amount: '₽' }[dataType],
    total,
    items: items.map(([key, label, value]) => ({ key, label, value, share: total === 0 ? 0 : value / total })),
  };
}

const countBreakdowns = {
  cargo: breakdown('count', [
    ['in_progress', 'В работе', 16],
    ['delivered', 'Доставлены', 30],
    ['returned', 'Возвращены', 0],
    ['problem', 'Требуют внимания', 2],
    ['cancelled', 'Отменены', 0],
  ]),
  participation: breakdown('count', [
    ['sender', 'Отправитель', 36],
    ['recipient', 'Получатель', 12],
    ['third_party', 'Третье лицо (плательщик)', 0],
  ]),
  deliveryType: breakdown('count', [
    ['terminal_terminal', 'Терминал — терминал', 24],
    ['terminal_door', 'Терминал — адрес', 12],
    ['door_terminal', 'Адрес — терминал', 0],
    ['door_door', 'Адрес — адрес', 12],
  ]),
  directions: breakdown('count', [
    ['Москва → Казань', 'Москва → Казань', 20],
    ['Москва → Новосибирск', 'Москва → Новосибирск', 16],
    ['other', 'Другие направления', 12],
  ]),
};

const data: AnalyticsData = {
  numbers: {
    period: PERIOD,
    previous_period: PREVIOUS,
    current: {
      cargo_count: 48,
      weight_kg: 1250.5,
      volume_m3: 12.75,
      amount_kopecks: 125_000_000,
      delivered_count: 30,
      in_progress_count: 16,
      on_time_share: 0.9,
    },
    previous: {
      cargo_count: 40,
      weight_kg: 1250.5,
      volume_m3: 15,
      amount_kopecks: 0,
      delivered_count: 24,
      in_progress_count: 0,
      on_time_share: 0.85,
    },
  },
  dynamics: {
    period: PERIOD,
    months: [
      { month: '2026-01', cargo_count: 10, weight_kg: 200.5, volume_m3: 2.5, amount_kopecks: 25_000_000 },
      { month: '2026-02', cargo_count: 0, weight_kg: 0, volume_m3: 0, amount_kopecks: 0 },
      { month: '2026-03', cargo_count: 38, weight_kg: 1050, volume_m3: 10.25, amount_kopecks: 100_000_000 },
    ],
  },
  averages: {
    period: PERIOD,
    previous_period: PREVIOUS,
    current: { weight_kg: 26.2, volume_m3: 0.27, price_kopecks: 2_604_167, transit_days: 3.5 },
    previous: { weight_kg: 31.3, volume_m3: 0.38, price_kopecks: 2_500_000, transit_days: 4 },
  },
  breakdowns: countBreakdowns,
};

/** Testing Library's text queries see U+00A0 as a plain space; cell texts (rowsOf) keep it. */
/** The rows of a table as arrays of cell texts (header cells included). */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

/** Presses the «Таблица» toggle of a card and returns its table. */
function openTable(cardId: string): HTMLElement {
  const card = screen.getByTestId(cardId);
  const toggle = within(card).getByRole('button', { name: S.tableToggle });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  return within(card).getByRole('table');
}

describe('AnalyticsContent', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    window.history.replaceState(null, '', '/personal-account/analytics?period=quarter');
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderContent = () =>
    render(<AnalyticsContent data={data} accounts={ACCOUNTS} period={PERIOD} dataType="count" />);

  it('shows the KPI cards with the change against the previous period, in arrows and in words', () => {
    renderContent();
    const kpi = (key: string) => screen.getByTestId(`kpi-${key}`);
    expect(within(kpi('cargos')).getByText('48 грузов')).toBeInTheDocument();
    expect(within(kpi('cargos')).getByText(`Рост на 20 % к прошлому периоду`)).toHaveClass('visually-hidden');
    expect(within(kpi('cargos')).getByText(`Рост на 20 % к прошлому периоду`).nextSibling).toHaveTextContent(
      `▲ 20 % к прошлому периоду`,
    );
    expect(within(kpi('cargos')).getByText('Было: 40 грузов')).toBeInTheDocument();

    expect(within(kpi('weight')).getByText(`1 250,5 кг`)).toBeInTheDocument();
    expect(within(kpi('weight')).getByText('Без изменений к прошлому периоду')).toBeInTheDocument();

    expect(within(kpi('volume')).getByText(`12,75 м³`)).toBeInTheDocument();
    expect(within(kpi('volume')).getByText(`Снижение на 15 % к прошлому периоду`).nextSibling).toHaveTextContent(
      `▼ 15 % к прошлому периоду`,
    );

    expect(within(kpi('spend')).getByText(`1 250 000 ₽`)).toBeInTheDocument();
    expect(within(kpi('spend')).getAllByText(S.changeNoBase)).toHaveLength(2);

    expect(within(kpi('delivered')).getByText('30 грузов')).toBeInTheDocument();
    expect(within(kpi('delivered')).getByText('Ещё в работе: 16 грузов')).toBeInTheDocument();
    expect(within(kpi('delivered')).getByText(`Рост на 25 % к прошлому периоду`)).toBeInTheDocument();

    expect(within(kpi('onTime')).getByText(`90 %`)).toBeInTheDocument();
    const onTime = within(kpi('onTime')).getByText(`Рост на 5 п. п. к прошлому периоду`).parentElement!;
    // The share going up is good news: coloured, but the arrow and the words say it too.
    expect(onTime).toHaveAttribute('data-tone', 'good');
    expect(onTime).toHaveAttribute('data-direction', 'up');
  });

  it('names the period and the one it is compared with', () => {
    renderContent();
    expect(screen.getByTestId('analytics-period')).toHaveTextContent(
      'Период: 1 января 2026 г. — 31 марта 2026 г. · Сравнение с периодом 3 октября 2025 г. — 31 декабря 2025 г.',
    );
  });

  it('gives every chart a summary as its accessible name', () => {
    renderContent();
    expect(
      screen.getByRole('img', { name: /^Столбчатая диаграмма грузов и линия расходов по месяцам/ }),
    ).toHaveAccessibleName(
      `Столбчатая диаграмма грузов и линия расходов по месяцам, январь 2026 — март 2026: всего 48 грузов на 1${NB}250${NB}000${NB}₽. Больше всего грузов — март 2026 (38 грузов).`,
    );
    expect(screen.getByRole('img', { name: /^Диаграмма «Направления»/ })).toHaveAccessibleName(
      `Диаграмма «Направления», количество: Москва → Казань — 20 грузов (41,7${NB}%); Москва → Новосибирск — 16 грузов (33,3${NB}%); Другие направления — 12 грузов (25${NB}%).`,
    );
    // Three averages, the monthly chart and four breakdowns.
    expect(screen.getAllByRole('img')).toHaveLength(8);
  });

  it('shows the monthly numbers as a table with a caption and totals', () => {
    renderContent();
    const table = openTable('analytics-dynamics');
    expect(within(table).getByText(`${S.dynamicsTitle}, 1 января 2026 г. — 31 марта 2026 г.`).tagName).toBe('CAPTION');
    expect(rowsOf(table)).toEqual([
      ['Месяц', 'Грузы, шт.', 'Вес, кг', 'Объём, м³', 'Расходы'],
      ['Январь 2026', '10', '200,5', '2,5', `250${NB}000${NB}₽`],
      ['Февраль 2026', '0', '0', '0', `0${NB}₽`],
      ['Март 2026', '38', `1${NB}050`, '10,25', `1${NB}000${NB}000${NB}₽`],
      ['Всего', '48', `1${NB}250,5`, '12,75', `1${NB}250${NB}000${NB}₽`],
    ]);
    // Pressed again, the chart is back.
    fireEvent.click(within(screen.getByTestId('analytics-dynamics')).getByRole('button', { name: S.tableToggle }));
    expect(within(screen.getByTestId('analytics-dynamics')).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the averages as a table: this period, the previous one and the change', () => {
    renderContent();
    expect(rowsOf(openTable('analytics-averages'))).toEqual([
      ['Показатель', 'Этот период', 'Прошлый период', 'Изменение'],
      [
        'Вес груза',
        `26,2${NB}кг`,
        `31,3${NB}кг`,
        `Снижение на 16,3${NB}% к прошлому периоду▼ 16,3${NB}% к прошлому периоду`,
      ],
      [
        'Стоимость перевозки',
        `26${NB}041,67${NB}₽`,
        `25${NB}000${NB}₽`,
        `Рост на 4,2${NB}% к прошлому периоду▲ 4,2${NB}% к прошлому периоду`,
      ],
      ['Время в пути', '3,5 дня', '4 дня', `Снижение на 12,5${NB}% к прошлому периоду▼ 12,5${NB}% к прошлому периоду`],
    ]);
  });

  it.each([
    [
      'analytics-directions',
      [
        ['Направление', 'Значение', 'Доля'],
        ['Москва → Казань', '20 грузов', `41,7${NB}%`],
        ['Москва → Новосибирск', '16 грузов', `33,3${NB}%`],
        ['Другие направления', '12 грузов', `25${NB}%`],
        ['Всего', '48 грузов', `100${NB}%`],
      ],
    ],
    [
      'analytics-delivery-type',
      [
        ['Откуда и куда', 'Значение', 'Доля'],
        ['Терминал — терминал', '24 груза', `50${NB}%`],
        ['Терминал — адрес', '12 грузов', `25${NB}%`],
        ['Адрес — терминал', '0 грузов', `0${NB}%`],
        ['Адрес — адрес', '12 грузов', `25${NB}%`],
        ['Всего', '48 грузов', `100${NB}%`],
      ],
    ],
    [
      'analytics-cargo',
      [
        ['Статус', 'Значение', 'Доля'],
        ['В работе', '16 грузов', `33,3${NB}%`],
        ['Доставлены', '30 грузов', `62,5${NB}%`],
        ['Возвращены', '0 грузов', `0${NB}%`],
        ['Требуют внимания', '2 груза', `4,2${NB}%`],
        ['Отменены', '0 грузов', `0${NB}%`],
        ['Всего', '48 грузов', `100${NB}%`],
      ],
    ],
    [
      'analytics-participation',
      [
        ['Роль', 'Значение', 'Доля'],
        ['Отправитель', '36 грузов', `75${NB}%`],
        ['Получатель', '12 грузов', `25${NB}%`],
        ['Третье лицо (плательщик)', '0 грузов', `0${NB}%`],
        ['Всего', '48 грузов', `100${NB}%`],
      ],
    ],
  ])('shows the breakdown %s as a table', (cardId, rows) => {
    renderContent();
    const table = openTable(cardId);
    expect(table.querySelector('caption')).toHaveTextContent(/\(количество\), 1 января 2026 г\. — 31 марта 2026 г\.$/);
    expect(rowsOf(table)).toEqual(rows);
  });

  it('the data_type switch asks the four breakdown calls again and keeps the choice in the address', async () => {
    const weight = {
      cargo: breakdown('weight', [
        ['in_progress', 'В работе', 300],
        ['delivered', 'Доставлены', 950.5],
      ]),
      participation: breakdown('weight', [['sender', 'Отправитель', 1250.5]]),
      deliveryType: breakdown('weight', [['terminal_terminal', 'Терминал — терминал', 1250.5]]),
      directions: breakdown('weight', [
        ['Москва → Казань', 'Москва → Казань', 812.5],
        ['other', 'Другие направления', 438],
      ]),
    };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/analytics/cargo?')) return answer(200, weight.cargo);
      if (url.includes('/analytics/transfer_participation?')) return answer(200, weight.participation);
      if (url.includes('/analytics/delivery_type?')) return answer(200, weight.deliveryType);
      if (url.includes('/analytics/directions?')) return answer(200, weight.directions);
      return answer(404, { error: { code: 'NOT_FOUND', message: 'нет' } });
    });
    renderContent();
    const table = openTable('analytics-directions');
    expect(within(table).getByText('20 грузов')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Вес' }));
    expect(screen.getByRole('tab', { name: 'Вес' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(screen.getByTestId('analytics-directions')).findByText('812,5 кг')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual(
      ['cargo', 'delivery_type', 'directions', 'transfer_participation'].map(
        (call) =>
          `/api/v1/user/analytics/${call}?account_uuid=u-own%2Cu-company&date_from=2026-01-01&date_to=2026-03-31&data_type=weight`,
      ),
    );
    expect(rowsOf(within(screen.getByTestId('analytics-directions')).getByRole('table'))).toEqual([
      ['Направление', 'Значение', 'Доля'],
      ['Москва → Казань', `812,5${NB}кг`, `65${NB}%`],
      ['Другие направления', `438${NB}кг`, `35${NB}%`],
      ['Всего', `1${NB}250,5${NB}кг`, `100${NB}%`],
    ]);
    expect(window.location.search).toBe('?period=quarter&data_type=weight');
    // The totals, months and averages do not depend on the measure: not asked again.
    expect(screen.getByTestId('kpi-cargos')).toHaveTextContent('48 грузов');

    fireEvent.click(screen.getByRole('tab', { name: 'Количество' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(8));
    expect(window.location.search).toBe('?period=quarter');
  });

  it('a failed switch says so beside the charts and retries on request', async () => {
    fetchMock.mockResolvedValue(answer(400, { error: { code: 'VALIDATION', message: ANALYTICS_TEXTS.periodTooLong } }));
    renderContent();
    fireEvent.click(screen.getByRole('tab', { name: 'Сумма' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${S.breakdownError} ${ANALYTICS_TEXTS.periodTooLong}`);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) =>
      answer(
        200,
        breakdown('amount', [[String(input).includes('directions') ? 'x' : 'y', 'Москва → Казань', 125_000_000]]),
      ),
    );
    fireEvent.click(within(alert).getByRole('button', { name: S.retry }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('data_type=amount');
  });

  it('a breakdown with nothing in it says so instead of drawing empty axes', () => {
    const empty = { ...countBreakdowns, participation: breakdown('count', [['sender', 'Отправитель', 0]]) };
    render(
      <AnalyticsContent data={{ ...data, breakdowns: empty }} accounts={ACCOUNTS} period={PERIOD} dataType="count" />,
    );
    const card = screen.getByTestId('analytics-participation');
    expect(within(card).getByText(S.chartEmpty)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: S.tableToggle })).not.toBeInTheDocument();
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
  });

  it('with no cargo in the period explains it and links to the calculator and the order form', () => {
    const none = {
      ...data,
      numbers: {
        ...data.numbers,
        current: {
          ...data.numbers.current,
          cargo_count: 0,
          delivered_count: 0,
          in_progress_count: 0,
          on_time_share: null,
        },
      },
    };
    render(<AnalyticsContent data={none} accounts={ACCOUNTS} period={PERIOD} dataType="count" />);
    const empty = screen.getByTestId('analytics-empty');
    expect(within(empty).getByRole('heading', { name: S.emptyTitle })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: S.toCalculator })).toHaveAttribute('href', '/calculator');
    expect(within(empty).getByRole('link', { name: S.toOrder })).toHaveAttribute('href', '/order');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('loads the charts lazily into frames of a fixed height', async () => {
    renderContent();
    const frame = screen.getByRole('img', { name: /^Столбчатая диаграмма/ });
    expect(frame).toHaveStyle({ height: '320px' });
    expect(await within(frame).findByTestId('chart-svg')).toBeInTheDocument();
  });
});

describe('AnalyticsScreen', () => {
  const profiles = [
    { account_uuid: 'u-own', name: 'Иван Петров' },
    { account_uuid: 'u-company', name: 'ООО «Демо Логистик»' },
  ];
  beforeEach(() => {
    router.push.mockReset();
    window.history.replaceState(null, '', '/personal-account/analytics');
  });

  const renderScreen = (overrides: Partial<Parameters<typeof AnalyticsScreen>[0]> = {}) =>
    render(
      <AnalyticsScreen
        profiles={profiles}
        state={{ accounts: null, preset: '12m', from: '', to: '', dataType: 'count' }}
        errors={{}}
        accounts={ACCOUNTS}
        period={PERIOD}
        data={data}
        {...overrides}
      />,
    );

  it('a preset or a profile goes into the address at once', () => {
    renderScreen();
    fireEvent.change(screen.getByLabelText(S.periodLabel), { target: { value: 'last_year' } });
    expect(router.push).toHaveBeenLastCalledWith('/personal-account/analytics?period=last_year', { scroll: false });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Иван Петров' }));
    expect(router.push).toHaveBeenLastCalledWith(
      '/personal-account/analytics?account_uuid=u-company&period=last_year',
      { scroll: false },
    );
  });

  it('keeps the measure chosen on the page when the period changes', () => {
    window.history.replaceState(null, '', '/personal-account/analytics?data_type=volume');
    renderScreen();
    fireEvent.change(screen.getByLabelText(S.periodLabel), { target: { value: 'year' } });
    expect(router.push).toHaveBeenLastCalledWith('/personal-account/analytics?period=year&data_type=volume', {
      scroll: false,
    });
  });

  it('two dates apply with «Показать»; no profile at all is refused', () => {
    renderScreen();
    fireEvent.change(screen.getByLabelText(S.periodLabel), { target: { value: 'custom' } });
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByLabelText(S.dateFrom)).toHaveValue('2026-01-01');
    fireEvent.change(screen.getByLabelText(S.dateFrom), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText(S.dateTo), { target: { value: '2026-02-28' } });
    fireEvent.click(screen.getByRole('button', { name: S.apply }));
    expect(router.push).toHaveBeenLastCalledWith(
      '/personal-account/analytics?period=custom&from=2026-02-01&to=2026-02-28',
      { scroll: false },
    );

    router.push.mockReset();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Иван Петров' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'ООО «Демо Логистик»' }));
    expect(screen.getByText(S.profilesRequired)).toBeInTheDocument();
    expect(router.push).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s objections to the address beside the fields', () => {
    renderScreen({
      state: { accounts: null, preset: 'custom', from: '2026-03-01', to: '2026-02-01', dataType: 'count' },
      errors: { from: ANALYTICS_TEXTS.periodReversed, profiles: S.profilesUnknown },
    });
    expect(screen.getByLabelText(S.dateFrom)).toHaveAccessibleDescription(ANALYTICS_TEXTS.periodReversed);
    expect(screen.getByText(S.profilesUnknown)).toBeInTheDocument();
  });

  it('a single profile is named, not offered as a choice; refused figures are explained', () => {
    renderScreen({ profiles: [profiles[1]!], data: null });
    expect(screen.getByText(S.profileOnly('ООО «Демо Логистик»'))).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(S.loadError);
  });
});
