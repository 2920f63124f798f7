import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StarRating, StarsShown } from './star-rating';

function Rating({ onChange = vi.fn() }: { onChange?: (value: number) => void }) {
  const [value, setValue] = useState(0);
  return (
    <StarRating
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      starLabel={(n) => `${n} из 5`}
      aria-label="Оценка"
    />
  );
}

describe('StarRating', () => {
  it('is one Tab stop: the first star until one is chosen, then the chosen one', async () => {
    const user = userEvent.setup();
    render(<Rating />);
    const radios = within(screen.getByRole('radiogroup', { name: 'Оценка' })).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['1 из 5', '2 из 5', '3 из 5', '4 из 5', '5 из 5']);
    expect(radios.map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    await user.tab();
    expect(radios[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(radios[2]).toHaveFocus();
    expect(radios[2]).toHaveAttribute('aria-checked', 'true');
    expect(radios.map((r) => r.tabIndex)).toEqual([-1, -1, 0, -1, -1]);
  });

  it.each([
    ['a click', (star: HTMLElement) => fireEvent.click(star)],
    ['Space', (star: HTMLElement) => fireEvent.keyDown(star, { key: ' ' })],
  ])('%s chooses a star; the stars up to it are lit', (_, press) => {
    const onChange = vi.fn();
    render(<Rating onChange={onChange} />);
    press(screen.getByRole('radio', { name: '4 из 5' }));
    expect(onChange).toHaveBeenCalledWith(4);
    expect(screen.getAllByRole('radio').map((r) => r.classList.contains('lit'))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('stays within 1–5 at either end', () => {
    const onChange = vi.fn();
    render(<Rating onChange={onChange} />);
    fireEvent.keyDown(screen.getByRole('radio', { name: '1 из 5' }), { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('radio', { name: '5 из 5' }));
    fireEvent.keyDown(screen.getByRole('radio', { name: '5 из 5' }), { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith(5);
  });
});

describe('StarsShown', () => {
  it('is one image named in words, its stars hidden', () => {
    render(<StarsShown value={3} label="Ваша оценка: 3 из 5" />);
    const image = screen.getByRole('img', { name: 'Ваша оценка: 3 из 5' });
    const stars = [...image.children];
    expect(stars.every((star) => star.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(stars.map((star) => star.className)).toEqual(['lit', 'lit', 'lit', 'dim', 'dim']);
  });
});
