/** Texts (account): the personal account's navigation, profile switcher and overview (issue 15); part of MESSAGES. */
export const ACCOUNT_TEXTS = {
  navLabel: 'Разделы личного кабинета',
  nav: {
    overview: 'Обзор',
    orders: 'Мои заказы',
    access: 'Полный доступ',
    team: 'Команда',
    settings: 'Настройки',
  },
  profileLabel: 'Профиль',
  actAs: (name: string) => `Работать от имени ${name}`,
  profileSwitchFailed: 'Не удалось переключить профиль. Попробуйте ещё раз.',
  profileOption: (name: string, inn: string | null) => (inn ? `${name}, ИНН ${inn}` : name),
  overviewProfileTitle: 'Вы действуете от имени',
  personalKind: 'Частное лицо',
  legalKind: 'Организация',
  role: 'Ваша роль',
  innKpp: (inn: string, kpp: string | null) => (kpp ? `ИНН ${inn} · КПП ${kpp}` : `ИНН ${inn}`),
  fullAccessTitle: 'Полный доступ',
  fullAccessGranted: 'Документы проверены: вам доступны договоры, документы и взаиморасчёты.',
  fullAccessMissing:
    'Подтвердите организацию или личность документами, чтобы работать от имени компании, получать счета и акты.',
  fullAccessLink: 'Отправить заявку',
  fullAccessRequestsLink: 'Мои заявки',
  teamTitle: 'Команда',
  teamText: 'Пригласите коллег и дайте каждому роль: менеджер по отправкам, бухгалтер или администратор.',
  teamLink: 'Открыть команду',
} as const;
