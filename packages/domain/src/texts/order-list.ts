/** Texts (orderList); part of the MESSAGES catalogue (messages.ts). */
export const ORDER_LIST_TEXTS = {
  sortNewestFirst: 'Сначала новые',
  sortOldestFirst: 'Сначала старые',
  sortPriceDesc: 'Сначала дорогие',
  sortPriceAsc: 'Сначала дешёвые',
  sortStatusDate: 'По дате статуса',
  dateInvalid: 'Введите дату в формате ДД.ММ.ГГГГ',
  dateRangeInvalid: 'Дата окончания не может быть раньше даты начала',
  queryInvalid: 'Недопустимое значение параметра запроса',
  statusUnknown: (codes: string) => `Неизвестный статус: ${codes}. Выберите статусы из списка`,
  sortUnknown: 'Такой сортировки нет, показаны сначала новые',
} as const;
