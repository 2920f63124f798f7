/** Texts (phone); part of the MESSAGES catalogue (messages.ts). */
export const PHONE_TEXTS = {
  required: 'Введите номер телефона',
  invalid: 'Введите номер телефона в формате +7(XXX) XXX-XX-XX',
} as const;
