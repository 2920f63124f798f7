import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextArea } from './text-area';

describe('TextArea', () => {
  it('is labelled by its label and passes typing through', async () => {
    const onChange = vi.fn();
    render(<TextArea label="Сообщение" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Сообщение' });
    await userEvent.type(field, 'Груз');
    expect(onChange).toHaveBeenCalledTimes(4);
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error, marks the field invalid and describes it by the message', () => {
    render(<TextArea label="Сообщение" error="Введите сообщение" />);
    const field = screen.getByRole('textbox', { name: 'Сообщение' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Введите сообщение');
  });
});
