/**
 * Brand data of the demo carrier in one module: site name, phones, e-mails, messengers,
 * social links and the directory rating. Change the brand here and everywhere follows.
 */
export const BRAND = {
  siteName: 'Магистраль',
  fullName: 'Транспортная компания «Магистраль»',
  legalName: 'ООО «Магистраль»',
  tagline: 'Перевозка сборных грузов по России',
  phone: { display: '+7 (800) 350-12-12', tel: '+78003501212', note: 'Бесплатно по России, круглосуточно' },
  orderEmail: 'zakaz@magistral-cargo.ru',
  supportEmail: 'support@magistral-cargo.ru',
  messengers: [
    { id: 'telegram', name: 'Telegram', url: 'https://t.me/magistral_cargo_bot' },
    { id: 'max', name: 'MAX', url: 'https://max.ru/magistral_cargo' },
  ],
  social: [{ id: 'vk', name: 'ВКонтакте', url: 'https://vk.com/magistral_cargo' }],
  directoryRating: {
    directory: 'Яндекс Карты',
    rating: '4,8',
    reviews: 'более 1 200 отзывов',
    url: 'https://yandex.ru/maps/org/magistral/',
  },
} as const;
