/** Texts (settlements: contracts, balances, the month review, the reconciliation act; issue 16). Part of MESSAGES. */
export const SETTLEMENTS_TEXTS = {
  contractKinds: {
    prepayment: 'Предоплата',
    postpayment: 'Постоплата',
  },
  ledgerKinds: {
    charge: 'Начисление',
    payment: 'Оплата',
    credit_note: 'Корректировка',
  },
  contractNotFound: 'Договор не найден',
  accountsRequired: 'Выберите хотя бы один профиль',
  accountsTooMany: 'Можно выбрать не больше 20 профилей',
  yearInvalid: 'Укажите год от 2000 до 2100',
  monthInvalid: 'Укажите месяц от 1 до 12',
  dateInvalid: 'Укажите дату в формате ГГГГ-ММ-ДД',
  periodReversed: 'Дата начала периода позже даты окончания',
  periodTooLong: 'Период акта сверки — не больше трёх лет',
  formatInvalid: 'Формат акта: pdf или xlsx',
} as const;
