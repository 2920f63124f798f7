import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConsentCheckbox } from './consent-checkbox';

describe('ConsentCheckbox', () => {
  it('names the box with the consent sentence and links the consent document in a new tab', () => {
    render(<ConsentCheckbox suffix="указанного контакта" checked={false} onCheckedChange={() => {}} />);
    const box = screen.getByRole('checkbox', {
      name: 'Я даю согласие на обработку персональных данных указанного контакта',
    });
    expect(box).not.toBeChecked();
    const link = screen.getByRole('link', { name: 'согласие на обработку персональных данных' });
    expect(link).toHaveAttribute('href', '/docs-n-policies#consent');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('reports ticks and shows the error bound to the box', async () => {
    const onCheckedChange = vi.fn();
    render(
      <ConsentCheckbox
        error="Необходимо согласие на обработку персональных данных"
        onCheckedChange={onCheckedChange}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Необходимо согласие на обработку персональных данных');
    await userEvent.click(box);
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });
});
