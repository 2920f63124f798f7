import { MESSAGES } from '@freight/domain/messages';
import { cookies, headers } from 'next/headers';
import { Suspense } from 'react';
import { COOKIE_NOTICE_COOKIE } from '@freight/domain/constants';
import { API_PATHS, DynamicContentResponseSchema, type FooterLink } from '@freight/contracts';
import { webEnv } from '@/config/env';
import { getCurrentUser } from '@/lib/api/current-user';
import { apiGet } from '@/lib/api/server';
import { NONCE_HEADER, SESSION_STATE_HEADER } from '@/lib/request-headers';
import { CookieNotice } from './cookie-notice';
import { Footer } from './footer';
import { Header, type HeaderUser } from './header';
import { IntentPrefetch } from './intent-prefetch';
import { SessionGate } from './session-gate';
import { SupportWidget } from './support-widget';
import styles from './site-shell.module.css';

/** The signed-in user for the header (spec §4), or null: anonymous (401) or the API is slow or down. */
async function loadUser(): Promise<HeaderUser | null> {
  const current = await getCurrentUser();
  if (current.status !== 'signed-in') return null;
  const { user } = current;
  return { id: user.id, name: user.name, isVerified: user.is_verified };
}

async function loadFooterLinks(): Promise<FooterLink[] | null> {
  try {
    return await apiGet(API_PATHS.dynamicContent, DynamicContentResponseSchema, { timeoutMs: 3_000 });
  } catch {
    return null;
  }
}

/** The page shell of spec §2: header, content container, footer, support widget, session gate. */
export async function SiteShell({
  children,
  bugReport,
}: {
  children: React.ReactNode;
  /** The «Сообщить об ошибке» button, composed by the route (features do not import features). */
  bugReport?: React.ReactNode;
}) {
  const headerStore = await headers();
  const unavailable = headerStore.get(SESSION_STATE_HEADER) === 'unavailable';
  const nonce = headerStore.get(NONCE_HEADER) ?? undefined;
  const cookieNoticeAccepted = (await cookies()).has(COOKIE_NOTICE_COOKIE);
  const [links, user] = unavailable ? [null, null] : await Promise.all([loadFooterLinks(), loadUser()]);
  const content = (
    <>
      <a className="skip-link" href="#main">
        {MESSAGES.shell.skipToContent}
      </a>
      {/* The header is part of the shell's HTML, not a Suspense boundary: React's server renderer
          may outline even a completed boundary (a placeholder in the shell, the content later in
          the stream, revealed by script), and on the home page and /offices it did so with the
          header, which then appeared after the first paint and pushed the whole page down by its
          height (Lighthouse CLS 1.0 in 2 of 3 runs of home; issue #19). The cookie
          notice (fixed to the screen's bottom) and the footer (below the page) are boundaries of
          their own: wherever React sends them they shift nothing, and in the browser React hydrates
          a boundary apart from the page's first hydration, at low priority and in slices of a few
          milliseconds, instead of inside the one uninterrupted task that hydrates the root (main-
          thread work). The page itself (children) is not wrapped: a boundary there would let the
          shell stream before the page, and a notFound() after that could no longer answer 404. */}
      <Header user={user} bugReport={bugReport} />
      <IntentPrefetch />
      {/* Fixed at the bottom of the screen, but early in the document: it is painted with the first
          content instead of after the whole page has been parsed. */}
      <Suspense>
        <CookieNotice acceptedOnServer={cookieNoticeAccepted} />
      </Suspense>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Suspense>
        <Footer links={links} year={new Date().getFullYear()} />
      </Suspense>
      <SupportWidget scriptUrl={webEnv.supportChatScriptUrl} nonce={nonce} />
    </>
  );
  // The gate (a client component) is only sent when the session could not be made: a normal
  // page view hydrates no wrapper around the whole page.
  return unavailable ? <SessionGate unavailable>{content}</SessionGate> : content;
}
