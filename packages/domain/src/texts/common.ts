/** Texts (common); part of the MESSAGES catalogue (messages.ts). */
export const COMMON_TEXTS = {
  validationFailed: 'Проверьте правильность заполнения полей',
  notFound: 'Страница или запись не найдена',
  routeNotFound: 'Такого адреса в API нет',
  methodNotAllowed: 'Этот метод не поддерживается',
  /** The web server's answer to a request target that is not a path on our site (`*`, another host). */
  badRequestTarget: 'Неверный адрес запроса',
  unauthorized: 'Требуется авторизация',
  forbidden: 'Недостаточно прав для этого действия',
  csrfRejected: 'Запрос отклонён: он отправлен не с нашего сайта',
  tooManyRequests: 'Слишком много запросов. Повторите попытку позже',
  payloadTooLarge: 'Слишком большой запрос',
  unsupportedMediaType: 'Неподдерживаемый формат запроса',
  badJson: 'Тело запроса не является корректным JSON',
  internalError: 'Внутренняя ошибка сервера. Мы уже разбираемся',
  serviceUnavailable: 'Сервис временно недоступен. Повторите попытку через минуту',
  requestTimeout: 'Сервер не дождался окончания запроса',
  required: 'Обязательное поле',
  /** Every form that takes someone's personal data (152-FZ art. 9): the consent tick box was left empty. */
  pdConsentRequired: 'Необходимо согласие на обработку персональных данных',
  /** The consent box's sentence (components/consent): «Я даю» + link «согласие на обработку персональных данных» + what it covers. */
  pdConsentPrefix: 'Я даю',
  pdConsentLink: 'согласие на обработку персональных данных',
} as const;
