import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { runAxe, seriousViolations } from '../lib/axe';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { PUBLIC_PAGES, resolvePath } from '../lib/public-pages';
import { signInDemo } from '../lib/session';
import { signInStaff } from '../lib/staff';

/** The shell's storage key of the colour scheme (features/shell/lib/theme.ts). */
const THEME_KEY = 'magistral.colorScheme';
const THEMES = ['dark', 'light'] as const;
type Theme = (typeof THEMES)[number];

async function themedContext(browser: Browser, baseUrl: string, theme: Theme, width = 1280): Promise<BrowserContext> {
  const context = await newContext(browser, baseUrl, width);
  await context.addInitScript(
    ([key, value]) => {
      try {
        localStorage.setItem(key!, value!);
      } catch {
        // about:blank has no storage
      }
    },
    [THEME_KEY, theme],
  );
  return context;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Transitions (theme colours, alerts) finish before contrast is measured.
  await page.waitForTimeout(400);
}

/**
 * Whether the focused element shows a focus indicator: an outline of its own, or a change of
 * outline, box-shadow or border on it or on its field wrapper (`.control:has(:focus-visible)`)
 * compared with the same element unfocused. Returns 'ok', null (nothing focused) or a label.
 */
async function focusIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const nodes = [el, el.parentElement].filter((n): n is HTMLElement => n !== null);
    const saved = nodes.map((n) => n.style.transition);
    for (const n of nodes) n.style.transition = 'none';
    const snapshot = () =>
      nodes
        .map((n) => {
          const s = getComputedStyle(n);
          return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor].join('|');
        })
        .join('#');
    const own = getComputedStyle(el);
    const ownOutline =
      own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) >= 1 && own.outlineColor !== 'rgba(0, 0, 0, 0)';
    const focused = snapshot();
    el.blur();
    const blurred = snapshot();
    el.focus();
    nodes.forEach((n, i) => (n.style.transition = saved[i]!));
    if (ownOutline || focused !== blurred) return 'ok';
    const name = el.getAttribute('aria-label');
    return `${el.tagName.toLowerCase()}${name ? `[${name}]` : ''} «${(el.textContent ?? '').trim().slice(0, 30)}»`;
  });
}

describe.skipIf(E2E_SKIP)('accessibility: axe-core on every public page, both themes', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const page of PUBLIC_PAGES) {
    for (const theme of THEMES) {
      it.skipIf(Boolean(page.pending))(
        `«${page.name}» in the ${theme} theme has no serious or critical violation${page.pending ? ` (PENDING: ${page.pending})` : ''}`,
        async () => {
          const path = await resolvePath(page, baseUrl);
          const context = await themedContext(browser, baseUrl, theme);
          const tab = await context.newPage();
          const response = await tab.goto(path);
          expect(response?.status()).toBe(page.status ?? 200);
          await settle(tab);
          expect(await tab.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
          expect(seriousViolations(await runAxe(tab)), `${path} (${theme})`).toEqual([]);
          await context.close();
        },
      );
    }
  }

  for (const theme of THEMES) {
    it(`the personal account's screens (${theme}) have no serious or critical violation`, async () => {
      const context = await themedContext(browser, baseUrl, theme);
      const tab = await context.newPage();
      await signInDemo(tab);
      const requests = (await (await tab.request.get('/api/v1/user/request_access/user_requests')).json()) as {
        requests: { id: string }[];
      };
      // A favourite's card: the «В избранном» state is on screen too (the demo seeds some).
      const favourites = (await (await tab.request.get('/api/v1/cargo/cargo?favorite=true')).json()) as {
        items: { track_number: string }[];
      };
      expect(favourites.items.length).toBeGreaterThan(0);
      const paths = [
        '/personal-account',
        '/personal-account/orders',
        `/personal-account/orders/${favourites.items[0]!.track_number}`,
        '/personal-account/access',
        `/personal-account/access/${requests.requests[0]!.id}`,
        '/personal-account/team',
        '/personal-account/settings',
      ];
      for (const path of paths) {
        const response = await tab.goto(path);
        expect(response?.status(), path).toBe(200);
        await settle(tab);
        expect(seriousViolations(await runAxe(tab)), `${path} (${theme})`).toEqual([]);
      }
      await context.close();
    });
  }

  it('the back-office screens (both themes) have no serious or critical violation', async () => {
    // One staff sign-in (a TOTP code is single-use), its session reused by both themes.
    const signIn = await newContext(browser, baseUrl);
    const first = await signIn.newPage();
    await first.goto('/back-office/sign-in');
    await settle(first);
    expect(seriousViolations(await runAxe(first)), '/back-office/sign-in').toEqual([]);
    await signInStaff(first, 'admin');
    const cookies = await signIn.cookies();
    await signIn.close();
    const paths = [
      '/back-office',
      '/back-office/cargos',
      '/back-office/cargos/MG-2600-00056',
      '/back-office/access?status=all',
      '/back-office/clients?q=9000000001',
      '/back-office/inbox',
      '/back-office/content',
      '/back-office/offers',
      '/back-office/prices/tariffs',
      '/back-office/prices/promo-codes',
      '/back-office/audit',
      '/back-office/staff',
    ];
    for (const theme of THEMES) {
      const context = await themedContext(browser, baseUrl, theme);
      await context.addCookies(cookies);
      const tab = await context.newPage();
      for (const path of paths) {
        const response = await tab.goto(path);
        expect(response?.status(), path).toBe(200);
        expect(new URL(tab.url()).pathname, path).toBe(path.split('?')[0]);
        await settle(tab);
        expect(seriousViolations(await runAxe(tab)), `${path} (${theme})`).toEqual([]);
      }
      await context.close();
    }
  });

  for (const theme of THEMES) {
    it(`open burger menu, bug-report modal and support chat (${theme}) have no serious violation`, async () => {
      const context = await themedContext(browser, baseUrl, theme, 375);
      const page = await context.newPage();
      await page.goto('/');
      await settle(page);
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      const menu = page.getByRole('dialog', { name: 'Меню' });
      await menu.waitFor();
      await page.waitForTimeout(400);
      expect(seriousViolations(await runAxe(page)), 'burger menu').toEqual([]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('banner').getByRole('button', { name: 'Сообщить об ошибке' }).click();
      const bugDialog = page.getByRole('dialog', { name: 'Сообщить об ошибке' });
      await bugDialog.waitFor();
      // The validation messages are part of the state to check (error colours in both themes).
      await bugDialog.getByRole('button', { name: 'Отправить' }).click();
      await page.waitForTimeout(400);
      expect(seriousViolations(await runAxe(page)), 'bug-report modal').toEqual([]);
      await page.keyboard.press('Escape');
      await bugDialog.waitFor({ state: 'hidden' });

      const launcher = page.getByTestId('support-widget');
      await launcher.waitFor({ timeout: 10_000 });
      await launcher.click();
      const chat = page.getByRole('dialog', { name: 'Поддержка «Магистрали»' });
      await chat.waitFor();
      await page.waitForTimeout(400);
      expect(seriousViolations(await runAxe(page)), 'support chat').toEqual([]);
      await context.close();
    });
  }

  it('the burger menu traps focus while open and returns it to the burger', async () => {
    const context = await newContext(browser, baseUrl, 375);
    const page = await context.newPage();
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Открыть меню' });
    await burger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await menu.waitFor();
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    // Twice round the menu forwards and backwards: focus never leaves it.
    for (let i = 0; i < 24; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inside(), `Tab #${i + 1}`).toBe(true);
      expect(await focusIndicator(page), `Tab #${i + 1}`).toBe('ok');
    }
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside(), `Shift+Tab #${i + 1}`).toBe(true);
    }
    await menu.getByRole('button', { name: 'Закрыть меню' }).click();
    await menu.waitFor({ state: 'hidden' });
    // Radix returns focus in a setTimeout(0) after the dialog leaves the DOM: wait for it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Открыть меню');
    await context.close();
  });

  it('the bug-report modal traps focus and returns it to its button', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    const opener = page.getByRole('banner').getByRole('button', { name: 'Сообщить об ошибке' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Сообщить об ошибке' });
    await dialog.waitFor();
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    expect(await inside()).toBe(true);
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inside(), `Tab #${i + 1}`).toBe(true);
      expect(await focusIndicator(page), `Tab #${i + 1}`).toBe('ok');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toContain('Сообщить об ошибке');
    await context.close();
  });

  for (const theme of THEMES) {
    it(`keyboard focus is visible on every stop of the home page (${theme})`, async () => {
      const context = await themedContext(browser, baseUrl, theme);
      const page = await context.newPage();
      await page.goto('/');
      await settle(page);
      const missing: string[] = [];
      let stops = 0;
      for (let i = 0; i < 80; i += 1) {
        await page.keyboard.press('Tab');
        const state = await focusIndicator(page);
        if (state === null) continue;
        stops += 1;
        if (state !== 'ok') missing.push(state);
      }
      expect(stops).toBeGreaterThan(20);
      expect(missing).toEqual([]);
      await context.close();
    });
  }

  it('every form field has a label and every button a name (checked page by page by axe; here on the auth forms)', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    for (const path of ['/auth/sign-in', '/auth/sign-up', '/offices']) {
      await page.goto(path);
      await settle(page);
      const unnamed = await page.evaluate(() => {
        const problems: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea, button')) {
          const rect = el.getBoundingClientRect();
          if (rect.width === 0 && rect.height === 0) continue;
          // The accessible name as the browser would compute it, in its simple cases.
          const labelled =
            el.getAttribute('aria-label')?.trim() ||
            el.getAttribute('aria-labelledby') ||
            ('labels' in el && (el as HTMLInputElement).labels?.length) ||
            (el.tagName === 'BUTTON' && el.textContent?.trim()) ||
            el.getAttribute('title');
          if (!labelled) problems.push(el.outerHTML.slice(0, 120));
        }
        return problems;
      });
      expect(unnamed, path).toEqual([]);
    }
    await context.close();
  });
});
