import { headers } from 'next/headers';
import { API_PATHS, DynamicContentResponseSchema, type FooterLink } from '@freight/contracts';
import { webEnv } from '@/config/env';
import { apiGet } from '@/lib/api/server';
import { NONCE_HEADER, SESSION_STATE_HEADER } from '@/lib/request-headers';
import { SHELL_LABELS } from '../labels';
import { Footer } from './footer';
import { Header } from './header';
import { SessionGate } from './session-gate';
import { SupportWidget } from './support-widget';
import styles from './site-shell.module.css';

async function loadFooterLinks(): Promise<FooterLink[] | null> {
  try {
    return await apiGet(API_PATHS.dynamicContent, DynamicContentResponseSchema, { timeoutMs: 3_000 });
  } catch {
    return null;
  }
}

/** The page shell of spec §2: header, content container, footer, support widget, session gate. */
export async function SiteShell({ children }: { children: React.ReactNode }) {
  const headerStore = await headers();
  const unavailable = headerStore.get(SESSION_STATE_HEADER) === 'unavailable';
  const nonce = headerStore.get(NONCE_HEADER) ?? undefined;
  const links = unavailable ? null : await loadFooterLinks();
  return (
    <SessionGate unavailable={unavailable}>
      <a className="skip-link" href="#main">
        {SHELL_LABELS.skipToContent}
      </a>
      <Header user={null} />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer links={links} year={new Date().getFullYear()} />
      <SupportWidget scriptUrl={webEnv.supportChatScriptUrl} nonce={nonce} />
    </SessionGate>
  );
}
