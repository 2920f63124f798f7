import { normalizePhone } from '@freight/domain/phone';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PhoneInput } from './phone-input';

function Controlled({ onPhone }: { onPhone?: (e164: string | null) => void }) {
  const [value, setValue] = useState('');
  return <PhoneInput label="Телефон" value={value} onValueChange={setValue} onPhoneChange={onPhone} />;
}

describe('PhoneInput', () => {
  it('is a tel field labelled «Телефон» by default, with the format as placeholder', () => {
    render(<PhoneInput />);
    const input = screen.getByLabelText('Телефон');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('inputmode', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel');
    expect(input).toHaveAttribute('placeholder', '+7(999) 123-45-67');
  });

  it('formats as the user types and reports E.164 once the number is complete', async () => {
    const user = userEvent.setup();
    const onPhone = vi.fn();
    render(<Controlled onPhone={onPhone} />);
    const input = screen.getByLabelText('Телефон');
    await user.type(input, '8999123456');
    expect(input).toHaveValue('+7(999) 123-45-6');
    expect(onPhone).toHaveBeenLastCalledWith(null);
    await user.type(input, '7');
    expect(input).toHaveValue('+7(999) 123-45-67');
    expect(onPhone).toHaveBeenLastCalledWith('+79991234567');
  });

  it.each([
    ['89161234567', '+7(916) 123-45-67'],
    ['9161234567', '+7(916) 123-45-67'],
    ['+7 916 12', '+7(916) 12'],
  ])('formats %s as the user types → %s', async (typed, shown) => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByLabelText('Телефон');
    await user.type(input, typed);
    expect(input).toHaveValue(shown);
  });

  it('treats a first digit other than 7 or 8 as the start of the national number', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByLabelText('Телефон');
    await user.type(input, '9161234567');
    expect(input).toHaveValue('+7(916) 123-45-67');
    expect(normalizePhone((input as HTMLInputElement).value)).toBe('+79161234567');
  });

  it('formats a pasted number', async () => {
    const user = userEvent.setup();
    const onPhone = vi.fn();
    render(<Controlled onPhone={onPhone} />);
    const input = screen.getByLabelText('Телефон');
    input.focus();
    await user.paste('+7 (495) 000-11-22');
    expect(input).toHaveValue('+7(495) 000-11-22');
    expect(onPhone).toHaveBeenLastCalledWith('+74950001122');
  });

  it('keeps the caret after the same digit when a digit is inserted in the middle', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByLabelText('Телефон') as HTMLInputElement;
    await user.type(input, '899912345');
    expect(input).toHaveValue('+7(999) 123-45');
    // Caret after «+7(99», type 8: digits 7 9 9 8 | 9 1 2 3 4 5.
    input.setSelectionRange(5, 5);
    await user.keyboard('8');
    expect(input).toHaveValue('+7(998) 912-34-5');
    expect(input.selectionStart).toBe(6);
  });

  it('works uncontrolled (react-hook-form register): the element holds the formatted text', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn((event: React.ChangeEvent<HTMLInputElement>) => event.target.value);
    render(
      <form data-testid="f">
        <PhoneInput label="Телефон" name="phone" onChange={onChange} />
      </form>,
    );
    await user.type(screen.getByLabelText('Телефон'), '89991234567');
    expect(onChange).toHaveLastReturnedWith('+7(999) 123-45-67');
    expect(new FormData(screen.getByTestId('f') as HTMLFormElement).get('phone')).toBe('+7(999) 123-45-67');
  });

  it('shows an error bound to the field', () => {
    render(<PhoneInput label="Телефон" error="Введите номер телефона" />);
    const input = screen.getByLabelText('Телефон');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Введите номер телефона');
  });
});
