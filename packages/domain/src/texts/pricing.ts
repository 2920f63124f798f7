/** Pricing engine and calculator (issue 6): line titles, explanations, errors. Part of the MESSAGES catalogue (messages.ts). */
export const PRICING_TEXTS = {
  freight: 'Перевозка',
  byVolume: '(по объёму)',
  volumeWeight: (volume: string, density: string) => `(объёмный вес: ${volume} × ${density} кг/м³)`,
  /** The charged volume: the measured one × the route's stacking coefficient, plus a crate's own volume. */
  volumeCounted: (counted: string, measured: string, coefficient: string, crate: string | null) =>
    `${counted} [${measured} × ${coefficient} — коэффициент укладки в кузове${crate ? ` + ${crate} обрешётка` : ''}]`,
  minimumApplied: (minimum: string) => `меньше минимальной стоимости, применяется минимум ${minimum}`,
  oversize: 'Надбавка за негабарит',
  fragile: 'Надбавка за хрупкий груз',
  pickup: 'Забор груза от двери',
  delivery: 'Доставка до двери',
  doorBracket: (weight: string, volume: string, price: string) => `тариф до ${weight} кг и ${volume} м³ — ${price}`,
  doorAbove: (price: string) => `тариф для крупной партии — ${price}`,
  outside: (ring: string) => `за ${ring}`,
  loading: 'Погрузка',
  unloading: 'Разгрузка',
  floorPickup: 'Спуск с этажа',
  floorDelivery: 'Подъём на этаж',
  withLift: 'на грузовом лифте',
  stairs: 'по лестнице',
  floorForms: { one: 'этаж', few: 'этажа', many: 'этажей', other: 'этажа' },
  insurance: 'Страхование груза',
  personalDiscount: 'Персональная скидка',
  promoTitle: (code: string) => `Промокод «${code}»`,
  /*
   * Why a promo code is refused: one sentence each, naming the code as typed (issue 21), shown
   * under the promo field of the calculator and the order wizard and at `fields.promocode`.
   */
  promoUnknown: (code: string) => `Промокод ${code} не найден`,
  promoDisabled: (code: string) => `Промокод ${code} больше не действует`,
  promoNotStarted: (code: string, date: string) => `Промокод ${code} начнёт действовать ${date}`,
  promoExpired: (code: string, date: string) => `Срок действия промокода ${code} закончился ${date}`,
  promoExhausted: (code: string) => `Лимит использований промокода ${code} исчерпан`,
  promoMinOrder: (code: string, minimum: string) => `Промокод ${code} действует для заказов от ${minimum}`,
  /** A promotion's promo code with its conditions: «Промокод START10: −10 % на заказ от 3 000 ₽, до 30 июня 2027 г.». */
  promoOffer: (code: string, discount: string, conditions: readonly string[]) =>
    `Промокод ${code}: −${discount} ${conditions.join(', ')}`,
  promoAnyOrder: 'на любой заказ',
  promoOrderFrom: (minimum: string) => `на заказ от ${minimum}`,
  promoValidFrom: (date: string) => `с ${date}`,
  promoValidTo: (date: string) => `до ${date}`,
  /** «для первых 1 000 заказов»: the code's usage limit, shared by every client. */
  promoUsageLimit: (count: string) => `для первых ${count}`,
  ordersGenitive: { one: 'заказа', few: 'заказов', many: 'заказов', other: 'заказа' },
  /*
   * Automatic promotions (issue 21, table promotion_rules): the discount line of a calculation and
   * the conditions on the promotion's card, both worded from the rule the pricing applies.
   */
  autoPromotionTitle: (title: string) => `Акция «${title}»`,
  /** The line's explanation: «Акция «…»: забор груза от двери бесплатно, −1 300 ₽». */
  freePickupApplied: (title: string, amount: string) => `Акция «${title}»: забор груза от двери бесплатно, −${amount}`,
  /**
   * The card: «Забор груза от двери — бесплатно для заказов от 200 кг или от 1 м³ при заборе с 1 по
   * 31 декабря 2026 г.; города отправления: Москва, Санкт-Петербург, Екатеринбург. Скидка появится
   * в расчёте отдельной строкой, промокод не нужен».
   */
  autoPromotionOffer: (effect: string, conditions: readonly string[], origins: string | null) => {
    const first = `${effect} ${conditions.join(' ')}${origins ? `; ${origins}` : ''}`;
    // A sentence ending in «г.» takes no second full stop.
    return `${first}${first.endsWith('.') ? '' : '.'} Скидка появится в расчёте отдельной строкой, промокод не нужен`;
  },
  autoPromotionEffects: { free_pickup: 'Забор груза от двери — бесплатно' },
  autoPromotionAnySize: 'для заказов любого веса',
  autoPromotionSizeFrom: (limits: readonly string[]) => `для заказов ${limits.map((l) => `от ${l}`).join(' или ')}`,
  autoPromotionPeriod: (period: string) => `при заборе ${period}`,
  autoPromotionOrigins: (names: readonly string[]) =>
    names.length === 1 ? `город отправления — ${names[0]}` : `города отправления: ${names.join(', ')}`,
  vat: 'НДС',
  cityNotFound: 'Город не найден',
  sameCity: 'Города отправления и получения совпадают',
  noRoute: 'По этому направлению мы пока не перевозим грузы',
  noTariff: 'Для этого вида перевозки по направлению нет тарифа',
  typeUnavailable: 'Этот вид перевозки недоступен по направлению',
  weightRange: 'Укажите вес от 0,01 до 20 000 кг',
  volumeRange: 'Укажите объём от 0,01 до 80 м³',
  quantityRange: 'Укажите число мест от 1 до 500',
  dimensionRange: 'Укажите размер от 1 до 1 500 см',
  placeWeightRange: 'Укажите вес места от 0,01 до 20 000 кг',
  declaredValueRange: 'Объявленная ценность — от 0 до 100 000 000 ₽',
  floorRange: 'Этаж — от 1 до 100',
  kmRange: 'Расстояние за городом — от 0 до 500 км',
  placesRequired: 'Добавьте хотя бы одно место',
  packageUnknown: 'Такой упаковки нет',
  typeUnknown: 'Такого вида перевозки нет',
  addressRequired: 'Укажите адрес',
  terminal: 'Терминал',
  door: 'Адрес',
} as const;
