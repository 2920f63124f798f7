/** Web texts (ui); part of the MESSAGES catalogue (messages.ts). */
export const UI_TEXTS = {
  /** Accessible name of the clear-value button of a text input. */
  clear: 'Очистить',
  /** Accessible name of the close button of an alert or a modal. */
  close: 'Закрыть',
} as const;
