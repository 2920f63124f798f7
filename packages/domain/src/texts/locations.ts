/** Location calls: cities, subdivisions, address suggestions, transport checks. Part of the MESSAGES catalogue (messages.ts). */
export const LOCATIONS_TEXTS = {
  cityNameTooShort: 'Введите не меньше 2 букв названия города',
  queryTooShort: 'Введите не меньше 2 символов',
  queryTooLong: 'Слишком длинный запрос',
  idInvalid: 'Укажите идентификатор: число или код ФИАС',
  subdivisionParamsConflict: 'Укажите либо код подразделения, либо название, но не оба сразу',
  parametersInvalid: 'Неизвестный параметр подразделения',
  sameCity: 'Города отправления и назначения совпадают',
  bodyInvalid: 'Передайте строку для поиска адреса',
  urlInvalid: 'Укажите адрес сайта целиком, как в адресной строке браузера',
  coordinatesInvalid: 'Укажите обе координаты: широту от −90 до 90 и долготу от −180 до 180',
  kindInvalid: 'Выберите тип подразделения: терминал, офис или пункт выдачи',
  widgetInvalid: 'Выберите виджет: калькулятор или отслеживание груза',
  pagingInvalid: 'Номер страницы указан неверно: нужно целое число, на странице — от 1 до 100 пунктов',
} as const;
