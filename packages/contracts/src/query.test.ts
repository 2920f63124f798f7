import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyParamsAsAbsent, queryArray, queryBoolean, queryNumber, searchParamsToObject } from './query';

describe('query helpers', () => {
  it.each([
    ['a=1', { a: '1' }],
    ['a=1&a=2&b=x', { a: ['1', '2'], b: 'x' }],
    ['', {}],
    ['q=%D0%AF', { q: 'Я' }],
  ])('searchParamsToObject(%j)', (query, expected) => {
    expect(searchParamsToObject(new URLSearchParams(query))).toEqual(expected);
  });

  it.each([['maybe'], [''], [2], [null]])('queryBoolean refuses %j', (value) => {
    expect(queryBoolean.safeParse(value).success).toBe(false);
  });

  it.each([
    ['x', ['x']],
    [
      ['x', 'y'],
      ['x', 'y'],
    ],
  ])('queryArray(%j)', (value, expected) => {
    expect(queryArray.parse(value)).toEqual(expected);
  });

  describe('queryNumber: decimal only', () => {
    const weight = queryNumber('Укажите вес', { min: 0, max: 20_000 });
    const page = queryNumber('Неверная страница', { int: true, min: 1 });

    it.each([
      ['16', 16],
      ['016', 16],
      ['16.5', 16.5],
      ['0.01', 0.01],
      ['0', 0],
      [12.5, 12.5],
    ])('reads %j as %j', (value, expected) => {
      expect(weight.parse(value)).toBe(expected);
    });

    it.each([
      '0x10',
      '0X10',
      '0b10',
      '0o20',
      '1e3',
      '1E3',
      'Infinity',
      '-Infinity',
      'NaN',
      ' 16',
      '16 ',
      '+16',
      '16,5',
      '.5',
      '5.',
      '--1',
      '',
      '١٢',
      Number.POSITIVE_INFINITY,
      Number.NaN,
      true,
      null,
      ['1'],
    ])('refuses %j with its own message', (value) => {
      const result = weight.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Укажите вес']);
    });

    it('checks bounds and integers after parsing, with the same message', () => {
      expect(weight.safeParse('20001').error?.issues[0]?.message).toBe('Укажите вес');
      expect(weight.safeParse('-1').error?.issues[0]?.message).toBe('Укажите вес');
      expect(page.safeParse('1.5').error?.issues[0]?.message).toBe('Неверная страница');
      expect(page.safeParse('0').error?.issues[0]?.message).toBe('Неверная страница');
      expect(page.parse('3')).toBe(3);
    });
  });

  describe('emptyParamsAsAbsent', () => {
    const schema = z.object({
      city_name: z.string().min(2).optional(),
      with_subd_only: queryBoolean.default(false),
      page: queryNumber('x').default(1),
      required: z.string(),
    });
    const normalise = emptyParamsAsAbsent(schema);

    it('drops optional parameters given empty, keeps required ones and non-empty values', () => {
      expect(normalise({ city_name: '', with_subd_only: '', page: '', required: '' })).toEqual({ required: '' });
      expect(normalise({ city_name: 'Мо', required: 'x', other: '' })).toEqual({
        city_name: 'Мо',
        required: 'x',
        other: '',
      });
      expect(schema.parse(normalise({ city_name: '', with_subd_only: '', page: '', required: 'x' }))).toEqual({
        with_subd_only: false,
        page: 1,
        required: 'x',
      });
    });

    it('leaves anything that is not an object schema alone', () => {
      expect(emptyParamsAsAbsent(z.string())('')).toBe('');
      expect(normalise(null)).toBeNull();
    });
  });
});
