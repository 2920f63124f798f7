/**
 * Texts (documents): the shipping and financial documents of a cargo (issue 15) — the PDF
 * contents, their file names, the API's refusals and the cargo card's «Документы» block; part of
 * the MESSAGES catalogue.
 */
export const DOCUMENTS_TEXTS = {
  // ---- refusals of the API --------------------------------------------------------------------------------
  financeNotLegal:
    'Счёт и акт выставляются организации или индивидуальному предпринимателю: у плательщика этого заказа не указан ИНН',
  actNotReleased: 'Акт оказанных услуг будет доступен после выдачи груза',
  cancelled: 'Заявка отменена: документов по ней нет',

  // ---- file names (without the extension) -----------------------------------------------------------------------
  fileNames: {
    receipt: (track: string) => `Экспедиторская расписка ${track}`,
    invoice: (track: string) => `Счёт ${track}`,
    act: (track: string) => `Акт ${track}`,
    labels: (track: string) => `Маркировка ${track}`,
  },

  // ---- common parts of the PDFs --------------------------------------------------------------------------------
  inn: 'ИНН',
  kpp: 'КПП',
  ogrn: 'ОГРН',
  address: 'Адрес',
  phone: 'Телефон',
  email: 'E-mail',
  bank: 'Банк',
  bik: 'БИК',
  account: 'Р/с',
  corrAccount: 'К/с',
  innKpp: (inn: string, kpp: string | null) => (kpp ? `ИНН ${inn}, КПП ${kpp}` : `ИНН ${inn}`),
  trackNumber: 'Трек-номер',
  trackingLink: (url: string) => `Отслеживание груза: ${url}`,
  kg: (value: string) => `${value}\u00A0кг`,
  m3: (value: string) => `${value}\u00A0м³`,
  cm: (value: string) => `${value}\u00A0см`,
  phoneShort: (phone: string) => `тел. ${phone}`,
  demoNotice: 'ОБРАЗЕЦ: реквизиты исполнителя демонстрационные, для оплаты и отчётности документ не годится',
  signature: 'подпись',
  signatureName: 'расшифровка подписи',
  stamp: 'М. П.',
  dash: '—',

  // ---- экспедиторская расписка -------------------------------------------------------------------------------
  receipt: {
    title: 'Экспедиторская расписка',
    heading: (track: string, date: string) => `Экспедиторская расписка №\u00A0${track} от ${date}`,
    basis: 'к договору транспортной экспедиции (публичной оферте экспедитора)',
    forwarder: 'Экспедитор',
    sender: 'Отправитель',
    recipient: 'Получатель',
    payer: 'Плательщик',
    route: 'Маршрут',
    from: 'Откуда',
    to: 'Куда',
    cargo: 'Груз',
    places: 'Количество мест',
    weight: 'Вес',
    volume: 'Объём',
    dimensions: 'Габариты места (Д × Ш × В)',
    cargoType: 'Характер груза',
    declaredValue: 'Объявленная ценность',
    notDeclared: 'не объявлена',
    transport: 'Вид перевозки',
    plannedDispatch: 'Плановая дата отправки',
    plannedArrival: 'Плановая дата доставки',
    services: 'Услуги и стоимость',
    total: 'Итого',
    payment: 'Способ оплаты',
    paymentState: 'Статус оплаты',
    paid: 'оплачено',
    notPaid: 'не оплачено',
    note:
      'Экспедитор принимает груз для перевозки на условиях договора транспортной экспедиции. Количество мест, ' +
      'вес и объём указаны по данным заявки и уточняются при приёмке груза на терминале.',
    handedOver: 'Груз сдал (отправитель)',
    accepted: 'Груз принял (экспедитор)',
  },

  // ---- счёт и акт --------------------------------------------------------------------------------------------------
  invoice: {
    title: 'Счёт на оплату',
    heading: (track: string, date: string) => `Счёт на оплату №\u00A0${track} от ${date}`,
    recipientBank: 'Банк получателя',
    recipient: 'Получатель',
    accountNo: 'Сч. №',
    supplier: 'Поставщик (исполнитель)',
    buyer: 'Покупатель (заказчик)',
    basis: 'Основание',
    basisText: (track: string, date: string) => `Заявка на перевозку груза №\u00A0${track} от ${date}`,
    paymentPurpose: (track: string) => `В назначении платежа укажите: «Оплата по счёту №\u00A0${track}».`,
    validity: 'Счёт действителен в течение 5 банковских дней.',
    head: 'Руководитель',
    accountant: 'Бухгалтер',
  },
  act: {
    title: 'Акт оказанных услуг',
    heading: (track: string, date: string) => `Акт оказанных услуг №\u00A0${track} от ${date}`,
    contractor: 'Исполнитель',
    customer: 'Заказчик',
    summary: (count: number, amount: string) => `Всего оказано услуг ${count}, на сумму ${amount}`,
    statement:
      'Вышеперечисленные услуги оказаны полностью и в срок. Заказчик претензий по объёму, качеству и срокам ' +
      'оказания услуг не имеет.',
  },
  /** The price table of the счёт and the акт. */
  table: {
    number: '№',
    name: 'Наименование работ, услуг',
    quantity: 'Кол-во',
    unit: 'Ед.',
    unitService: 'усл.',
    price: 'Цена, ₽',
    amount: 'Сумма, ₽',
    total: 'Итого:',
    totalWithoutVat: 'Итого без НДС:',
    vatAdded: (rate: string) => `НДС ${rate}:`,
    vatAddedNoRate: 'НДС:',
    vatIncluded: (rate: string) => `В том числе НДС ${rate}:`,
    vatIncludedNoRate: 'В том числе НДС:',
    noVat: 'Без НДС',
    due: 'Всего к оплате:',
    dueAct: 'Всего:',
    summary: (count: number, amount: string) => `Всего наименований ${count}, на сумму ${amount}`,
  },

  // ---- этикетки (маркировка мест) ---------------------------------------------------------------------------------
  labels: {
    title: 'Маркировка мест',
    place: (n: number, of: number) => `Место ${n} из ${of}`,
    from: 'Откуда',
    to: 'Куда',
    toTerminal: 'до терминала',
    toDoor: 'до адреса',
    shipmentWeight: (value: string) => `Вес отправки: ${value}`,
    scan: 'Отсканируйте, чтобы отследить груз',
  },

  // ---- the cargo card's block (web) --------------------------------------------------------------------------------
  card: {
    financeNotForRole: 'Счета и акты по заказам компании видят бухгалтер, администратор и владелец',
    title: 'Документы',
    intro: 'PDF-файлы по этому заказу',
    receipt: 'Экспедиторская расписка',
    labels: 'Маркировка мест',
    labelsHint: 'Этикетка со штрихкодом на каждое место',
    invoice: 'Счёт на оплату',
    act: 'Акт оказанных услуг',
    actLater: 'Акт оказанных услуг появится после выдачи груза.',
    financeLegalOnly: 'Счёт и акт выставляются организациям и ИП — плательщику с ИНН.',
    cancelled: 'Заявка отменена: документов по ней нет.',
    download: (name: string) => `Скачать: ${name} (PDF)`,
  },
} as const;
