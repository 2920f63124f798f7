/** Texts (accessRequest); part of the MESSAGES catalogue (messages.ts). */
export const ACCESS_REQUEST_TEXTS = {
  organisationNameRequired: 'Введите наименование организации',
  personNameRequired: 'Введите фамилию, имя и отчество',
  typeInvalid: 'Выберите тип заявки: юридическое или физическое лицо',
} as const;
