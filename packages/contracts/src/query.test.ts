import { describe, expect, it } from 'vitest';
import { queryArray, queryBoolean, searchParamsToObject } from './query';

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
});
