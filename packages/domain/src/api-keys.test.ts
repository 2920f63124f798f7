import { describe, expect, it } from 'vitest';
import {
  API_KEYS_PER_PROFILE,
  API_KEY_PATTERN,
  API_KEY_SCOPES,
  API_KEY_SCOPE_PERMISSION,
  apiKeyPrefix,
  isApiKeyScope,
} from './api-keys';
import { formatCount } from './plural';
import { PROFILE_PERMISSIONS } from './team';
import { API_KEYS_TEXTS } from './texts/api-keys';

const S = API_KEYS_TEXTS.screen;

describe('API keys', () => {
  it.each([
    ['mg_live_Ab12Cd34_0123456789abcdefghijABCDEFGHIJklmnopqrst', 'Ab12Cd34'],
    ['mg_live_Ab12Cd34_0123456789abcdefghijABCDEFGHIJklmnopqrs', null],
    ['mg_live_Ab12Cd3_0123456789abcdefghijABCDEFGHIJklmnopqrst', null],
    ['mg_test_Ab12Cd34_0123456789abcdefghijABCDEFGHIJklmnopqrst', null],
    ['mg_live_Ab12Cd34_0123456789abcdefghijABCDEFGHIJklmnopqrs-', null],
    [' mg_live_Ab12Cd34_0123456789abcdefghijABCDEFGHIJklmnopqrst', null],
  ])('%s has the public id %s', (key, id) => {
    expect(API_KEY_PATTERN.exec(key)?.[1] ?? null).toBe(id);
  });

  it('shows the prefix of a public id', () => {
    expect(apiKeyPrefix('Ab12Cd34')).toBe('mg_live_Ab12Cd34');
  });

  it.each([
    ['cargo:read', true],
    ['requests:create', true],
    ['calculate', true],
    ['admin', false],
    [null, false],
  ])('isApiKeyScope(%j) is %s', (value, expected) => {
    expect(isApiKeyScope(value)).toBe(expected);
  });

  it('each scope has a label, a hint and a permission that exists', () => {
    for (const scope of API_KEY_SCOPES) {
      expect(API_KEYS_TEXTS.scopes[scope]).toBeTruthy();
      expect(API_KEYS_TEXTS.scopeHints[scope]).toBeTruthy();
      const permission = API_KEY_SCOPE_PERMISSION[scope];
      if (permission !== null) expect(PROFILE_PERMISSIONS).toContain(permission);
    }
  });

  it('words the screen in Russian', () => {
    expect(API_KEYS_TEXTS.tooManyKeys).toContain(String(API_KEYS_PER_PROFILE));
    expect(API_KEYS_TEXTS.scopeMissing('Читать грузы')).toBe('У ключа API нет права «Читать грузы»');
    expect(S.createdAt('2 марта 2026 г.', 'Ольга')).toBe('Создан 2 марта 2026 г., Ольга');
    expect(S.createdAt('2 марта 2026 г.', null)).toBe('Создан 2 марта 2026 г.');
    expect(S.lastUsed('3 марта')).toBe('Последнее использование: 3 марта');
    expect(S.revokedAt('5 марта')).toBe('Отозван 5 марта');
    expect(S.rateLimit(formatCount(1, S.requestForms))).toBe('Не больше 1 запроса в минуту');
    expect(S.rateLimit(formatCount(120, S.requestForms))).toBe('Не больше 120 запросов в минуту');
    expect(S.secretLabel('CRM')).toBe('Ключ «CRM»');
    expect(S.revokeText('CRM')).toContain('«CRM»');
    expect(S.revokedNotice('CRM')).toBe('Ключ «CRM» отозван');
    expect(S.howToLimits('120 запросов')).toContain('120 запросов в минуту');
    expect(API_KEYS_TEXTS.page.lead('ООО «Ромашка»')).toBe(
      'Подключите ваши программы к перевозкам профиля ООО «Ромашка».',
    );
  });
});
