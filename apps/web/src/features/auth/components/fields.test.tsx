import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeField, PasswordField, ResendButton } from './fields';

function Controlled({ kind }: { kind: 'code' | 'password' }) {
  const [value, setValue] = useState('');
  if (kind === 'code') return <CodeField value={value} onValueChange={setValue} />;
  return <PasswordField label="Пароль" value={value} onValueChange={setValue} />;
}

describe('CodeField', () => {
  it('keeps only 6 digits of a pasted text', async () => {
    render(<Controlled kind="code" />);
    const input = screen.getByLabelText('Код из SMS');
    input.focus();
    await userEvent.paste('Код: 123 456.');
    expect(input).toHaveValue('123456');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  });
  it('with react-hook-form’s register: the form gets only the digits, typed or pasted', async () => {
    const submitted = vi.fn();
    function Registered() {
      const form = useForm({ defaultValues: { code: '' } });
      return (
        <form onSubmit={form.handleSubmit(submitted)}>
          <CodeField {...form.register('code')} />
          <button type="submit">Отправить</button>
        </form>
      );
    }
    render(<Registered />);
    const input = screen.getByLabelText('Код из SMS');
    await userEvent.type(input, '1a2');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(submitted).toHaveBeenLastCalledWith({ code: '12' }, expect.anything());
    input.focus();
    await userEvent.paste('Код: 654 321.');
    expect(input).toHaveValue('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(submitted).toHaveBeenLastCalledWith({ code: '654321' }, expect.anything());
  });
  it('ignores letters typed', async () => {
    render(<Controlled kind="code" />);
    const input = screen.getByLabelText('Код из SMS');
    await userEvent.type(input, '12a3');
    expect(input).toHaveValue('123');
  });
});

describe('PasswordField', () => {
  it('shows and hides the password', async () => {
    render(<Controlled kind="password" />);
    const input = screen.getByLabelText('Пароль');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Скрыть пароль' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('ResendButton', () => {
  afterEach(() => vi.useRealTimers());
  it('counts down and then allows a resend', () => {
    vi.useFakeTimers();
    const onResend = vi.fn();
    render(<ResendButton until={Date.now() + 60_000} loading={false} onResend={onResend} />);
    expect(screen.getByRole('button', { name: 'Отправить код повторно через 1:00' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('button', { name: 'Отправить код повторно через 0:45' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(45_000));
    const button = screen.getByRole('button', { name: 'Отправить код повторно' });
    expect(button).toBeEnabled();
    act(() => button.click());
    expect(onResend).toHaveBeenCalledOnce();
  });
});
