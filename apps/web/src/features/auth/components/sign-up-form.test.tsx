import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@freight/contracts/paths';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';
import { AUTH_SCREEN_TEXTS as T } from '@freight/domain/texts/auth-screen';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, codeSent, errorOf, json, stubFetch } from '../testing';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { SignUpForm } = await import('./sign-up-form');

const user = { user: { id: 1, name: 'Мария Котова', phone: '+79121234567', email: null } };

describe('SignUpForm', () => {
  const { fetchMock, calls } = stubFetch();
  afterEach(() => {
    router.replace.mockReset();
    router.refresh.mockReset();
  });

  /** Phone → code → the details step. */
  async function toDetails(next = '/personal-account') {
    fetchMock
      .mockResolvedValueOnce(codeSent())
      .mockResolvedValueOnce(json(200, { phone_confirmed: true, expires_in: 900 }));
    render(<SignUpForm next={next} />);
    await userEvent.type(screen.getByLabelText(T.phone), '8 912 123-45-67');
    await userEvent.click(screen.getByRole('button', { name: T.getCode }));
    await userEvent.type(await screen.findByLabelText(T.code), '123 456');
    expect(screen.getByLabelText(T.code)).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: T.confirm }));
    await screen.findByLabelText(T.name);
  }

  it('the details step: an empty submit shows every Russian message, the consent one included, and focuses the name', async () => {
    await toDetails();
    await userEvent.click(screen.getByRole('button', { name: T.register }));
    const name = screen.getByLabelText(T.name);
    await waitFor(() => expect(errorOf(name)).toBe(AUTH_TEXTS.nameRequired));
    expect(errorOf(screen.getByLabelText(T.password))).toBe(AUTH_TEXTS.passwordRequired);
    expect(screen.getByText(AUTH_TEXTS.consentRequired)).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('registers with the contract body, a server e-mail error lands under the e-mail, then goes to `next`', async () => {
    await toDetails('/personal-account/invitation?token=abc');
    await userEvent.type(screen.getByLabelText(T.name), '  Мария   Котова ');
    await userEvent.type(screen.getByLabelText(T.password), 'Перевозка2026');
    await userEvent.click(screen.getByRole('checkbox'));

    fetchMock.mockResolvedValueOnce(
      apiError(409, 'EMAIL_TAKEN', AUTH_TEXTS.emailTaken, { email: AUTH_TEXTS.emailTaken }),
    );
    await userEvent.type(screen.getByLabelText(T.emailOptional), 'maria@example.ru');
    await userEvent.click(screen.getByRole('button', { name: T.register }));
    const email = screen.getByLabelText(T.emailOptional);
    await waitFor(() => expect(errorOf(email)).toBe(AUTH_TEXTS.emailTaken));
    expect(email).toHaveFocus();

    fetchMock.mockResolvedValueOnce(json(200, user));
    await userEvent.clear(email);
    await userEvent.click(screen.getByRole('button', { name: T.register }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/personal-account/invitation?token=abc'));
    expect(calls().slice(1)).toEqual([
      [API_PATHS.phoneConfirmation, { phone: '+79121234567', code: '123456' }],
      [
        API_PATHS.registration,
        { name: 'Мария Котова', password: 'Перевозка2026', email: 'maria@example.ru', consent: true },
      ],
      [API_PATHS.registration, { name: 'Мария Котова', password: 'Перевозка2026', consent: true }],
    ]);
  });

  it('with an e-mail: the code from the mail (its own field name), a wrong one on the field, then `next`', async () => {
    await toDetails();
    await userEvent.type(screen.getByLabelText(T.name), 'Мария');
    await userEvent.type(screen.getByLabelText(T.password), 'Перевозка2026');
    await userEvent.type(screen.getByLabelText(T.emailOptional), 'maria@example.ru');
    await userEvent.click(screen.getByRole('checkbox'));
    fetchMock.mockResolvedValueOnce(json(200, user));
    await userEvent.click(screen.getByRole('button', { name: T.register }));

    const code = await screen.findByLabelText(T.emailCode);
    expect(code).toHaveAttribute('name', 'email-code');
    expect(router.refresh).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: T.confirm }));
    await waitFor(() => expect(errorOf(code)).toBe(AUTH_TEXTS.codeRequired));

    fetchMock.mockResolvedValueOnce(
      apiError(400, 'CODE_INVALID', AUTH_TEXTS.codeInvalid, { code: AUTH_TEXTS.codeInvalid }),
    );
    await userEvent.type(code, 'код 11-11-11');
    expect(code).toHaveValue('111111');
    await userEvent.click(screen.getByRole('button', { name: T.confirm }));
    await waitFor(() => expect(errorOf(code)).toBe(AUTH_TEXTS.codeInvalid));

    fetchMock.mockResolvedValueOnce(json(200, user.user));
    await userEvent.clear(code);
    await userEvent.type(code, '222222');
    await userEvent.click(screen.getByRole('button', { name: T.confirm }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/personal-account'));
    expect(calls().at(-1)).toEqual([API_PATHS.emailConfirmation, { code: '222222' }]);
  });

  it('«Изменить номер» goes back to the phone with the typed number kept and the code emptied', async () => {
    fetchMock.mockImplementation(async () => codeSent());
    render(<SignUpForm />);
    await userEvent.type(screen.getByLabelText(T.phone), '9121234567');
    await userEvent.click(screen.getByRole('button', { name: T.getCode }));
    await userEvent.type(await screen.findByLabelText(T.code), '12');
    await userEvent.click(screen.getByRole('button', { name: T.changePhoneNumber }));
    expect(screen.getByLabelText(T.phone)).toHaveValue('+7(912) 123-45-67');
    await userEvent.click(screen.getByRole('button', { name: T.getCode }));
    expect(await screen.findByLabelText(T.code)).toHaveValue('');
  });
});
