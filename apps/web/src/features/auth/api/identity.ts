'use client';

import type { AuthResult, PhoneCodeResponse, Profile, SentResponse, UserInfo } from '@freight/contracts';
import { IDENTITY_PATHS } from '@freight/contracts/identity-paths';
import type { CodePurpose } from '@freight/domain/identity';
import { useRouter } from 'next/navigation';
import { apiFetch } from '@/lib/api/client';

/** Browser calls of the identity API (spec §7). Inputs are already parsed by the contract schemas. */
export const identityApi = {
  sendCode: (body: { phone: string; purpose: CodePurpose; password?: string; captcha?: string }) =>
    apiFetch<PhoneCodeResponse>(IDENTITY_PATHS.phoneVerificationCode, { method: 'POST', json: body }),
  confirmPhone: (body: { phone: string; code: string }) =>
    apiFetch<{ phone_confirmed: true; expires_in: number }>(IDENTITY_PATHS.phoneConfirmation, {
      method: 'POST',
      json: body,
    }),
  register: (body: { name: string; password: string; email?: string | undefined; consent: true }) =>
    apiFetch<AuthResult>(IDENTITY_PATHS.registration, { method: 'POST', json: body }),
  signIn: (body: { phone: string; password: string }) =>
    apiFetch<AuthResult>(IDENTITY_PATHS.authorization, { method: 'POST', json: body }),
  signInWithCode: (body: { phone: string; code: string }) =>
    apiFetch<AuthResult>(IDENTITY_PATHS.disposableAuthorization, { method: 'POST', json: body }),
  forgotPassword: (body: { email: string }) =>
    apiFetch<SentResponse>(IDENTITY_PATHS.forgotPassword, { method: 'POST', json: body }),
  resetByPhone: (body: { phone: string; code: string; new_password: string }) =>
    apiFetch<AuthResult>(IDENTITY_PATHS.resetPasswordPhone, { method: 'POST', json: body }),
  resetByEmail: (body: { token: string; new_password: string }) =>
    apiFetch<AuthResult>(IDENTITY_PATHS.resetPasswordEmail, { method: 'POST', json: body }),
  changePassword: (body: { current_password: string; new_password: string }) =>
    apiFetch<{ ok: true }>(IDENTITY_PATHS.changePassword, { method: 'PUT', json: body }),
  resendEmail: (body: { email?: string | undefined }) =>
    apiFetch<SentResponse>(IDENTITY_PATHS.resendEmail, { method: 'POST', json: body }),
  confirmEmail: (body: { token?: string; code?: string }) =>
    apiFetch<UserInfo>(IDENTITY_PATHS.emailConfirmation, { method: 'POST', json: body }),
  applyEmailChange: (token: string) =>
    apiFetch<UserInfo>(`${IDENTITY_PATHS.changeEmailVerification}?token=${encodeURIComponent(token)}`),
  changeEmail: (body: { email: string }) =>
    apiFetch<SentResponse>(IDENTITY_PATHS.changeEmail, { method: 'PUT', json: body }),
  changePhone: (body: { phone: string; code: string }) =>
    apiFetch<UserInfo>(IDENTITY_PATHS.changePhone, { method: 'POST', json: body }),
  changeName: (name: string) =>
    apiFetch<UserInfo>(`${IDENTITY_PATHS.changeName}?name=${encodeURIComponent(name)}`, { method: 'PUT' }),
  profile: () => apiFetch<Profile>(IDENTITY_PATHS.profile),
  endSession: (id: string) => apiFetch<{ ok: true }>(`${IDENTITY_PATHS.sessions}/${id}`, { method: 'DELETE' }),
  logout: () => apiFetch<{ ok: true }>(IDENTITY_PATHS.logout, { method: 'POST' }),
  deleteAccount: (body: { password: string; confirmation: string }) =>
    apiFetch<{ ok: true }>(IDENTITY_PATHS.account, { method: 'DELETE', json: body }),
};

/**
 * Navigation after the session changed (sign-in, sign-up, logout): go to `path` and re-render the
 * server components, so the header picks up the new user.
 */
export function useSessionNavigation() {
  const router = useRouter();
  return (path: string) => {
    router.replace(path);
    router.refresh();
  };
}
