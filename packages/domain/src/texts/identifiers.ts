/** Texts (identifiers); part of the MESSAGES catalogue (messages.ts). */
export const IDENTIFIERS_TEXTS = {
  innRequired: 'Введите ИНН',
  innFormat: 'ИНН должен состоять из 10 или 12 цифр',
  innLegalFormat: 'ИНН организации должен состоять из 10 цифр',
  innChecksum: 'Некорректный ИНН: проверьте, нет ли опечатки',
  kppRequired: 'Введите КПП',
  kppFormat: 'КПП должен состоять из 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры',
  ogrnRequired: 'Введите ОГРН',
  ogrnFormat: 'ОГРН должен состоять из 13 цифр, ОГРНИП — из 15 цифр',
  ogrnChecksum: 'Некорректный ОГРН: проверьте, нет ли опечатки',
  passportSeriesRequired: 'Введите серию паспорта',
  passportSeriesFormat: 'Серия паспорта должна состоять из 4 цифр',
  passportNumberRequired: 'Введите номер паспорта',
  passportNumberFormat: 'Номер паспорта должен состоять из 6 цифр',
} as const;
