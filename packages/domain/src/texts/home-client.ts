/**
 * The home texts the browser needs: the tracking and partner-widget forms, and the service price
 * units the calculator shows. Kept apart so the rest of HOME_TEXTS (home.ts, which spreads these)
 * stays on the server.
 */
export const HOME_CLIENT_TEXTS = {
  trackTitle: 'Отследить груз',
  trackLabel: 'Номер для отслеживания',
  trackPlaceholder: 'Например, MG-2611-04270',
  trackSubmit: 'Отследить',
  widgetUrl: 'Адрес сайта',
  widgetKind: 'Виджет',
  widgetCalculator: 'Калькулятор доставки',
  widgetTracking: 'Отслеживание груза',
  widgetContact: 'Контакт для связи — e-mail или телефон (необязательно)',
  /** The consent box of the widget request; needed only with a contact (its personal data). */
  widgetConsentSuffix: 'указанного контакта',
  widgetSubmit: 'Получить код',
  widgetDone: 'Готово. Вставьте этот код на страницу сайта:',
  servicePrice: {
    order: 'за заказ',
    place: 'за место',
    kg: 'за кг',
    floor: 'за этаж',
    day: 'в сутки за место',
  },
} as const;
