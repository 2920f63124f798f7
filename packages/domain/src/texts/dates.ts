/** Texts (dates); part of the MESSAGES catalogue (messages.ts). */
export const DATES_TEXTS = {
  /** Genitive month names, as in «9 января 2026 г.». */
  monthsGenitive: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
  yearSuffix: 'г.',
} as const;
