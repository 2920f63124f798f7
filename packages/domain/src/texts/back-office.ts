/** Texts of the back-office (issue 17): staff roles, sign-in, common refusals. */
export const BACK_OFFICE_TEXTS = {
  roles: {
    operator: 'Оператор',
    client_manager: 'Менеджер по работе с клиентами',
    content_editor: 'Контент-редактор',
    admin: 'Администратор',
  },
  inboxStatus: {
    new: 'Новое',
    in_work: 'В работе',
    answered: 'Отвечено',
  },
  errors: {
    signInRequired: 'Войдите в бэк-офис',
    forbidden: 'Недостаточно прав для этого действия',
    badCredentials: 'Неверный логин или пароль',
    totpInvalid: 'Неверный код из приложения',
    totpRequired: 'Введите код из приложения-аутентификатора',
    locked: 'Слишком много неудачных попыток. Попробуйте через 15 минут',
    enrolmentClosed: 'Приложение-аутентификатор уже подключено',
    transitionForbidden: (from: string, to: string) => `Нельзя перевести груз из статуса «${from}» в «${to}»`,
  },
} as const;
