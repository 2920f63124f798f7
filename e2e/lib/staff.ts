import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { DEMO_STAFF, DEMO_STAFF_TOTP_SECRET } from '@freight/db/seed/demo-staff';

export type DemoStaffLogin = (typeof DEMO_STAFF)[number]['login'];

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
export function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/**
 * Enters a TOTP code on the second step of the back-office sign-in. A code is accepted once per
 * 30-second step (replay protection): when this staff member already used the current step (another
 * test file signed in moments ago), the next step's code — within the accepted drift — is tried.
 */
export async function enterTotp(page: Page, secret: string): Promise<void> {
  // The current step, the next one, and after waiting for a new step the one after it again: three
  // sign-ins of one account within 30 seconds (several test files) still get in.
  for (const [stepsAhead, waitForNextStep] of [
    [0, false],
    [1, false],
    [1, true],
  ] as const) {
    if (waitForNextStep) await page.waitForTimeout(30_500 - (Date.now() % 30_000));
    await page.getByLabel('Код из приложения').fill(totpCode(secret, stepsAhead));
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/back-office/auth/totp')),
      page.getByRole('button', { name: 'Войти', exact: true }).click(),
    ]);
    if (response.ok()) {
      await page.waitForURL((url) => url.pathname === '/back-office');
      return;
    }
  }
  throw new Error('the back-office refused every TOTP code');
}

/** Signs a demo staff member in (README «Back-office»): login, password, then the TOTP code. */
export async function signInStaff(page: Page, login: DemoStaffLogin): Promise<void> {
  const member = DEMO_STAFF.find((s) => s.login === login)!;
  await page.goto('/back-office/sign-in');
  await page.getByLabel('Логин').fill(member.login);
  await page.getByLabel('Пароль').fill(member.password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByLabel('Код из приложения').waitFor();
  await enterTotp(page, DEMO_STAFF_TOTP_SECRET);
}
