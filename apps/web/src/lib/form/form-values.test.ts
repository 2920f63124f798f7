import { describe, expect, it } from 'vitest';
import { formValuesOf } from './form-values';

const EMPTY = { title: '', position: '0', percent: '', account: '', is_active: true };

describe('formValuesOf', () => {
  it.each([
    ['no record: the empty form', undefined, EMPTY],
    [
      'a record: its values, numbers as text, null as empty',
      { title: 'Скидка', position: 3, percent: null, account: 'a1', is_active: false, id: 9 },
      { title: 'Скидка', position: '3', percent: '', account: 'a1', is_active: false },
    ],
    [
      'a field the record lacks keeps its empty value',
      { title: 'Акция', percent: 15 },
      { ...EMPTY, title: 'Акция', percent: '15' },
    ],
  ])('%s', (_, record, values) => {
    expect(formValuesOf(EMPTY, record)).toEqual(values);
  });
});
