/** Texts (bugReport); part of the MESSAGES catalogue (messages.ts). */
export const BUG_REPORT_TEXTS = {
  textRequired: 'Введите сообщение',
  textTooLong: 'Сообщение не может быть длиннее 2000 символов',
  contactRequired: 'Введите email или телефон',
  policyAgreementRequired: 'Необходимо согласие с правилами оказания услуг',
  policyAgreementLabel:
    'Я соглашаюсь с правилами оказания услуг и даю согласие на обработку персональных данных в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных»',
  filesMaxCount: 'Максимальное количество файлов 10',
  fileTooLarge: 'Размер одного файла не должен превышать 1ГБ',
  fileType: 'Формат файлов должен быть JPEG или PNG',
  sendFailed: 'Что-то пошло не так',
  successTitle: 'Ваше сообщение было успешно отправлено.',
  successSubtitle: 'Спасибо за обратную связь!',
  close: 'Закрыть',
  /** Form labels of the bug-report modal (issue 8). */
  title: 'Сообщить об ошибке',
  description: 'Опишите, что пошло не так, и приложите снимки экрана — это поможет нам быстрее всё исправить.',
  textLabel: 'Сообщение',
  contactLabel: 'Email или телефон для ответа',
  filesLabel: 'Снимки экрана',
  filesHint: 'JPEG или PNG, не больше 10 файлов, до 1ГБ каждый',
  send: 'Отправить',
  tooManyReports: 'Вы отправили слишком много сообщений. Попробуйте позже',
} as const;
