/** POST /user/feedback (used by packages/contracts/src/feedback.ts). Part of the MESSAGES catalogue (messages.ts). */
export const FEEDBACK_TEXTS = {
  contactRequired: 'Введите email или телефон',
  contactInvalid: 'Введите корректный телефон или email',
  consentRequired: 'Необходимо согласие на обработку персональных данных',
} as const;
