import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { saveErrorText } from './api-field-errors';

const refusal = (message: string, fields?: Record<string, string>) =>
  new ApiError(422, { error: { code: 'VALIDATION_FAILED', message, ...(fields ? { fields } : {}) } });

describe('saveErrorText', () => {
  it.each([
    ['a field the form has: under it, the API’s text above', { slug: 'Адрес занят' }, ['slug'], 'Проверьте поля'],
    ['a field the form lacks: its message above', { account_uuid: 'Профиль не найден' }, [], 'Профиль не найден'],
    ['no fields: the API’s text', undefined, [], 'Проверьте поля'],
  ])('%s', (_, fields, placed, text) => {
    const setError = vi.fn();
    expect(saveErrorText(refusal('Проверьте поля', fields), ['slug', 'title'], setError)).toBe(text);
    expect(setError.mock.calls.map(([field]) => field)).toEqual(placed);
  });

  it.each([
    ['a renamed field: under the form’s field', { amount_kopecks: 'Больше лимита' }, ['amount'], 'Проверьте поля'],
    ['a field the map lacks: its message above', { is_default: 'Нельзя' }, [], 'Нельзя'],
  ])('with a map of names, %s', (_, fields, placed, text) => {
    const setError = vi.fn();
    expect(saveErrorText(refusal('Проверьте поля', fields), { amount_kopecks: 'amount' }, setError)).toBe(text);
    expect(setError.mock.calls.map(([field]) => field)).toEqual(placed);
  });

  it('anything else is shown as it is', () => {
    expect(saveErrorText(new TypeError('Failed to fetch'), [], vi.fn())).toBe('TypeError: Failed to fetch');
  });
});
