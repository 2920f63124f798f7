/** Texts (upload); part of the MESSAGES catalogue (messages.ts). */
export const UPLOAD_TEXTS = {
  failed: 'Не удалось загрузить файл',
  tooManyPixels: 'Слишком большое разрешение изображения',
  unreadable: 'Не удалось прочитать изображение: файл повреждён',
  /** The extension or declared type contradicts the content (a PNG named .jpg). */
  typeMismatch: 'Расширение файла не соответствует его содержимому',
  /** Bytes after the image's end, or an archive, page or script inside it (a polyglot file). */
  foreignContent: 'Файл содержит посторонние данные. Сохраните изображение заново как JPEG или PNG',
  /** A metadata chunk or segment over the limit (decision 007). */
  metadataTooLarge: 'Слишком большие метаданные изображения',
  interrupted: 'Загрузка прервана',
  chooseFiles: 'Выбрать файлы',
  chooseFile: 'Выбрать файл',
  remove: 'Удалить файл',
  listLabel: 'Прикреплённые файлы',
  statusUploading: 'Загружается',
  statusDone: 'Загружен',
  statusError: 'Ошибка загрузки',
  statusReady: 'Готов к отправке',
} as const;
