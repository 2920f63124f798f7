/** Texts (analytics of a client's shipments; issue 16). Part of MESSAGES. */
export const ANALYTICS_TEXTS = {
  dataTypes: {
    count: 'Количество',
    weight: 'Вес',
    volume: 'Объём',
    amount: 'Сумма',
  },
  statusGroups: {
    in_progress: 'В работе',
    delivered: 'Доставлены',
    returned: 'Возвращены',
    problem: 'Требуют внимания',
    cancelled: 'Отменены',
  },
  deliveryTypes: {
    terminal_terminal: 'Терминал — терминал',
    terminal_door: 'Терминал — адрес',
    door_terminal: 'Адрес — терминал',
    door_door: 'Адрес — адрес',
  },
  participation: {
    sender: 'Отправитель',
    recipient: 'Получатель',
    third_party: 'Третье лицо (плательщик)',
  },
  otherDirections: 'Другие направления',
  dataTypeInvalid: 'Показатель: count, weight, volume или amount',
  dateInvalid: 'Укажите дату в формате ГГГГ-ММ-ДД',
  periodReversed: 'Дата начала периода позже даты окончания',
  periodTooLong: 'Период — не больше двух лет',
} as const;
