/** Texts (settlements: contracts, balances, the month review, the reconciliation act; issue 16). Part of MESSAGES. */
export const SETTLEMENTS_TEXTS = {
  contractKinds: {
    prepayment: 'Предоплата',
    postpayment: 'Постоплата',
  },
  ledgerKinds: {
    charge: 'Начисление',
    payment: 'Оплата',
    credit_note: 'Корректировка',
  },
  contractNotFound: 'Договор не найден',
  accountsRequired: 'Выберите хотя бы один профиль',
  accountsTooMany: 'Можно выбрать не больше 20 профилей',
  yearInvalid: 'Укажите год от 2000 до 2100',
  monthInvalid: 'Укажите месяц от 1 до 12',
  dateInvalid: 'Укажите дату в формате ГГГГ-ММ-ДД',
  periodReversed: 'Дата начала периода позже даты окончания',
  periodTooLong: 'Период акта сверки — не больше трёх лет',
  formatInvalid: 'Выберите формат акта сверки: документ или таблица',

  // ---- ledger entries as the carrier writes them (packages/db finance.ts) ----------------------------------------
  /** The universal transfer document (УПД) a cargo's charges go under. */
  chargeDocument: (track: string) => `УПД № ${track}`,
  /** The correction document of a cancelled cargo's charges. */
  creditNoteDocument: (track: string) => `КУПД № ${track}`,
  chargeDescription: (service: string, track: string) => `${service}, груз ${track}`,
  creditNoteDescription: (track: string) => `Отмена перевозки, груз ${track}`,
  /** A document with its date, as the review and the act show it: «УПД № MG-… от 05.07.2026». */
  documentWithDate: (document: string, date: string) => `${document} от ${date}`,

  // ---- акт сверки взаимных расчётов ------------------------------------------------------------------------------
  reconciliation: {
    title: 'Акт сверки взаимных расчётов',
    /** The file name without the extension; `/` and the like in a contract number become «-». */
    fileName: (contract: string, from: string, to: string) => `Акт сверки ${contract} ${from}–${to}`,
    heading: (from: string, to: string) => `Акт сверки взаимных расчётов за период с ${from} по ${to}`,
    parties: (carrier: string, client: string, contract: string, signedOn: string) =>
      `между ${carrier} и ${client} по договору №\u00A0${contract} от ${signedOn}`,
    intro: (carrier: string, client: string) =>
      `Мы, нижеподписавшиеся, ${carrier}, с одной стороны, и ${client}, с другой стороны, составили настоящий ` +
      'акт сверки в том, что состояние взаимных расчётов по данным учёта следующее:',
    byData: (party: string) => `По данным ${party}`,
    currency: 'руб.',
    date: 'Дата',
    document: 'Документ',
    debit: 'Дебет',
    credit: 'Кредит',
    openingBalance: 'Сальдо начальное',
    turnover: 'Обороты за период',
    closingBalance: 'Сальдо конечное',
    /** What a document row is, as 1C words it: «Оказание услуг (УПД № … от …)». */
    operations: {
      charge: 'Оказание услуг',
      payment: 'Оплата',
      credit_note: 'Корректировка',
    },
    operation: (operation: string, document: string) => `${operation} (${document})`,
    debt: (carrier: string, date: string, creditor: string, amount: string, words: string) =>
      `По данным ${carrier} на ${date} задолженность в пользу ${creditor} составляет ${amount} (${words}).`,
    noDebt: (carrier: string, date: string) => `По данным ${carrier} на ${date} задолженность отсутствует.`,
    fromSide: (party: string) => `От ${party}`,
    sheet: 'Акт сверки',
  },

  // ---- the screen /personal-account/finance (web) -------------------------------------------------------------
  screen: {
    metaTitle: 'Взаиморасчёты',
    title: 'Взаиморасчёты',
    intro:
      'Баланс по договорам, начисления за перевозки и ваши оплаты по месяцам. Здесь же — акт сверки за любой период.',
    aboutTitle: 'Что такое взаиморасчёты',
    aboutText:
      'Взаиморасчёты — это учёт денег по договору с транспортной компанией: сколько начислено за перевозки и услуги, сколько вы оплатили и какой остался долг или аванс. Они ведутся для профиля компании, с которой заключён договор.',
    personalText:
      'Сейчас вы работаете как частное лицо: заказы оплачиваются сразу при оформлении или получении, поэтому договора и взаиморасчётов нет.',
    noContractsText: (profile: string) =>
      `У профиля ${profile} пока нет договора. Когда договор будет заключён, здесь появятся баланс, начисления, оплаты и акт сверки.`,
    switchHint: 'Договоры есть у других ваших профилей:',
    profileLink: (profile: string) => `Взаиморасчёты: ${profile}`,
    accessHint:
      'Чтобы работать по договору от имени компании, отправьте заявку на полный доступ: после проверки документов компания появится среди ваших профилей, её можно будет выбрать в переключателе над страницей.',
    accessLink: 'Получить полный доступ',
    noPermissionTitle: 'Взаиморасчёты недоступны вашей роли',
    noPermissionText: (profile: string, role: string) =>
      `В профиле ${profile} ваша роль — «${role}». Взаиморасчёты видят владелец, администраторы и бухгалтеры компании: чтобы получить доступ, попросите их изменить вашу роль.`,
    loadError: 'Не удалось загрузить взаиморасчёты. Обновите страницу.',
    profileLabel: 'Чьи взаиморасчёты показать',
    allProfiles: 'Все профили',
    summaryTitle: 'Сводка',
    asOf: (date: string) => `На ${date}`,
    balance: 'Баланс',
    debt: (amount: string) => `Задолженность ${amount}`,
    advance: (amount: string) => `Аванс ${amount}`,
    settled: 'Долга нет',
    overdue: 'Просрочено',
    overdueNone: 'Просроченных платежей нет',
    creditLeft: 'Доступно по кредитному лимиту',
    creditLeftValue: (left: string, limit: string) => `${left} из ${limit}`,
    creditNone: 'Не предусмотрено: договоры на предоплате',
    nextPayment: 'Ближайший платёж',
    nextPaymentValue: (amount: string, date: string) => `${amount} до ${date}`,
    nextPaymentNone: 'Предстоящих платежей нет',
    contractsTitle: 'Договоры',
    contractTitle: (number: string) => `Договор № ${number}`,
    contractSigned: (date: string) => `от ${date}`,
    contractOption: (number: string, date: string, kind: string) => `№ ${number} от ${date} · ${kind}`,
    creditLimit: (amount: string) => `Кредитный лимит ${amount}`,
    paymentTerm: (days: string) => `отсрочка платежа ${days}`,
    prepaymentTerms: 'Перевозка оплачивается до отправки груза',
    validity: (from: string, to: string | null) => (to ? `Действует с ${from} по ${to}` : `Действует с ${from}`),
    active: 'Действует',
    inactive: 'Не действует',
    isDefault: 'Основной',
    defaultHint: 'Новые заказы с оплатой по счёту относятся к основному договору.',
    contractBalance: 'Баланс по договору',
    reviewTitle: 'Движение по договору',
    contractLabel: 'Договор',
    monthLabel: 'Месяц',
    debitCreditHint:
      'Дебет — начисления за перевозки и услуги (ваш долг растёт), кредит — ваши оплаты и корректировки (долг уменьшается).',
    openingBalance: (date: string) => `Входящее сальдо на ${date}`,
    closingBalance: (date: string) => `Исходящее сальдо на ${date}`,
    columns: {
      date: 'Дата',
      document: 'Документ',
      description: 'Содержание',
      debit: 'Дебет',
      credit: 'Кредит',
    },
    tableCaption: (month: string) => `Начисления и оплаты за ${month} г.`,
    turnover: 'Обороты за месяц',
    emptyMonth: (month: string) =>
      `За ${month} г. по договору не было ни начислений, ни оплат: сальдо на конец месяца то же, что и на начало.`,
    cargoLink: (track: string) => `Заказ ${track}`,
    dueOn: (date: string) => `Оплатить до ${date}`,
    reviewError: 'Не удалось загрузить движение по договору. Обновите страницу.',
    reconciliationTitle: 'Акт сверки',
    reconciliationText:
      'Акт сверки взаимных расчётов за любой период — сразу, без запроса в бухгалтерию: PDF для подписи, Excel для сверки в вашей учётной системе.',
    reconciliationContract: (number: string) => `По договору № ${number}`,
    dateFrom: 'Начало периода',
    dateTo: 'Конец периода',
    dateRequired: 'Укажите дату',
    downloadPdf: 'Скачать PDF',
    downloadXlsx: 'Скачать Excel',
  },
} as const;
