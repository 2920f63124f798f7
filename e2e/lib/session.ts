import type { Page } from 'playwright-core';

/** The demo client of DEMO_MODE (README «Demo sign-in»). */
export const DEMO_CLIENT = { phone: '9000000001', password: 'Demo-2026' } as const;

/** Fills the sign-in form as a person would (the page must show it) and submits it. */
export async function submitDemoSignIn(page: Page): Promise<void> {
  await page.getByLabel('Телефон').pressSequentially(DEMO_CLIENT.phone);
  await page.getByLabel('Пароль', { exact: true }).fill(DEMO_CLIENT.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}

/** Signs the demo client in from /auth/sign-in and waits for the personal account. */
export async function signInDemo(page: Page): Promise<void> {
  await page.goto('/auth/sign-in');
  await submitDemoSignIn(page);
  await page.waitForURL('**/personal-account');
}

/**
 * Makes the signed-in user act as their private person again (POST /user/change_profile), so a
 * file that switched profiles leaves the shared demo client as every other file expects it.
 */
export async function actAsPersonalProfile(page: Page, baseUrl: string): Promise<void> {
  const profile = (await (await page.request.get('/api/v1/user/profile')).json()) as {
    profiles: { account_uuid: string; kind: string }[];
  };
  const personal = profile.profiles.find((p) => p.kind === 'individual');
  if (!personal) throw new Error('no personal profile');
  const response = await page.request.post('/api/v1/user/change_profile', {
    data: { account_uuid: personal.account_uuid },
    headers: { origin: baseUrl },
  });
  if (response.status() !== 200) throw new Error(`change_profile answered ${response.status()}`);
}
