import { HOME_CLIENT_TEXTS } from './home-client';

/** Web texts (home); part of the MESSAGES catalogue (messages.ts). */
/** Texts of the home page (those its client components ship to the browser are in home-client.ts). */
export const HOME_TEXTS = {
  ...HOME_CLIENT_TEXTS,
  heroLead:
    '«Магистраль» с 2012 года перевозит сборные грузы для бизнеса и частных клиентов: от документов до нескольких тонн, от терминала или от двери.',
  calculatorTitle: 'Расчёт стоимости и сроков',
  /** The hero's facts beside the calculator (issue 21, item 9). */
  factsLabel: 'Коротко о перевозке',
  factSameDay: (hour: number) => `Заявка до ${hour}:00 — заберём груз в тот же рабочий день`,
  factNetwork: (cities: string, points: string) => `${cities} и ${points} приёма и выдачи грузов`,
  factTracking: 'Каждый шаг груза — на сайте и в уведомлениях по SMS и почте',
  priceTitle: 'Из чего складывается цена',
  priceLead: 'Каждая строка расчёта — отдельно, без скрытых доплат:',
  priceFreight: 'Перевозка',
  priceFreightNote: 'по тарифу направления: по весу или по объёму — что дороже',
  priceDoor: 'Забор и доставка до двери',
  priceDoorNote: 'только если выбраны, по тарифу города',
  priceExtras: 'Страхование и упаковка',
  priceExtrasNote: 'по выбору',
  calculatorText:
    'Стоимость зависит от направления, веса, объёма и услуг. Назовите менеджеру города отправления и назначения и параметры груза — рассчитаем за пару минут.',
  calculatorCall: 'Рассчитать по телефону',
  directionsTitle: 'Популярные направления',
  promotionsTitle: 'Акции',
  promoCode: 'Промокод',
  until: (date: string) => `Действует до ${date}`,
  newsTitle: 'Новости и события',
  allNews: 'Все новости',
  servicesTitle: 'Услуги',
  transportTitle: 'Виды перевозки',
  integrationTitle: 'Интеграция с вашими системами',
  networkTitle: 'Наша сеть',
  networkMapLabel: 'Карта городов сети «Магистрали»',
  allOffices: 'Все адреса и контакты',
  citiesIn: (district: string) => `${district} федеральный округ`,
  widgetTitle: 'Калькулятор «Магистрали» на вашем сайте',
  widgetText: 'Укажите адрес сайта — пришлём код для вставки. Домен будет добавлен в список разрешённых.',
  free: 'бесплатно',
  percentOfValue: (percent: string) => `${percent} % от объявленной стоимости`,
} as const;
