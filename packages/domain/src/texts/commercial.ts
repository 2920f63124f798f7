/** Texts (discounts, offers, the personal manager and its rating; issue 16). Part of MESSAGES. */
export const COMMERCIAL_TEXTS = {
  offerNotFound: 'Предложение не найдено',
  offerExpired: 'Срок действия предложения истёк',
  offerOnlyForCompany: 'Предложения принимает владелец или администратор профиля компании',
  managerNotFound: 'Менеджер не найден',
  ratingInvalid: 'Поставьте оценку от 1 до 5',
  ratingCommentTooLong: 'Комментарий — не длиннее 1000 символов',
  ratedThisMonth: 'Вы уже оценили менеджера в этом месяце. Следующая оценка — с 1-го числа',
  /** GET /user/take_offer from another site (or with neither Sec-Fetch-Site nor Origin). */
  takeOfferForbidden: 'Принять предложение можно только на нашем сайте',
  /** GET /user/discounts. */
  personalDiscountTitle: 'Персональная скидка',
  /** What pricing does with client_discounts: every order of the signed-in user, any profile, no end date. */
  personalDiscountConditions:
    'На все перевозки, которые вы рассчитываете и оформляете, войдя в личный кабинет, — от имени любого вашего профиля. Срок не ограничен: скидку меняет или отменяет ваш менеджер.',
  /** An offer's discount applies to the orders of the profile that took it, while the user acts for it. */
  offerDiscountConditions: (profile: string, conditions: string) =>
    `На заказы профиля ${profile}, пока в личном кабинете выбран этот профиль. ${conditions}`,
  personalProfileOfferConditions: (conditions: string) =>
    `На ваши заказы как частного лица, пока в личном кабинете выбран этот профиль. ${conditions}`,
  discountRule:
    'Скидки не суммируются: к заказу применяется наибольшая из действующих. Скидка по предложению действует только для профиля, который его принял, пока вы работаете от его имени.',
  /** The manager's photo uploaded in the back-office (staff_users.photo_key). */
  photoType: 'Фото должно быть изображением JPEG или PNG',
  photoTooLarge: 'Размер фото не должен превышать 10 МБ',
  photoRequired: 'Прикрепите фото',
  photoTooMany: 'Прикрепите одно фото',
  noPhoto: 'У сотрудника нет фото',
  /** The screen /personal-account/manager (web). */
  managerScreen: {
    metaTitle: 'Мой менеджер',
    title: 'Мой менеджер',
    intro:
      'Персональный менеджер ведёт договор вашей компании: подскажет тарифы и сроки, поможет с документами и нестандартными перевозками.',
    forProfile: (profile: string) => `Профиль: ${profile}`,
    photoAlt: (name: string) => `Фото: ${name}`,
    phone: 'Телефон',
    email: 'Эл. почта',
    workHours: 'Часы работы',
    messenger: 'Мессенджер',
    noneTitle: 'Персональный менеджер пока не назначен',
    noneText:
      'Персонального менеджера закрепляют за компанией, которая работает с нами по договору. Пока его нет, на любые вопросы ответит контакт-центр:',
    noneAccessHint:
      'Чтобы заключить договор от имени компании, отправьте заявку на полный доступ: после проверки документов за компанией закрепят менеджера.',
    accessLink: 'Получить полный доступ',
    loadError: 'Не удалось загрузить данные менеджера. Обновите страницу.',
    rateTitle: 'Оценить работу менеджера',
    rateHint: 'Оценка помогает нам следить за качеством работы. Оценить менеджера можно раз в месяц.',
    ratingLabel: 'Оценка',
    ratingStar: (n: number) => `${n} из 5`,
    ratingYours: (n: number) => `Ваша оценка: ${n} из 5`,
    commentLabel: 'Комментарий (необязательно)',
    submit: 'Отправить оценку',
    thanks: 'Спасибо! Оценка учтена',
    ratedAlready: 'В этом месяце вы уже оценили работу менеджера.',
    nextRating: (date: string) => `Следующая оценка — с ${date}`,
  },
  /** The screen /personal-account/offers (web). */
  offersScreen: {
    metaTitle: 'Скидки и предложения',
    title: 'Скидки и предложения',
    lead: 'Персональные скидки применяются к расчёту стоимости сами. Предложения для компаний начинают действовать, когда их примут.',
    loadError: 'Не удалось загрузить скидки и предложения. Обновите страницу или попробуйте позже.',
    discountsTitle: 'Ваши скидки',
    discountsEmptyTitle: 'Персональных скидок пока нет',
    discountsEmptyText:
      'Персональную скидку назначает ваш менеджер — например, при регулярных отправках или большом объёме. Расскажите ему о своих перевозках.',
    toManager: 'Связаться с менеджером',
    percentOff: (percent: string) => `−${percent}\u00A0%`,
    percentLabel: (percent: string) => `Скидка ${percent}\u00A0%`,
    conditions: 'Условия',
    validity: 'Срок действия',
    validFromTo: (from: string, to: string) => `с ${from} по ${to}`,
    validFrom: (from: string) => `с ${from}, бессрочно`,
    validTo: (to: string) => `по ${to}`,
    validForever: 'бессрочно',
    forProfile: (name: string) => `Для профиля ${name}`,
    forEveryOrder: 'Для всех ваших заказов',
    fromOffer: 'По принятому предложению',
    discountStates: {
      active: 'действует сейчас',
      upcoming: 'ещё не началась',
      expired: 'истекла',
    },
    offersTitle: 'Предложения',
    offersEmptyTitle: 'Открытых предложений нет',
    offersEmptyText:
      'Здесь появляются предложения для компаний: сезонные скидки, новые направления, особые условия. Хотите условия под свои перевозки — обсудите их с менеджером.',
    offerFor: (name: string) => `Для профиля ${name}`,
    offerForEveryCompany: 'Для всех компаний',
    offerValidity: (from: string, to: string) => `с ${from} по ${to}`,
    accept: 'Принять предложение',
    acceptedOn: (date: string) => `Предложение принято ${date}`,
    cannotAccept: 'Принять предложение может владелец или администратор компании',
    notStartedYet: (date: string) => `Принять предложение можно с ${date}`,
    offersOfProfile: (name: string) =>
      `Предложения для профиля ${name}. Предложения другой компании — после переключения профиля вверху страницы.`,
  },
} as const;
