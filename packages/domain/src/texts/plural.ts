/** Word forms for `pluralize`: one (1, 21), few (2–4, 22), many (5–20, 25), other (fractions). Part of the MESSAGES catalogue (messages.ts). */
export const PLURAL_TEXTS = {
  place: { one: 'место', few: 'места', many: 'мест', other: 'места' },
  cargo: { one: 'груз', few: 'груза', many: 'грузов', other: 'груза' },
  order: { one: 'заказ', few: 'заказа', many: 'заказов', other: 'заказа' },
  request: { one: 'заявка', few: 'заявки', many: 'заявок', other: 'заявки' },
  /** «Создать 1 заявку». */
  requestAccusative: { one: 'заявку', few: 'заявки', many: 'заявок', other: 'заявки' },
  file: { one: 'файл', few: 'файла', many: 'файлов', other: 'файла' },
  day: { one: 'день', few: 'дня', many: 'дней', other: 'дня' },
  workingDay: { one: 'рабочий день', few: 'рабочих дня', many: 'рабочих дней', other: 'рабочего дня' },
  character: { one: 'символ', few: 'символа', many: 'символов', other: 'символа' },
  city: { one: 'город', few: 'города', many: 'городов', other: 'города' },
  office: { one: 'офис', few: 'офиса', many: 'офисов', other: 'офиса' },
  point: { one: 'пункт', few: 'пункта', many: 'пунктов', other: 'пункта' },
  region: { one: 'регион', few: 'региона', many: 'регионов', other: 'региона' },
  kilometre: { one: 'километр', few: 'километра', many: 'километров', other: 'километра' },
} as const;
