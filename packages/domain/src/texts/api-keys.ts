import type { PluralForms } from '../plural';

/** Texts (API keys of a client profile, issue 18; docs/integrations.md). Part of MESSAGES. */
export const API_KEYS_TEXTS = {
  /** What each scope lets a key do (the form's checkboxes, the list, the OpenAPI descriptions). */
  scopes: {
    'cargo:read': 'Читать грузы',
    'requests:create': 'Создавать заявки',
    calculate: 'Рассчитывать стоимость',
  },
  scopeHints: {
    'cargo:read': 'Список грузов профиля, карточка груза и статус оплаты',
    'requests:create': 'Оформление заявки на перевозку от имени профиля',
    calculate: 'Калькулятор: цены и сроки, полный расчёт',
  },
  nameRequired: 'Введите название ключа',
  nameTooLong: 'Название — не длиннее 100 символов',
  scopesRequired: 'Выберите хотя бы одно право',
  scopeInvalid: 'Неизвестное право ключа',
  keyNotFound: 'Ключ не найден',
  tooManyKeys: 'У профиля не может быть больше 20 действующих ключей: отзовите ненужные',
  /** A call a key can never make (the account's own settings, the back-office…). */
  notForKeys: 'Этот вызов недоступен по ключу API',
  /** A call of a scope the key was not given. */
  scopeMissing: (scope: string) => `У ключа API нет права «${scope}»`,
  /** The session cookie and a key in one request: the API will not guess which one is meant. */
  ambiguousCredentials: 'Передайте что-то одно: ключ API в заголовке Authorization или cookie сессии',
  /**
   * The page /personal-account/integrations itself (its sections: «API-ключи» here, others in
   * their own texts).
   */
  page: {
    metaTitle: 'Интеграции',
    title: 'Интеграции',
    lead: (profile: string) => `Подключите ваши программы к перевозкам профиля ${profile}.`,
  },
  /** The screen /personal-account/integrations, section «API-ключи». */
  screen: {
    title: 'API-ключи',
    intro:
      'Ключ API позволяет вашей программе (1С, CRM, сайту) работать с перевозками профиля без входа в личный кабинет: читать грузы, оформлять заявки и рассчитывать стоимость. Ключ действует от имени сотрудника, который его создал.',
    notAllowed:
      'Выпускать и отзывать ключи могут владелец и администраторы профиля. Обратитесь к администратору компании.',
    loadError: 'Не удалось загрузить ключи. Обновите страницу.',
    empty: 'Ключей пока нет.',
    listTitle: 'Ключи',
    keyForms: { one: 'ключ', few: 'ключа', many: 'ключей' } satisfies PluralForms,
    prefix: 'Начало ключа',
    scopesLabel: 'Права',
    createdAt: (date: string, who: string | null) => (who ? `Создан ${date}, ${who}` : `Создан ${date}`),
    lastUsed: (date: string) => `Последнее использование: ${date}`,
    neverUsed: 'Ещё не использовался',
    revokedAt: (date: string) => `Отозван ${date}`,
    active: 'действует',
    revoked: 'отозван',
    rateLimit: (perMinute: string) => `Не больше ${perMinute} в минуту`,
    requestForms: { one: 'запроса', few: 'запросов', many: 'запросов' } satisfies PluralForms,
    createTitle: 'Новый ключ',
    nameLabel: 'Название',
    nameHint: 'Чтобы отличать ключи: например, «1С склад» или «Сайт магазина»',
    scopesLegend: 'Что разрешено ключу',
    createSubmit: 'Создать ключ',
    secretTitle: 'Ключ создан',
    secretWarning:
      'Скопируйте ключ сейчас и сохраните его в надёжном месте: больше мы его не покажем. Если ключ потерян, отзовите его и создайте новый.',
    secretLabel: (name: string) => `Ключ «${name}»`,
    copy: 'Скопировать',
    copied: 'Скопировано',
    copyFailed: 'Не удалось скопировать: выделите ключ и скопируйте вручную',
    secretDone: 'Я сохранил ключ',
    revoke: 'Отозвать',
    revokeTitle: 'Отозвать ключ?',
    revokeText: (name: string) =>
      `Ключ «${name}» перестанет работать сразу: программы, которые им пользуются, получат ответ 401. Отменить это нельзя.`,
    revokeConfirm: 'Отозвать ключ',
    keep: 'Не отзывать',
    revokedNotice: (name: string) => `Ключ «${name}» отозван`,
    howToTitle: 'Как пользоваться',
    howToText:
      'Передавайте ключ в заголовке Authorization каждого запроса. Cookie при этом не нужны: запрос с ключом и cookie сессии одновременно будет отклонён.',
    howToLimits: (perMinute: string) =>
      `Каждый ключ — не больше ${perMinute} в минуту; сверх этого API отвечает 429 с заголовком Retry-After. Неверный или отозванный ключ — 401, вызов вне прав ключа — 403.`,
    curlCaption: 'Например, список грузов профиля:',
    docsLink: 'Описание API',
    openapiLink: 'OpenAPI (JSON)',
    docsHint: 'По описанию OpenAPI можно сгенерировать клиентскую библиотеку для вашего языка.',
  },
};
