import { describe, expect, it } from 'vitest';
import { getDisplayName, type UserNameSource } from './user';

describe('getDisplayName', () => {
  it.each<[UserNameSource, string]>([
    [{ id: 7, name: 'Иван Петров' }, 'Иван Петров'],
    [{ id: 7, name: '  Иван  ' }, 'Иван'],
    [{ id: 7, name: 'John Smith-Иванов 🚚' }, 'John Smith-Иванов 🚚'],
    [{ id: 7, name: '' }, 'Клиент-7'],
    [{ id: 7, name: '   ' }, 'Клиент-7'],
    [{ id: 7, name: null }, 'Клиент-7'],
    [{ id: 7 }, 'Клиент-7'],
    [{ id: 'a1b2', name: undefined }, 'Клиент-a1b2'],
    [{ id: 0, name: null }, 'Клиент-0'],
  ])('%j → %j', (user, expected) => {
    expect(getDisplayName(user)).toBe(expected);
  });
});
