/** Offices and terminals: opening state, schedules (packages/domain/src/working-hours.ts, /offices). Part of the MESSAGES catalogue (messages.ts). */
export const OFFICES_TEXTS = {
  openUntil: 'Открыто до',
  openRoundTheClock: 'Открыто круглосуточно',
  breakUntil: 'Перерыв до',
  closedOpensAt: 'Закрыто, откроется в',
  closedOpensTomorrowAt: 'Закрыто, откроется завтра в',
  closedOpens: 'Закрыто, откроется',
  closedLong: 'Временно закрыто',
  dayOff: 'выходной',
  roundTheClock: 'круглосуточно',
  lunchBreak: 'перерыв',
  notFound: 'Офис или терминал не найден',
  cityNotFound: 'Город не найден',
  kinds: { terminal: 'Терминал', office: 'Офис', pickup_point: 'Пункт выдачи' },
  operations: {
    acceptance: 'Приём груза',
    release: 'Выдача груза',
    pickup: 'Забор от двери',
    delivery: 'Доставка до двери',
  },
  payments: { cash: 'Наличные', card: 'Банковская карта', sbp: 'СБП', non_cash: 'Безналичный расчёт' },
  transport: { auto: 'Авто', express: 'Экспресс', rail: 'Ж/д', avia: 'Авиа' },
} as const;
