import { headers } from 'next/headers';
import { DynamicContentResponseSchema, API_PATHS, type FooterLink } from '@freight/contracts';
import { Header } from '@/features/shell/components/header';
import { Footer } from '@/features/shell/components/footer';
import { SessionGate } from '@/features/shell/components/session-gate';
import { SupportWidget } from '@/features/shell/components/support-widget';
import { SHELL_LABELS } from '@/features/shell/labels';
import { apiGet } from '@/lib/api/server';
import { NONCE_HEADER, SESSION_STATE_HEADER } from '@/lib/request-headers';
import { webEnv } from '@/config/env';
import styles from './layout.module.css';

async function loadFooterLinks(): Promise<FooterLink[] | null> {
  try {
    return await apiGet(API_PATHS.dynamicContent, DynamicContentResponseSchema, { timeoutMs: 3_000 });
  } catch {
    return null;
  }
}

/** The page shell of spec §2: header, content container, footer, support widget. */
export default async function SiteLayout({ children }: { children: React.ReactNode }) {
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
