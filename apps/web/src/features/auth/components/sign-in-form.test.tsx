import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@freight/contracts/paths';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';
import { AUTH_SCREEN_TEXTS as T } from '@freight/domain/texts/auth-screen';
import { PHONE_TEXTS } from '@freight/domain/texts/phone';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, codeSent, errorOf, json, stubFetch } from '../testing';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { SignInForm } = await import('./sign-in-form');

const user = { user: { id: 1, name: 'Мария', phone: '+79161234567', email: null } };

describe('SignInForm', () => {
  const { fetchMock, calls } = stubFetch();
  afterEach(() => router.replace.mockReset());

  it('an empty form shows the Russian messages under the fields, focuses the phone and sends nothing', async () => {
    render(<SignInForm next="/personal-account" />);
    await userEvent.click(screen.getByRole('button', { name: T.signIn }));
    const phone = screen.getByLabelText(T.phone);
    await waitFor(() => expect(errorOf(phone)).toBe(PHONE_TEXTS.required));
    expect(errorOf(screen.getByLabelText(T.password))).toBe(AUTH_TEXTS.passwordRequired);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the contract body (phone as +7…) and goes to `next`', async () => {
    fetchMock.mockResolvedValueOnce(json(200, user));
    render(<SignInForm next="/order?step=participants" />);
    await userEvent.type(screen.getByLabelText(T.phone), '8 916 123-45-67');
    await userEvent.type(screen.getByLabelText(T.password), 'Перевозка2026');
    await userEvent.click(screen.getByRole('button', { name: T.signIn }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/order?step=participants'));
    expect(calls()).toEqual([[API_PATHS.authorization, { phone: '+79161234567', password: 'Перевозка2026' }]]);
  });

  it.each([
    ['a phone message lands under the phone', { phone: 'Номер заблокирован' }, 'Номер заблокирован', null],
    ['a message without a shown field is the form’s', undefined, null, AUTH_TEXTS.wrongCredentials],
  ])('server errors: %s', async (_case, fields, phoneError, alert) => {
    fetchMock.mockResolvedValueOnce(apiError(400, 'WRONG_CREDENTIALS', AUTH_TEXTS.wrongCredentials, fields));
    render(<SignInForm next="/personal-account" />);
    await userEvent.type(screen.getByLabelText(T.phone), '9161234567');
    await userEvent.type(screen.getByLabelText(T.password), 'НеверныйПароль1');
    await userEvent.click(screen.getByRole('button', { name: T.signIn }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    if (phoneError) await waitFor(() => expect(errorOf(screen.getByLabelText(T.phone))).toBe(phoneError));
    if (alert) expect(await screen.findByRole('alert')).toHaveTextContent(alert);
    else expect(screen.queryByRole('alert')).toBeNull();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('by code: the phone step checks the phone, a wrong code lands on the code field, the right one signs in', async () => {
    render(<SignInForm next="/personal-account" />);
    await userEvent.click(screen.getByRole('tab', { name: T.signInByCode }));
    await userEvent.click(screen.getByRole('button', { name: T.getCode }));
    await waitFor(() => expect(errorOf(screen.getByLabelText(T.phone))).toBe(PHONE_TEXTS.required));

    fetchMock.mockResolvedValueOnce(codeSent());
    await userEvent.type(screen.getByLabelText(T.phone), '9161234567');
    await userEvent.click(screen.getByRole('button', { name: T.getCode }));
    const code = await screen.findByLabelText(T.code);
    expect(screen.getByText(T.codeHint('+7(916) 123-45-67'))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: T.signIn }));
    await waitFor(() => expect(errorOf(code)).toBe(AUTH_TEXTS.codeRequired));

    fetchMock.mockResolvedValueOnce(
      apiError(400, 'CODE_INVALID', AUTH_TEXTS.codeInvalid, { code: AUTH_TEXTS.codeInvalid }),
    );
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: T.signIn }));
    await waitFor(() => expect(errorOf(code)).toBe(AUTH_TEXTS.codeInvalid));
    expect(code).toHaveFocus();

    fetchMock.mockResolvedValueOnce(json(200, user));
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: T.signIn }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/personal-account'));
    expect(calls()).toEqual([
      [API_PATHS.phoneVerificationCode, { phone: '+79161234567', purpose: 'sign_in' }],
      [API_PATHS.disposableAuthorization, { phone: '+79161234567', code: '000000' }],
      [API_PATHS.disposableAuthorization, { phone: '+79161234567', code: '123456' }],
    ]);
  });

  it('by code: «wait before resending» before any code went out is shown under the phone', async () => {
    const wait = `${AUTH_TEXTS.resendTooSoon} 45 секунд`;
    fetchMock.mockResolvedValueOnce(apiError(429, 'TOO_SOON', wait, { code: wait }));
    render(<SignInForm next="/personal-account" />);
    await userEvent.click(screen.getByRole('tab', { name: T.signInByCode }));
    await userEvent.type(screen.getByLabelText(T.phone), '9161234567');
    await userEvent.click(screen.getByRole('button', { name: T.getCode }));
    await waitFor(() => expect(errorOf(screen.getByLabelText(T.phone))).toBe(wait));
    expect(screen.queryByLabelText(T.code)).toBeNull();
  });
});
