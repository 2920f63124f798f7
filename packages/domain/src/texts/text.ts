/** Texts (text); part of the MESSAGES catalogue (messages.ts). */
export const TEXT_TEXTS = {
  tooLong: 'Слишком длинный текст',
  urlNotAllowed: 'Ссылки в этом поле не допускаются',
  emailRequired: 'Введите email',
  emailInvalid: 'Введите корректный email',
  emailTooLong: 'Email не может быть длиннее 320 символов',
  urlInvalid: 'Введите корректную ссылку, начинающуюся с http:// или https://',
  urlTooLong: 'Ссылка не может быть длиннее 2048 символов',
} as const;
