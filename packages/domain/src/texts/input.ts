/**
 * Texts (input checks): requests the API cannot read, and the generic validation messages that
 * replace zod's own (never a type name, a pattern or an English word); part of MESSAGES (messages.ts).
 * A schema's own message, where it has one, still wins over these.
 */
export const INPUT_TEXTS = {
  /** A string with NUL, another control character or half of an emoji (a lone surrogate). */
  controlCharacters: 'Поле содержит недопустимые символы',
  /** A property the call does not take. */
  unknownField: 'Такого поля в запросе быть не должно',
  /** The address could not be decoded (a broken %-sequence). */
  badUrl: 'Адрес запроса содержит недопустимые символы',
  /** A path segment beyond the router's limit. */
  urlTooLong: 'Слишком длинный адрес запроса',
  /** The body was shorter or longer than its declared length. */
  bodyLengthMismatch: 'Тело запроса пришло не полностью',
  /** Request headers beyond the server's limit. */
  headersTooLarge: 'Слишком большие заголовки запроса',
  /** A request the HTTP parser could not read. */
  malformedRequest: 'Запрос не удалось прочитать',
  required: 'Обязательное поле',
  expectedNumber: 'Ожидалось число',
  expectedInteger: 'Ожидалось целое число',
  expectedString: 'Ожидалась строка',
  expectedBoolean: 'Ожидалось значение «да» или «нет»',
  expectedObject: 'Ожидался объект с полями',
  expectedList: 'Ожидался список',
  expectedDate: 'Ожидалась дата',
  wrongType: 'Значение неподходящего типа',
  invalidValue: 'Недопустимое значение',
  invalidFormat: 'Неверный формат',
  invalidEmail: 'Неверный адрес электронной почты',
  invalidLink: 'Неверная ссылка',
  invalidId: 'Неверный идентификатор',
  invalidDate: 'Неверная дата',
  invalidTime: 'Неверное время',
  invalidElement: 'Недопустимое значение в списке',
  invalidKey: 'Недопустимое название поля',
  /** «Не меньше 2 символов»: the count and its genitive word follow. */
  atLeast: 'Не меньше',
  atMost: 'Не больше',
  exactly: 'Ровно',
  /** Numbers: «Значение должно быть не меньше 1». */
  numberAtLeast: 'Значение должно быть не меньше',
  numberAbove: 'Значение должно быть больше',
  numberAtMost: 'Значение должно быть не больше',
  numberBelow: 'Значение должно быть меньше',
  multipleOf: 'Значение должно быть кратно',
  dateTooEarly: 'Слишком ранняя дата',
  dateTooLate: 'Слишком поздняя дата',
  fileTooLarge: 'Файл слишком большой',
  fileTooSmall: 'Файл слишком маленький',
  listEmpty: 'Список не должен быть пустым',
  /** Genitive after «не меньше / не больше N»: 1 символа, 2 символов, 21 символа. */
  charactersGenitive: { one: 'символа', few: 'символов', many: 'символов', other: 'символа' },
  elementsGenitive: { one: 'элемента', few: 'элементов', many: 'элементов', other: 'элемента' },
  /** After «Ровно N»: 1 символ, 2 символа, 5 символов. */
  characters: { one: 'символ', few: 'символа', many: 'символов', other: 'символа' },
  elements: { one: 'элемент', few: 'элемента', many: 'элементов', other: 'элемента' },
} as const;
