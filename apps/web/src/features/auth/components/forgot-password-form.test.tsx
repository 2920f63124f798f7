import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@freight/contracts/paths';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';
import { AUTH_SCREEN_TEXTS as T } from '@freight/domain/texts/auth-screen';
import { TEXT_TEXTS } from '@freight/domain/texts/text';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, codeSent, errorOf, json, stubFetch } from '../testing';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { ForgotPasswordForm } = await import('./forgot-password-form');

const user = { user: { id: 1, name: 'Мария', phone: '+79161234567', email: null } };

const { fetchMock, calls } = stubFetch();
afterEach(() => router.replace.mockReset());

describe('ForgotPasswordForm', () => {
  it('by SMS: the code and the new password typed twice, mismatch and server messages on their fields', async () => {
    fetchMock.mockResolvedValueOnce(codeSent());
    render(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText(T.phone), '9161234567');
    await userEvent.click(screen.getByRole('button', { name: T.getCode }));
    const code = await screen.findByLabelText(T.code);
    const password = screen.getByLabelText(T.newPassword);
    const repeat = screen.getByLabelText(T.repeatPassword);

    await userEvent.click(screen.getByRole('button', { name: T.savePassword }));
    await waitFor(() => expect(errorOf(code)).toBe(AUTH_TEXTS.codeRequired));
    expect(errorOf(password)).toBe(AUTH_TEXTS.passwordRequired);
    expect(code).toHaveFocus();

    await userEvent.type(code, '12345');
    await userEvent.type(password, 'Перевозка2026');
    await userEvent.type(repeat, 'Перевозка2027');
    await userEvent.click(screen.getByRole('button', { name: T.savePassword }));
    await waitFor(() => expect(errorOf(code)).toBe(AUTH_TEXTS.codeFormat));
    expect(errorOf(repeat)).toBe(AUTH_TEXTS.passwordMismatch);
    expect(errorOf(password)).toBeNull();

    fetchMock.mockResolvedValueOnce(
      apiError(400, 'CODE_INVALID', AUTH_TEXTS.codeInvalid, { code: AUTH_TEXTS.codeInvalid }),
    );
    await userEvent.type(code, '0');
    await userEvent.clear(repeat);
    await userEvent.type(repeat, 'Перевозка2026');
    await userEvent.click(screen.getByRole('button', { name: T.savePassword }));
    await waitFor(() => expect(errorOf(code)).toBe(AUTH_TEXTS.codeInvalid));
    expect(errorOf(repeat)).toBeNull();

    fetchMock.mockResolvedValueOnce(json(200, user));
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: T.savePassword }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/personal-account'));
    expect(calls().at(-1)).toEqual([
      API_PATHS.resetPasswordPhone,
      { phone: '+79161234567', code: '123456', new_password: 'Перевозка2026' },
    ]);
  });

  it('by e-mail: the address is required, then the server’s answer replaces the form', async () => {
    render(<ForgotPasswordForm />);
    await userEvent.click(screen.getByRole('tab', { name: T.forgotByEmail }));
    await userEvent.click(screen.getByRole('button', { name: T.sendLink }));
    const email = screen.getByLabelText(T.email);
    await waitFor(() => expect(errorOf(email)).toBe(TEXT_TEXTS.emailRequired));

    fetchMock.mockResolvedValueOnce(json(200, { sent: true, message: AUTH_TEXTS.emailSent }));
    await userEvent.type(email, ' Maria@Example.ru ');
    await userEvent.click(screen.getByRole('button', { name: T.sendLink }));
    expect(await screen.findByText(AUTH_TEXTS.emailSent)).toBeInTheDocument();
    expect(calls()).toEqual([[API_PATHS.forgotPassword, { email: 'maria@example.ru' }]]);
  });
});
