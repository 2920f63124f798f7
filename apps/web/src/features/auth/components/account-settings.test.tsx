import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@freight/contracts';
import { API_PATHS } from '@freight/contracts/paths';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';
import { AUTH_SCREEN_TEXTS as T } from '@freight/domain/texts/auth-screen';
import { PHONE_TEXTS } from '@freight/domain/texts/phone';
import { TEXT_TEXTS } from '@freight/domain/texts/text';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, codeSent, errorOf, json, stubFetch } from '../testing';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { AccountSettings } = await import('./account-settings');

const personal = {
  account_uuid: 'p-1',
  kind: 'individual',
  name: 'Мария Котова',
  inn: null,
  kpp: null,
  address: null,
  role: 'owner',
  role_label: 'Владелец',
  permissions: [],
  is_active: true,
} as const;
const profile: Profile = {
  id: 7,
  name: 'Мария Котова',
  phone: '+79161234567',
  email: 'maria@example.ru',
  is_verified: true,
  display_name: 'Мария Котова',
  pending_email: null,
  created_at: '2026-01-10T09:00:00.000Z',
  profiles: [{ ...personal, permissions: [] }],
  active_profile: { ...personal, permissions: [] },
  full_access: false,
};
const userInfo = (overrides: Partial<Profile> = {}) => ({ ...profile, ...overrides });

const section = (heading: string) => screen.getByRole('region', { name: heading });

describe('AccountSettings', () => {
  const { fetchMock, calls } = stubFetch();
  afterEach(() => router.refresh.mockReset());

  it('name: empty shows «Введите имя»; a saved name is the server’s cleaned one, with «Сохранено»', async () => {
    render(<AccountSettings profile={profile} sessions={[]} />);
    const box = section(T.nameSection);
    const name = within(box).getByLabelText(T.name);
    expect(name).toHaveValue('Мария Котова');
    await userEvent.clear(name);
    await userEvent.click(within(box).getByRole('button', { name: T.save }));
    await waitFor(() => expect(errorOf(name)).toBe(AUTH_TEXTS.nameRequired));
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(json(200, userInfo({ name: 'Мария Петрова' })));
    await userEvent.type(name, ' Мария   Петрова');
    await userEvent.click(within(box).getByRole('button', { name: T.save }));
    expect(await within(box).findByText(T.saved)).toBeInTheDocument();
    expect(name).toHaveValue('Мария Петрова');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${API_PATHS.changeName}?name=${encodeURIComponent('Мария Петрова')}`);
    expect(router.refresh).toHaveBeenCalled();
  });

  it('password: the mismatch, a wrong current password from the server on its field, then the fields emptied', async () => {
    render(<AccountSettings profile={profile} sessions={[]} />);
    const box = section(T.passwordSection);
    const current = within(box).getByLabelText(T.currentPassword);
    const repeat = within(box).getByLabelText(T.repeatPassword);
    await userEvent.type(current, 'Старый2025');
    await userEvent.type(within(box).getByLabelText(T.newPassword), 'Перевозка2026');
    await userEvent.type(repeat, 'Перевозка');
    await userEvent.click(within(box).getByRole('button', { name: T.changePassword }));
    await waitFor(() => expect(errorOf(repeat)).toBe(AUTH_TEXTS.passwordMismatch));
    expect(repeat).toHaveFocus();

    fetchMock.mockResolvedValueOnce(
      apiError(400, 'CURRENT_PASSWORD_WRONG', AUTH_TEXTS.currentPasswordWrong, {
        current_password: AUTH_TEXTS.currentPasswordWrong,
      }),
    );
    await userEvent.type(repeat, '2026');
    await userEvent.click(within(box).getByRole('button', { name: T.changePassword }));
    await waitFor(() => expect(errorOf(current)).toBe(AUTH_TEXTS.currentPasswordWrong));
    expect(current).toHaveFocus();

    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await userEvent.clear(current);
    await userEvent.type(current, 'Старый2026');
    await userEvent.click(within(box).getByRole('button', { name: T.changePassword }));
    expect(await within(box).findByText(T.passwordChanged)).toBeInTheDocument();
    for (const field of within(box).getAllByLabelText(/пароль/i)) expect(field).toHaveValue('');
    expect(calls()[1]).toEqual([
      API_PATHS.changePassword,
      { current_password: 'Старый2026', new_password: 'Перевозка2026' },
    ]);
  });

  it('phone: the password and the new number are checked, then the code changes it', async () => {
    render(<AccountSettings profile={profile} sessions={[]} />);
    const box = section(T.phoneSection);
    await userEvent.click(within(box).getByRole('button', { name: T.changePhone }));
    await userEvent.click(within(box).getByRole('button', { name: T.getCode }));
    await waitFor(() => expect(errorOf(within(box).getByLabelText(T.newPhone))).toBe(PHONE_TEXTS.required));
    expect(errorOf(within(box).getByLabelText(T.currentPassword))).toBe(AUTH_TEXTS.passwordRequired);

    fetchMock.mockResolvedValueOnce(codeSent()).mockResolvedValueOnce(json(200, userInfo({ phone: '+79031112233' })));
    await userEvent.type(within(box).getByLabelText(T.currentPassword), 'Старый2026');
    await userEvent.type(within(box).getByLabelText(T.newPhone), '9031112233');
    await userEvent.click(within(box).getByRole('button', { name: T.getCode }));
    await userEvent.type(await within(box).findByLabelText(T.code), '123456');
    await userEvent.click(within(box).getByRole('button', { name: T.confirm }));
    expect(await within(box).findByText(T.phoneChanged)).toBeInTheDocument();
    expect(within(box).getByText('+7(903) 111-22-33')).toBeInTheDocument();
    expect(calls()).toEqual([
      [API_PATHS.phoneVerificationCode, { phone: '+79031112233', purpose: 'change_phone', password: 'Старый2026' }],
      [API_PATHS.changePhone, { phone: '+79031112233', code: '123456' }],
    ]);
  });

  it('e-mail: an invalid address stays on the field; a sent change empties it and says so', async () => {
    render(<AccountSettings profile={profile} sessions={[]} />);
    const box = section(T.emailSection);
    const email = within(box).getByLabelText(T.newEmail);
    await userEvent.type(email, 'maria@');
    await userEvent.click(within(box).getByRole('button', { name: T.emailChange }));
    await waitFor(() => expect(errorOf(email)).toBe(TEXT_TEXTS.emailInvalid));

    fetchMock.mockResolvedValueOnce(json(200, { sent: true, message: AUTH_TEXTS.emailSent }));
    await userEvent.type(email, 'new.example.ru');
    await userEvent.click(within(box).getByRole('button', { name: T.emailChange }));
    expect(await within(box).findByText(T.emailChangeSent)).toBeInTheDocument();
    expect(email).toHaveValue('');
    expect(within(box).getByText(T.emailPending('maria@new.example.ru'))).toBeInTheDocument();
    expect(calls()).toEqual([[API_PATHS.changeEmail, { email: 'maria@new.example.ru' }]]);
  });

  it('deletion asks for the word УДАЛИТЬ', async () => {
    render(<AccountSettings profile={profile} sessions={[]} />);
    await userEvent.click(screen.getByRole('button', { name: T.deleteButton }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(T.currentPassword), 'Старый2026');
    await userEvent.type(within(dialog).getByLabelText(T.deleteConfirmLabel), 'удалить?');
    await userEvent.click(within(dialog).getByRole('button', { name: T.deleteConfirm }));
    await waitFor(() =>
      expect(errorOf(within(dialog).getByLabelText(T.deleteConfirmLabel))).toBe(AUTH_TEXTS.deleteConfirmRequired),
    );

    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await userEvent.clear(within(dialog).getByLabelText(T.deleteConfirmLabel));
    await userEvent.type(within(dialog).getByLabelText(T.deleteConfirmLabel), ' удалить ');
    await userEvent.click(within(dialog).getByRole('button', { name: T.deleteConfirm }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
    expect(calls()).toEqual([[API_PATHS.account, { password: 'Старый2026', confirmation: 'УДАЛИТЬ' }]]);
  });
});
