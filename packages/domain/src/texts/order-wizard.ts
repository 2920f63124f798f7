/**
 * The order wizard's frame: heading, stepper, buttons, summary, loading states. Part of
 * MESSAGES.order (texts/order.ts); a module of its own because the wizard's first-load JavaScript
 * carries only these, while each step (a lazily loaded chunk) takes the rest of texts/order.ts.
 */
export const ORDER_WIZARD_TEXTS = {
  pageTitle: 'Оформление заявки',
  loadingDraft: 'Загружаем черновик заявки…',
  /** Where the draft's copy on the server stands (the summary's last line). */
  draftSaving: 'Сохраняем черновик…',
  draftSaved: 'Черновик сохранён',
  draftLocalOnly: 'Черновик сохранён только в этом браузере',
  loading: 'Загрузка…',
  stepsLabel: 'Шаги оформления заявки',
  stepOf: (current: number, total: number) => `Шаг ${current} из ${total}`,
  back: 'Назад',
  next: 'Далее',
  submit: 'Оформить заявку',
  submitFailed: 'Не удалось оформить заявку. Попробуйте ещё раз — повторная отправка не создаст вторую заявку.',
  summaryLabel: 'Кратко о заявке',
  summaryTitle: 'Ваша заявка',
  routeShort: 'Маршрут',
  cargoShort: 'Груз',
  anonymousNote: 'Заявку можно оформить без регистрации — понадобится только телефон. Есть учётная запись?',
  signInLink: 'Войти',
  weekdaysShort: ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'],
  kg: 'кг',
  m3: 'м³',
  transportTerms: (terms: string, arrival: string) => `Срок ${terms}, прибытие ${arrival}`,
} as const;
