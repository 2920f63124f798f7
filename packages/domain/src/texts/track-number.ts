/**
 * Messages of the track-number check (track-number.ts). Part of MESSAGES.orders; a module of its
 * own so the home page's track form does not carry the whole orders section to the browser.
 */
export const TRACK_NUMBER_TEXTS = {
  trackRequired: 'Введите номер для отслеживания',
  trackInvalid: 'Номер груза выглядит так: MG-1234-56789 (буквы MG и 9 цифр)',
  trackChecksum: 'В номере груза опечатка: проверьте цифры',
} as const;
