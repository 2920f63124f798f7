import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PromoConditions } from './promo-conditions';

const S = '\u00a0';

describe('PromoConditions', () => {
  it('states the code’s conditions as one sentence, the code itself in bold', () => {
    const conditions = `Промокод START10: −10 % на заказ от 3${S}000${S}₽, до 30 июня 2027 г.`;
    render(<PromoConditions code="START10" conditions={conditions} />);
    const line = screen.getByTestId('promo-conditions');
    expect(line.textContent).toBe(`${conditions}.`);
    expect(line.querySelector('strong')?.textContent).toBe('START10');
  });

  it('a refusal that names the code is shown the same way', () => {
    render(<PromoConditions code="START10" conditions="Лимит использований промокода START10 исчерпан" />);
    expect(screen.getByTestId('promo-conditions').textContent).toBe('Лимит использований промокода START10 исчерпан.');
  });
});
