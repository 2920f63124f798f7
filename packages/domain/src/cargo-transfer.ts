import {
  PAYMENT_TYPES,
  createOrderDraft,
  orderDraftReducer,
  type CityRef,
  type OrderDraft,
  type PaymentType,
} from './order-draft';
import { CARGO_TRANSFER_TEXTS } from './texts/cargo-transfer';

/*
 * Export and import of the client's orders (issue #14): the columns of both files, and the pure
 * part of the import — header matching, reading Russian numbers, dates and times, and turning one
 * row into an order draft that `validateOrderDraft` then checks exactly as the wizard does.
 */

/** Largest import file (bytes); a file of this size or more is refused. */
export const CARGO_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Most order rows in one import file. */
export const CARGO_IMPORT_MAX_ROWS = 500;
/** Most rows in one export (the rest of a bigger list is left out). */
export const CARGO_EXPORT_MAX_ROWS = 100_000;
/** Longest cell text read from an import file (code points). */
export const CARGO_IMPORT_MAX_CELL_LENGTH = 500;

export const CARGO_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type CargoExportFormat = (typeof CARGO_EXPORT_FORMATS)[number];

/** Columns of the export, in order (headers are what Russian Excel shows). */
export const CARGO_EXPORT_COLUMNS = [
  { key: 'track_number', header: 'Трек-номер' },
  { key: 'created_at', header: 'Дата создания' },
  { key: 'status', header: 'Статус' },
  { key: 'status_changed_at', header: 'Дата статуса' },
  { key: 'city_departure', header: 'Город отправления' },
  { key: 'city_delivery', header: 'Город доставки' },
  { key: 'sender', header: 'Отправитель' },
  { key: 'recipient', header: 'Получатель' },
  { key: 'quantity', header: 'Мест' },
  { key: 'weight', header: 'Вес, кг' },
  { key: 'volume', header: 'Объём, м³' },
  { key: 'price', header: 'Стоимость, ₽' },
  { key: 'payment_type', header: 'Оплата' },
  { key: 'paid', header: 'Оплачен' },
  { key: 'planned_arrival_date', header: 'Плановая дата доставки' },
  { key: 'favorite', header: 'Избранное' },
] as const;
export type CargoExportColumnKey = (typeof CARGO_EXPORT_COLUMNS)[number]['key'];

export interface CargoImportColumn {
  key: string;
  header: string;
  required: boolean;
  /** The value of the template's example row. */
  example: string;
  /** A short hint on the format, for the UI and the template. */
  hint: string;
  /** Draft paths whose errors belong to this column. */
  fields: readonly string[];
}

/** Columns of an import file; the order is the template's, a file may have them in any order. */
export const CARGO_IMPORT_COLUMNS = [
  {
    key: 'city_departure',
    header: 'Город отправления',
    required: true,
    example: 'Москва',
    hint: 'Название города',
    fields: ['destination.city_departure', 'destination.subdivision_departure'],
  },
  {
    key: 'departure_address',
    header: 'Адрес отправления',
    required: false,
    example: '',
    hint: 'Пусто — сдаёте груз на терминале; адрес — заберём от двери',
    fields: ['destination.departure_address'],
  },
  {
    key: 'city_delivery',
    header: 'Город доставки',
    required: true,
    example: 'Новосибирск',
    hint: 'Название города',
    fields: ['destination.city_delivery', 'destination.subdivision_delivery'],
  },
  {
    key: 'delivery_address',
    header: 'Адрес доставки',
    required: false,
    example: 'ул. Ленина, д. 1, офис 5',
    hint: 'Пусто — получатель заберёт на терминале; адрес — доставим до двери',
    fields: ['destination.delivery_address'],
  },
  {
    key: 'departure_date',
    header: 'Дата отправления',
    required: true,
    example: '',
    hint: 'ДД.ММ.ГГГГ, рабочий день',
    fields: ['time.departure.date'],
  },
  {
    key: 'time_from',
    header: 'Время с',
    required: true,
    example: '10:00',
    hint: 'ЧЧ:ММ',
    fields: ['time.departure.timeFrom'],
  },
  {
    key: 'time_to',
    header: 'Время до',
    required: true,
    example: '14:00',
    hint: 'ЧЧ:ММ, окно не меньше 2 часов',
    fields: ['time.departure.timeTo', 'time.departure.breakFrom', 'time.departure.breakTo'],
  },
  {
    key: 'quantity',
    header: 'Количество мест',
    required: false,
    example: '1',
    hint: 'Целое число, по умолчанию 1',
    fields: ['cargo.quantity'],
  },
  { key: 'weight', header: 'Вес, кг', required: true, example: '120', hint: 'Число', fields: ['cargo.weight'] },
  { key: 'length', header: 'Длина, см', required: false, example: '120', hint: 'Число', fields: ['cargo.length'] },
  { key: 'width', header: 'Ширина, см', required: false, example: '80', hint: 'Число', fields: ['cargo.width'] },
  { key: 'height', header: 'Высота, см', required: false, example: '60', hint: 'Число', fields: ['cargo.height'] },
  {
    key: 'volume',
    header: 'Объём, м³',
    required: false,
    example: '',
    hint: 'Число; можно вместо длины, ширины и высоты',
    fields: ['cargo.volume'],
  },
  {
    key: 'transportation_type',
    header: 'Вид перевозки',
    required: true,
    example: 'Автоперевозка',
    hint: 'Автоперевозка, Экспресс, Железнодорожная перевозка или Авиадоставка',
    fields: ['transportationType'],
  },
  {
    key: 'payment_type',
    header: 'Способ оплаты',
    required: false,
    example: 'Наличные',
    hint: 'Наличные, Картой или Безналичный расчёт',
    fields: ['paymentType'],
  },
  {
    key: 'declared_value',
    header: 'Объявленная ценность, ₽',
    required: false,
    example: '',
    hint: 'Число, для страхования',
    fields: ['services.declaredValue'],
  },
  {
    key: 'sender_name',
    header: 'Отправитель',
    required: true,
    example: 'Иван Петров',
    hint: 'ФИО',
    fields: ['contacts.sender.name'],
  },
  {
    key: 'sender_phone',
    header: 'Телефон отправителя',
    required: true,
    example: '+7 (900) 123-45-67',
    hint: '+7 (XXX) XXX-XX-XX',
    fields: ['contacts.sender.phone'],
  },
  {
    key: 'sender_email',
    header: 'E-mail отправителя',
    required: false,
    example: '',
    hint: 'Необязательно',
    fields: ['contacts.sender.email'],
  },
  {
    key: 'recipient_name',
    header: 'Получатель',
    required: true,
    example: 'Анна Смирнова',
    hint: 'ФИО',
    fields: ['contacts.recipient.name'],
  },
  {
    key: 'recipient_phone',
    header: 'Телефон получателя',
    required: true,
    example: '+7 (916) 555-44-33',
    hint: '+7 (XXX) XXX-XX-XX',
    fields: ['contacts.recipient.phone'],
  },
  {
    key: 'recipient_email',
    header: 'E-mail получателя',
    required: false,
    example: '',
    hint: 'Необязательно',
    fields: ['contacts.recipient.email'],
  },
] as const satisfies readonly CargoImportColumn[];

export type CargoImportColumnKey = (typeof CARGO_IMPORT_COLUMNS)[number]['key'];
/** One data row of an import file: the cell texts by column (missing or blank = ''). */
export type CargoImportRow = Partial<Record<CargoImportColumnKey, string>>;

/** A header as compared: lower case, ё → е, no spaces around, inner spaces collapsed, no trailing `*`. */
export function normalizeImportHeader(header: string): string {
  return header
    .replace(/\*+\s*$/u, '')
    .trim()
    .toLowerCase()
    .replace(/ё/gu, 'е')
    .replace(/\s+/gu, ' ')
    .replace(/ ,/gu, ',');
}

const HEADER_INDEX = new Map<string, CargoImportColumnKey>(
  CARGO_IMPORT_COLUMNS.map((column) => [normalizeImportHeader(column.header), column.key]),
);

export interface ImportHeaderMatch {
  /** For each column of the file, the import column it is (null for a blank header). */
  columns: (CargoImportColumnKey | null)[];
  missing: string[];
  unknown: string[];
  duplicate: string[];
}

/** Matches the header row of a file to the import columns; `missing`, `unknown`, `duplicate` hold headers. */
export function matchImportHeaders(headers: readonly string[]): ImportHeaderMatch {
  const seen = new Set<CargoImportColumnKey>();
  const unknown: string[] = [];
  const duplicate: string[] = [];
  const columns = headers.map((raw) => {
    const header = raw.trim();
    if (!header) return null;
    const key = HEADER_INDEX.get(normalizeImportHeader(header));
    if (!key) {
      unknown.push(header);
      return null;
    }
    if (seen.has(key)) {
      duplicate.push(header);
      return null;
    }
    seen.add(key);
    return key;
  });
  const missing = CARGO_IMPORT_COLUMNS.filter((c) => c.required && !seen.has(c.key)).map((c) => c.header);
  return { columns, missing, unknown, duplicate };
}

/** The Russian header of the column a draft path's error belongs to, or null. */
export function importColumnOfField(path: string): string | null {
  for (const column of CARGO_IMPORT_COLUMNS) {
    if ((column.fields as readonly string[]).includes(path)) return column.header;
  }
  return null;
}

/**
 * Whether a text cell would be run as a formula by a spreadsheet: `=…`, or `+`, `-`, `@` followed
 * by something that is not a number or a phone (`+7 (900)…` and `-5` stay data).
 */
export function looksLikeFormula(text: string): boolean {
  const value = text.trimStart();
  if (value.startsWith('=')) return true;
  if (/^[+\-@]/u.test(value)) return !/^[+-]?[\d\s().,-]*$/u.test(value);
  return false;
}

/** A number written the Russian way or the English way: `1 234,5`, `1234.5`; null for blank, NaN for garbage. */
export function parseImportNumber(text: string): number | null {
  const value = text.replace(/[\s\u00a0\u202f]/gu, '').replace(/₽|руб\.?$/iu, '');
  if (!value) return null;
  if (!/^-?\d+([.,]\d+)?$/u.test(value)) return Number.NaN;
  return Number(value.replace(',', '.'));
}

/** `ДД.ММ.ГГГГ` (or `Д.М.ГГГГ`, or ISO `ГГГГ-ММ-ДД`) as ISO; null for blank, 'invalid' otherwise. */
export function parseImportDate(text: string): string | null | 'invalid' {
  const value = text.trim();
  if (!value) return null;
  let y: number, m: number, d: number;
  const ru = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/u.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
  if (ru) [d, m, y] = [Number(ru[1]), Number(ru[2]), Number(ru[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return 'invalid';
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return 'invalid';
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** `Ч:ММ` or `ЧЧ:ММ` (also `ЧЧ.ММ`) as `HH:mm`; null for blank, 'invalid' otherwise. */
export function parseImportTime(text: string): string | null | 'invalid' {
  const value = text.trim();
  if (!value) return null;
  const match = /^(\d{1,2})[:.](\d{2})(?::00)?$/u.exec(value);
  if (!match) return 'invalid';
  const [h, m] = [Number(match[1]), Number(match[2])];
  if (h > 23 || m > 59) return 'invalid';
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

const PAYMENT_BY_NAME = new Map<string, PaymentType>([
  ...PAYMENT_TYPES.map((p) => [normalizeImportHeader(p.label), p.value] as const),
  ...PAYMENT_TYPES.map((p) => [p.value, p.value] as const),
  ['наличные', 'cash'],
  ['наличными', 'cash'],
  ['картой', 'card'],
  ['карта', 'card'],
  ['безналичный', 'non_cash'],
  ['безналичный расчет', 'non_cash'],
  ['безнал', 'non_cash'],
]);

/** What the import needs from the outside: cities and transportation types by what people type. */
export interface ImportLookups {
  city(name: string): CityRef | null;
  /** The transportation type code for a name or code typed in the file, or null. */
  transport(text: string): string | null;
}

export interface ImportedRow {
  draft: OrderDraft;
  /** Errors of reading the cells (not a number, unknown city…), keyed by draft path. */
  errors: Record<string, string>;
}

/**
 * One row of an import file as an order draft built with the wizard's own reducer (so the cargo-tab
 * and services invariants hold), sender and recipient individuals, payer and customer the sender,
 * the personal-data consent as given for the whole file. Cells that cannot be read leave the field
 * empty and add an error; `validateOrderDraft` then adds the wizard's own checks.
 */
export function importRowToDraft(row: CargoImportRow, lookups: ImportLookups, consent: boolean): ImportedRow {
  const M = CARGO_TRANSFER_TEXTS;
  const errors: Record<string, string> = {};
  const cell = (key: CargoImportColumnKey) => (row[key] ?? '').trim();
  const number = (key: CargoImportColumnKey, path: string, integer = false): number | null => {
    const value = parseImportNumber(cell(key));
    if (value === null) return null;
    if (Number.isNaN(value) || (integer && !Number.isInteger(value))) {
      errors[path] = integer ? M.integerInvalid : M.numberInvalid;
      return null;
    }
    return value;
  };
  let draft = createOrderDraft();
  const apply = (action: Parameters<typeof orderDraftReducer>[1]) => {
    draft = orderDraftReducer(draft, action);
  };

  const city = (key: CargoImportColumnKey, path: string) => {
    const name = cell(key);
    if (!name) return null;
    const found = lookups.city(name);
    if (!found) errors[path] = M.cityUnknown;
    return found;
  };
  const departureAddress = cell('departure_address');
  const deliveryAddress = cell('delivery_address');
  apply({
    type: 'destination/update',
    patch: {
      city_departure: city('city_departure', 'destination.city_departure'),
      city_delivery: city('city_delivery', 'destination.city_delivery'),
      departure_type: departureAddress ? 'address' : 'warehouse',
      delivery_type: deliveryAddress ? 'address' : 'warehouse',
      departure_address: departureAddress,
      delivery_address: deliveryAddress,
    },
  });

  const quantity = number('quantity', 'cargo.quantity', true);
  if (quantity !== null && quantity > 1) apply({ type: 'cargo/selectTab', tab: 'multiple' });
  if (quantity !== null && quantity < 1) errors['cargo.quantity'] = M.integerInvalid;
  apply({
    type: 'cargo/update',
    patch: {
      ...(quantity !== null ? { quantity } : {}),
      weight: number('weight', 'cargo.weight'),
      length: number('length', 'cargo.length'),
      width: number('width', 'cargo.width'),
      height: number('height', 'cargo.height'),
      volume: number('volume', 'cargo.volume'),
    },
  });

  const date = parseImportDate(cell('departure_date'));
  if (date === 'invalid') errors['time.departure.date'] = M.dateInvalid;
  const timeFrom = parseImportTime(cell('time_from'));
  if (timeFrom === 'invalid') errors['time.departure.timeFrom'] = M.timeInvalid;
  const timeTo = parseImportTime(cell('time_to'));
  if (timeTo === 'invalid') errors['time.departure.timeTo'] = M.timeInvalid;
  apply({
    type: 'time/update',
    block: 'departure',
    patch: {
      date: date === 'invalid' ? null : date,
      timeFrom: timeFrom === 'invalid' ? null : timeFrom,
      timeTo: timeTo === 'invalid' ? null : timeTo,
    },
  });

  const transportText = cell('transportation_type');
  if (transportText) {
    const code = lookups.transport(transportText);
    if (code) apply({ type: 'transportation/select', id: code });
    else errors['transportationType'] = M.transportUnknown;
  }
  const paymentText = cell('payment_type');
  if (paymentText) {
    const payment = PAYMENT_BY_NAME.get(normalizeImportHeader(paymentText));
    if (payment) apply({ type: 'payment/select', paymentType: payment });
    else errors['paymentType'] = M.paymentUnknown;
  }
  const declared = number('declared_value', 'services.declaredValue');
  if (declared !== null) apply({ type: 'services/update', patch: { declaredValue: declared } });

  for (const who of ['sender', 'recipient'] as const) {
    apply({
      type: 'contacts/update',
      participant: who,
      patch: { name: cell(`${who}_name`), phone: cell(`${who}_phone`), email: cell(`${who}_email`) },
    });
  }
  apply({ type: 'consent/set', value: consent });
  return { draft, errors };
}
