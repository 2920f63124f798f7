import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@freight/contracts/paths';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';
import { AUTH_SCREEN_TEXTS as T } from '@freight/domain/texts/auth-screen';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, errorOf, json, stubFetch } from '../testing';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { ResetPasswordForm } = await import('./reset-password-form');

const user = { user: { id: 1, name: 'Мария', phone: '+79161234567', email: null } };
const TOKEN = 'a'.repeat(43);

const { fetchMock, calls } = stubFetch();
afterEach(() => router.replace.mockReset());

describe('ResetPasswordForm', () => {
  it('a malformed link is the form’s message, with the way to a new one', async () => {
    render(<ResetPasswordForm token="short" />);
    await userEvent.type(screen.getByLabelText(T.newPassword), 'Перевозка2026');
    await userEvent.type(screen.getByLabelText(T.repeatPassword), 'Перевозка2026');
    await userEvent.click(screen.getByRole('button', { name: T.savePassword }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AUTH_TEXTS.emailLinkInvalid);
    expect(alert.querySelector('a')).toHaveAttribute('href', '/auth/forgot-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token and the new password (not the repeat); a server password message lands on its field', async () => {
    fetchMock.mockResolvedValueOnce(
      apiError(400, 'VALIDATION_FAILED', 'Проверьте поля', { new_password: AUTH_TEXTS.passwordWeak }),
    );
    render(<ResetPasswordForm token={TOKEN} />);
    const password = screen.getByLabelText(T.newPassword);
    await userEvent.type(password, 'Перевозка2026');
    await userEvent.type(screen.getByLabelText(T.repeatPassword), 'Перевозка2026');
    await userEvent.click(screen.getByRole('button', { name: T.savePassword }));
    await waitFor(() => expect(errorOf(password)).toBe(AUTH_TEXTS.passwordWeak));
    expect(password).toHaveFocus();

    fetchMock.mockResolvedValueOnce(json(200, user));
    await userEvent.click(screen.getByRole('button', { name: T.savePassword }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/personal-account'));
    expect(calls()[0]).toEqual([API_PATHS.resetPasswordEmail, { token: TOKEN, new_password: 'Перевозка2026' }]);
  });
});
