/**
 * Texts of the back-office's contracts and bank payments of a business client (issue 16,
 * decision 014): a contract is given to a company profile and a payment order from the bank
 * statement is booked to its ledger. Imported by deep path
 * `@freight/domain/texts/back-office-contracts` and registered as `MESSAGES.backOfficeContracts`.
 */

/** Longest contract number and payment order number (characters). */
export const BO_CONTRACT_NUMBER_MAX_LENGTH = 64;
/** Longest purpose of a payment (characters). */
export const BO_PAYMENT_DESCRIPTION_MAX_LENGTH = 500;
/** Largest amount of one payment and largest credit limit: 1 000 000 000 ₽ in kopecks. */
export const BO_MONEY_MAX_KOPECKS = 100_000_000_000;
/** Longest payment term of a postpayment contract (calendar days; the database allows 0–365). */
export const BO_PAYMENT_TERM_MAX_DAYS = 365;

export const BO_CONTRACTS_TEXTS = {
  title: 'Договоры',
  empty: 'У профиля пока нет договоров',
  personalOnly: 'Договоры заключаются только с организациями и ИП',
  profileCaption: (profile: string) => `Договоры профиля «${profile}»`,
  columns: {
    number: 'Договор',
    kind: 'Расчёты',
    validity: 'Действует',
    balance: 'Сальдо',
    overdue: 'Просрочено',
    creditLeft: 'Остаток лимита',
  },
  /** «№ 12/2026 от 01.02.2026». */
  numberWithDate: (number: string, date: string) => `№ ${number} от ${date}`,
  /** «с 01.02.2026», «с 01.02.2026 по 31.12.2026». */
  validity: (from: string, to: string | null) => (to ? `с ${from} по ${to}` : `с ${from}`),
  /** «лимит 500 000 ₽, отсрочка 30 дней». */
  postpaymentTerms: (limit: string, term: string) => `лимит ${limit}, отсрочка ${term}`,
  defaultBadge: 'по умолчанию',
  inactiveBadge: 'не действует',
  /** Balance: a debt is positive, an advance negative. */
  debt: (amount: string) => `долг ${amount}`,
  advance: (amount: string) => `аванс ${amount}`,
  settled: 'расчёты закрыты',
  fields: {
    number: 'Номер договора',
    signedOn: 'Дата подписания',
    kind: 'Вид расчётов',
    creditLimit: 'Кредитный лимит, ₽',
    paymentTerm: 'Отсрочка платежа, дней',
    validFrom: 'Действует с',
    validTo: 'Действует по',
    validToHint: 'Пусто — бессрочно',
    isDefault: 'Договор по умолчанию (на него начисляются новые безналичные заказы)',
    amount: 'Сумма, ₽',
    bookedOn: 'Дата оплаты по выписке',
    documentNumber: 'Номер платёжного поручения',
    description: 'Назначение платежа',
    descriptionHint: 'Пусто — «Оплата по договору № …»',
  },
  kinds: { prepayment: 'Предоплата', postpayment: 'Постоплата' },
  actions: {
    addContract: 'Добавить договор',
    createContract: 'Сохранить договор',
    recordPayment: 'Провести оплату',
  },
  /** The heading of a contract's payment form. */
  paymentFormTitle: (number: string) => `Оплата по договору № ${number}`,
  notices: {
    contractCreated: 'Договор добавлен',
    paymentRecorded: 'Оплата проведена',
  },
  /** The ledger entry of a payment: the document and its default purpose. */
  paymentDocument: (number: string) => `П/п № ${number}`,
  paymentDescription: (contractNumber: string, signedOn: string) =>
    `Оплата по договору № ${contractNumber} от ${signedOn}`,
  errors: {
    numberRequired: 'Укажите номер договора',
    numberTooLong: `Номер договора длиннее ${BO_CONTRACT_NUMBER_MAX_LENGTH} символов`,
    numberTaken: 'У этого клиента уже есть договор с таким номером',
    dateInvalid: 'Укажите дату',
    kindInvalid: 'Выберите вид расчётов: предоплата или постоплата',
    creditLimitRequired: 'Для постоплаты укажите кредитный лимит',
    creditLimitInvalid: 'Кредитный лимит — от 0 до 1 000 000 000 ₽',
    creditLimitForbidden: 'У договора с предоплатой нет кредитного лимита',
    paymentTermRequired: 'Для постоплаты укажите отсрочку платежа',
    paymentTermInvalid: `Отсрочка платежа — целое число дней от 0 до ${BO_PAYMENT_TERM_MAX_DAYS}`,
    paymentTermForbidden: 'У договора с предоплатой нет отсрочки платежа',
    validToBeforeFrom: 'Договор не может закончиться раньше, чем начал действовать',
    personalProfile: 'Договор можно заключить только с организацией или ИП',
    profileNotFound: 'Профиль клиента не найден',
    contractNotFound: 'Договор не найден',
    amountInvalid: 'Укажите сумму больше 0 и не больше 1 000 000 000 ₽',
    bookedOnFuture: 'Дата оплаты не может быть в будущем',
    bookedOnBeforeContract: (validFrom: string) => `Договор действует с ${validFrom}: оплата не может быть раньше`,
    documentRequired: 'Укажите номер платёжного поручения',
    documentTooLong: `Номер платёжного поручения длиннее ${BO_CONTRACT_NUMBER_MAX_LENGTH} символов`,
    descriptionTooLong: `Назначение платежа длиннее ${BO_PAYMENT_DESCRIPTION_MAX_LENGTH} символов`,
  },
} as const;
