import { MESSAGES } from '@freight/domain/messages';
import { cookies, headers } from 'next/headers';
import { COOKIE_NOTICE_COOKIE } from '@freight/domain/constants';
import { API_PATHS, DynamicContentResponseSchema, type FooterLink } from '@freight/contracts';
import { webEnv } from '@/config/env';
import { Island } from '@/components/island';
import { getCurrentUser } from '@/lib/api/current-user';
import { apiGetOrNull } from '@/lib/api/server';
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

/** The footer's links, asked at every render: the back-office edits them and they show at once. */
function loadFooterLinks(): Promise<FooterLink[] | null> {
  return apiGetOrNull(API_PATHS.dynamicContent, DynamicContentResponseSchema);
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
      {/* Each part of the shell, and the page, is an Island (components/island.tsx): hydrated on
          its own, in short slices, after the root, instead of in one long task. None is a
          Suspense boundary: React's server renderer outlines a completed boundary once the page's
          HTML passes about 12.8 KB — a placeholder stays in place and the content comes later in
          the stream, hidden until a script reveals it. The header, outlined that way, appeared
          after the first paint and pushed the page down (Lighthouse CLS 1.0 on home; issue #19);
          the footer and the cookie notice, outlined, were never shown without JavaScript. A
          boundary around the page itself would also let the shell stream before the page, and a
          notFound() after that could no longer answer 404 (an Island does not stream). */}
      <Island>
        <Header user={user} bugReport={bugReport} />
      </Island>
      <IntentPrefetch />
      {/* Fixed at the bottom of the screen, but early in the document: it is painted with the first
          content instead of after the whole page has been parsed. */}
      <Island>
        <CookieNotice acceptedOnServer={cookieNoticeAccepted} />
      </Island>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Island>{children}</Island>
      </main>
      <Island>
        <Footer links={links} year={new Date().getFullYear()} />
      </Island>
      <Island>
        <SupportWidget scriptUrl={webEnv.supportChatScriptUrl} nonce={nonce} />
      </Island>
    </>
  );
  // The gate (a client component) is only sent when the session could not be made: a normal
  // page view hydrates no wrapper around the whole page.
  return unavailable ? <SessionGate unavailable>{content}</SessionGate> : content;
}
