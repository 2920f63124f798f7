/**
 * Texts of the status notifications (issue 18): the messages themselves (SMS, e-mail, Telegram),
 * the Telegram bot's replies, the settings section of the personal account, the unsubscribe page
 * and the API's refusals.
 */
export const NOTIFICATIONS_TEXTS = {
  channels: {
    sms: 'SMS',
    email: 'Эл. почта',
    telegram: 'Telegram',
  },
  recipients: {
    owner: 'Вам',
    sender: 'Отправителю',
    recipient: 'Получателю',
  },
  /** The messages of a status change. */
  message: {
    sms: (track: string, label: string, place: string | null, url: string) =>
      `«Магистраль»: груз ${track} — ${label}${place ? ` (${place})` : ''}. Отследить: ${url}`,
    emailSubject: (track: string, label: string) => `Груз ${track}: ${label}`,
    /** To the owner: «вашего груза». */
    emailGreeting: 'Здравствуйте!',
    emailOwnerLead: (track: string, label: string) => `Статус вашего груза ${track} изменился: ${label}.`,
    /** To a sender or recipient named in someone else's order. */
    emailParticipantLead: (track: string, label: string, role: 'sender' | 'recipient') =>
      `Статус груза ${track}, в котором вы указаны ${role === 'sender' ? 'отправителем' : 'получателем'}, изменился: ${label}.`,
    emailWhen: (when: string) => `Когда: ${when} (мск)`,
    emailWhere: (place: string) => `Где: ${place}`,
    emailTrack: (url: string) => `Следить за грузом: ${url}`,
    emailSignature: '«Магистраль»',
    emailUnsubscribeEvent: (label: string, url: string) =>
      `Не хотите получать письма о статусе «${label}»? Отписаться: ${url}`,
    emailUnsubscribeAddress: (url: string) =>
      `Не хотите получать письма о грузах, в которых вас указали? Отписаться: ${url}`,
    emailSettings: (url: string) => `Настроить уведомления: ${url}`,
    telegram: (track: string, label: string, place: string | null, url: string) =>
      `Груз ${track}: ${label}${place ? `\n${place}` : ''}\n${url}`,
  },
  /** The Telegram bot's answers. */
  bot: {
    linked: 'Уведомления подключены',
    codeInvalid: 'Код не подошёл или устарел. Получите новый в настройках личного кабинета «Магистрали».',
    help: 'Чтобы получать уведомления о грузах, откройте ссылку из настроек личного кабинета «Магистрали» или отправьте сюда код оттуда: /start КОД',
    privateOnly: 'Уведомления подключаются только в личном чате с ботом.',
    stopped: 'Уведомления отключены',
  },
  errors: {
    telegramUnavailable: 'Подключение Telegram сейчас недоступно',
    unsubscribeInvalid: 'Ссылка для отписки недействительна. Настройте уведомления в личном кабинете',
    eventUnknown: 'Выберите событие из списка',
  },
  /** The «Уведомления» section of /personal-account/settings. */
  settings: {
    title: 'Уведомления',
    intro:
      'Сообщаем об изменениях статуса ваших грузов. Выберите, о чём и куда писать: SMS приходят на телефон аккаунта, письма — на его почту.',
    tableCaption: 'Уведомления об изменении статуса',
    eventColumn: 'Статус',
    channelOn: (event: string, channel: string) => `${event}: ${channel}`,
    participantsTitle: 'Кому ещё сообщать',
    participantsHint:
      'SMS и письма по тем же статусам уйдут на телефон и почту, указанные в заказе. Telegram — только вам.',
    notifySender: 'Отправителю груза',
    notifyRecipient: 'Получателю груза',
    quietHoursTitle: 'Тихие часы',
    quietHours:
      'С 22:00 до 08:00 по времени города получателя SMS не отправляем: сообщение придёт в 8 утра. Письма и Telegram приходят сразу.',
    noEmail: 'Почта не указана — письма отправлять некуда. Добавьте её в разделе «Контакты».',
    save: 'Сохранить',
    saving: 'Сохраняем…',
    saved: 'Настройки уведомлений сохранены',
    loadFailed: 'Не удалось загрузить настройки уведомлений. Обновите страницу',
    telegramTitle: 'Telegram',
    telegramLinked: (label: string | null) => (label ? `Подключён: ${label}` : 'Подключён'),
    telegramNotLinked: 'Не подключён',
    telegramUnavailable: 'Подключение Telegram пока недоступно.',
    telegramConnect: 'Подключить Telegram',
    telegramInstructions:
      'Откройте ссылку и нажмите «Старт» в чате с ботом. Если ссылка не открывается, отправьте боту код:',
    telegramOpen: 'Открыть Telegram',
    telegramCodeLabel: 'Код',
    telegramExpires: (time: string) => `Код действует до ${time}`,
    telegramWaiting: 'Ждём подтверждения от Telegram…',
    telegramDisconnect: 'Отключить',
    telegramDisconnected: 'Telegram отключён',
    telegramHint: 'Уведомления в Telegram приходят, только когда чат подключён.',
  },
  /** The page /unsubscribe (a link from an e-mail). */
  unsubscribe: {
    metaTitle: 'Отписка от писем',
    title: 'Отписка от писем',
    eventQuestion: (label: string) => `Больше не присылать письма о статусе «${label}»?`,
    allQuestion: 'Больше не присылать письма об изменениях статуса грузов?',
    addressQuestion: 'Больше не присылать на этот адрес письма о грузах, в которых вас указали?',
    confirmEvent: 'Отписаться от этих писем',
    confirmAll: 'Отписаться от всех писем о статусах',
    done: 'Готово: эти письма больше не придут.',
    doneAll: 'Готово: письма об изменениях статуса больше не придут.',
    settingsLink: 'Настроить уведомления',
    invalid: 'Ссылка для отписки недействительна или устарела.',
  },
} as const;
