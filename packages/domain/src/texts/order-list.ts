/** Texts (orderList); part of the MESSAGES catalogue (messages.ts). */
export const ORDER_LIST_TEXTS = {
  sortNewestFirst: 'Сначала новые',
  sortOldestFirst: 'Сначала старые',
  dateInvalid: 'Введите дату в формате ДД.ММ.ГГГГ',
  dateRangeInvalid: 'Дата окончания не может быть раньше даты начала',
  queryInvalid: 'Недопустимое значение параметра запроса',
} as const;
