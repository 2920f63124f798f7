import { pluralize } from '../plural';

/** Web texts (ui); part of the MESSAGES catalogue (messages.ts). */
export const UI_TEXTS = {
  /** Accessible name of the clear-value button of a text input. */
  clear: 'Очистить',
  /** Accessible name of the close button of an alert or a modal. */
  close: 'Закрыть',
  /** Combobox (components/ui/combobox): status while suggestions load. */
  comboboxSearching: 'Ищем…',
  /** Combobox: nothing matched the typed text. */
  comboboxNothing: 'Ничего не найдено',
  /** Combobox: the suggestions could not be loaded. */
  comboboxFailed: 'Не удалось загрузить варианты',
  /** Combobox: accessible name of the list of options, from the field's label. */
  comboboxList: (field: string) => `Варианты: ${field}`,
  /**
   * NumberInput (components/ui/number-input): what the text of a number field must be, for forms
   * whose state keeps numbers only (the order draft) and for schemas that refuse NaN.
   * «Введите целое число», «Введите число, не больше 2 знаков после запятой».
   */
  numberInvalid: (decimals: number) =>
    decimals === 0
      ? 'Введите целое число'
      : `Введите число, не больше ${decimals} ${pluralize(decimals, { one: 'знака', few: 'знаков', many: 'знаков' })} после запятой`,
  /** PhoneInput (components/ui/phone-input): default label. */
  phone: 'Телефон',
  /** PhoneInput: placeholder showing the format. */
  phonePlaceholder: '+7(999) 123-45-67',
  /** Pagination (components/ui/pagination): accessible name of the page links. */
  pagination: 'Страницы',
  paginationPrev: 'Назад',
  paginationNext: 'Вперёд',
  /** Accessible name of one page number. */
  paginationPage: (page: number) => `Страница ${page}`,
  /** Data table (components/ui/data-table). */
  dataTable: {
    empty: 'Ничего не найдено',
    selectAll: 'Выбрать все строки на странице',
    selectRow: (name: string) => `Выбрать: ${name}`,
    summary: (first: number, last: number, total: number) =>
      total === 0 ? 'Нет записей' : `Показаны ${first}–${last} из ${total.toLocaleString('ru-RU')}`,
  },
  /** Month picker (components/ui/month-picker): a month and its year, «ноябрь 2026». */
  monthPicker: {
    /** Nominative month names, as in «ноябрь 2026». */
    months: [
      'январь',
      'февраль',
      'март',
      'апрель',
      'май',
      'июнь',
      'июль',
      'август',
      'сентябрь',
      'октябрь',
      'ноябрь',
      'декабрь',
    ],
    value: (month: string, year: number) => `${month} ${year}`,
    previous: 'Предыдущий месяц',
    next: 'Следующий месяц',
    previousYear: 'Предыдущий год',
    nextYear: 'Следующий год',
    /** Accessible name of the button that opens the month list (it shows the value). */
    choose: (value: string) => `Выбрать месяц: ${value}`,
    /** Accessible name of the month list. */
    dialog: 'Выбор месяца',
  },
} as const;
