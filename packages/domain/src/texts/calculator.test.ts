import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';

const T = MESSAGES.calculator;

describe('calculator texts', () => {
  it('are part of MESSAGES and build their phrases in Russian', () => {
    expect(T.pageTitle).toBe('Калькулятор стоимости доставки');
    expect(T.arrivalOn('3 декабря 2026 г.')).toBe('Доставим 3 декабря 2026 г.');
    expect(T.orderFor('Автоперевозка')).toBe('Оформить заявку: Автоперевозка');
    expect(T.breakdownTitle('Авиадоставка')).toBe('Детализация: Авиадоставка');
    expect(T.suggestionsLabel('Откуда')).toBe('Варианты: Откуда');
    expect(T.vatIncluded('807,22\u00a0₽')).toBe('В том числе НДС 807,22\u00a0₽');
    expect(T.totalAnnounce('Автоперевозка', '4\u00a0476,40\u00a0₽', '3 декабря 2026 г.')).toBe(
      'Автоперевозка: 4\u00a0476,40\u00a0₽, доставим 3 декабря 2026 г.',
    );
  });
});
