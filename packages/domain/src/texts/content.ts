/** Public content: news, promotions, holidays. Part of the MESSAGES catalogue (messages.ts). */
export const CONTENT_TEXTS = {
  newsNotFound: 'Новость не найдена',
  pageInvalid: 'Номер страницы должен быть целым числом от 1',
  pageSizeInvalid: 'Размер страницы должен быть от 1 до 50',
  kindInvalid: 'Выберите тип публикации: новость или событие',
  yearInvalid: 'Производственный календарь есть на 2024–2027 годы',
} as const;
