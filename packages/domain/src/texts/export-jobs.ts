/**
 * Texts of queued exports (issue 18 item 4): the order list and the reconciliation act prepared
 * by a background job, its progress, the «Последние выгрузки» list and the API's refusals.
 */
export const EXPORT_JOBS_TEXTS = {
  /** Before the job knows how many rows there are. */
  preparing: 'Готовим файл…',
  /** «Готовим файл… 1 200 из 10 000 строк» (numbers already formatted; `rows` agrees with the total). */
  progress: (done: string, total: string, rows: string) => `Готовим файл… ${done} из ${total} ${rows}`,
  /** «из 1 строки», «из 2 строк», «из 5 строк», «из 21 строки». */
  rowsOf: { one: 'строки', few: 'строк', many: 'строк', other: 'строки' },
  ready: 'Файл готов, скачивание началось.',
  /** The link beside «ready», in case the browser held the download back. */
  downloadAgain: 'Скачать снова',
  kinds: { cargo_list: 'Заказы', reconciliation: 'Акт сверки' },
  statuses: { queued: 'В очереди', running: 'Готовится', ready: 'Готов', failed: 'Ошибка' },
  recentTitle: 'Последние выгрузки',
  download: 'Скачать',
  /** «хранится до 25 ноября 2026 г., 14:05». */
  keptUntil: (time: string) => `хранится до ${time}`,
  /** The API's refusals and the job's own failures. */
  notFound: 'Выгрузка не найдена или срок её хранения истёк',
  notReady: 'Файл ещё готовится. Подождите немного',
  tooMany: 'Дождитесь, пока подготовятся предыдущие выгрузки',
  renderFailed: 'Не удалось подготовить файл. Попробуйте выгрузить ещё раз',
  /** The user lost access to the data between the request and the job (removed from the profile). */
  accessLost: 'Нет доступа к данным этой выгрузки',
  /** The browser lost the API while waiting. */
  pollFailed: 'Не удалось узнать, готов ли файл. Проверьте список «Последние выгрузки» позже',
} as const;
