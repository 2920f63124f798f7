'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { SHELL_PATHS } from '@freight/contracts/shell-paths';
import { SHELL_TEXTS } from '@freight/domain/texts/shell';
import styles from './session-gate.module.css';

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

/**
 * Identity bootstrap of spec §2/§4. The server normally creates the anonymous session before
 * rendering (src/proxy.ts), so the page shows at once. When it could not (the API is down),
 * this gate shows the full-screen spinner while it asks for the token itself, then the
 * maintenance screen, retrying with growing pauses until the API answers and the page reloads.
 */
export function SessionGate({ unavailable, children }: { unavailable: boolean; children: ReactNode }) {
  const [phase, setPhase] = useState<'loading' | 'maintenance'>('loading');

  useEffect(() => {
    if (!unavailable) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;

    const attempt = async () => {
      try {
        const response = await fetch(SHELL_PATHS.anonymousToken, { credentials: 'include', cache: 'no-store' });
        if (response.ok) {
          window.location.reload();
          return;
        }
      } catch {
        // Network error: the API is unreachable; fall through to retry.
      }
      if (cancelled) return;
      setPhase('maintenance');
      timer = setTimeout(attempt, delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    };
    void attempt();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [unavailable]);

  if (!unavailable) return <>{children}</>;

  if (phase === 'loading') {
    return (
      <div className={styles.screen} role="status" aria-live="polite" data-testid="session-spinner">
        <span className={styles.spinner} aria-hidden="true" />
        <span className="visually-hidden">{SHELL_TEXTS.loading}</span>
      </div>
    );
  }

  return (
    <div className={styles.screen} role="alert" data-testid="maintenance-screen">
      <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
        <path
          d="M22.7 19 13.6 9.9c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4Z"
          fill="currentColor"
        />
      </svg>
      <p className={styles.title}>{SHELL_TEXTS.maintenance}</p>
      <p className={styles.subtitle}>{SHELL_TEXTS.maintenanceRetry}</p>
    </div>
  );
}
