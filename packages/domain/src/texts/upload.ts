/** Texts (upload); part of the MESSAGES catalogue (messages.ts). */
export const UPLOAD_TEXTS = {
  failed: 'Не удалось загрузить файл',
  tooManyPixels: 'Слишком большое разрешение изображения',
  unreadable: 'Не удалось прочитать изображение: файл повреждён',
  interrupted: 'Загрузка прервана',
  chooseFiles: 'Выбрать файлы',
  remove: 'Удалить файл',
  listLabel: 'Прикреплённые файлы',
  statusUploading: 'Загружается',
  statusDone: 'Загружен',
  statusError: 'Ошибка загрузки',
  statusReady: 'Готов к отправке',
} as const;
