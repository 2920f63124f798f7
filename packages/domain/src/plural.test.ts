import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { formatCount, pluralize } from './plural';

const place = MESSAGES.plural.place;

describe('pluralize', () => {
  it.each([
    [0, 'мест'],
    [1, 'место'],
    [2, 'места'],
    [4, 'места'],
    [5, 'мест'],
    [11, 'мест'],
    [12, 'мест'],
    [14, 'мест'],
    [21, 'место'],
    [22, 'места'],
    [25, 'мест'],
    [101, 'место'],
    [111, 'мест'],
    [1.5, 'места'],
    [-1, 'место'],
    [-2, 'места'],
    [Number.NaN, 'мест'],
    [Number.POSITIVE_INFINITY, 'мест'],
  ])('%s → %s', (count, expected) => {
    expect(pluralize(count, place)).toBe(expected);
  });

  it('falls back to few for fractions without an other form', () => {
    expect(pluralize(2.5, { one: 'файл', few: 'файла', many: 'файлов' })).toBe('файла');
  });

  it.each([
    [MESSAGES.plural.cargo, [1, 3, 7], ['груз', 'груза', 'грузов']],
    [MESSAGES.plural.file, [1, 3, 7], ['файл', 'файла', 'файлов']],
    [MESSAGES.plural.day, [1, 3, 7], ['день', 'дня', 'дней']],
    [MESSAGES.plural.workingDay, [1, 3, 7], ['рабочий день', 'рабочих дня', 'рабочих дней']],
    [MESSAGES.plural.character, [1, 3, 320], ['символ', 'символа', 'символов']],
  ])('catalogue forms %j', (forms, counts, expected) => {
    expect(counts.map((count) => pluralize(count, forms))).toEqual(expected);
  });
});

describe('formatCount', () => {
  it.each([
    [1, '1 место'],
    [2, '2 места'],
    [5, '5 мест'],
    [21, '21 место'],
    [1000, '1\u00A0000 мест'],
    [1.5, '1,5 места'],
    [Number.NaN, 'мест'],
  ])('%s → %j', (count, expected) => {
    expect(formatCount(count, place)).toBe(expected);
  });
});
