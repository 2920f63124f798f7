/**
 * The home hero's facts beside the calculator (issue 21, item 9). Server-rendered only: kept out of
 * HOME_TEXTS, which the home page's client components (track form, widget form) ship to the browser.
 */
export const HOME_FACTS_TEXTS = {
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
} as const;
