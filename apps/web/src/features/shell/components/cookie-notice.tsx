'use client';

import { SHELL_TEXTS } from '@freight/domain/texts/shell';

import Link from 'next/link';
import { useSyncExternalStore } from 'react';
import { COOKIE_NOTICE_STORAGE_KEY } from '@freight/domain/constants';
import { Button } from '@/components/ui/button';
import styles from './cookie-notice.module.css';

const listeners = new Set<() => void>();

function readAccepted(): boolean {
  try {
    return localStorage.getItem(COOKIE_NOTICE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Cookie notice; acceptance is remembered in localStorage and the notice never returns. */
export function CookieNotice() {
  // The server renders nothing (snapshot "accepted"); the browser shows the notice if needed.
  const accepted = useSyncExternalStore(subscribe, readAccepted, () => true);
  if (accepted) return null;

  const accept = () => {
    try {
      localStorage.setItem(COOKIE_NOTICE_STORAGE_KEY, '1');
    } catch {
      // Storage unavailable: the notice will show again on the next page view.
    }
    listeners.forEach((l) => l());
  };

  return (
    <div className={styles.notice} role="region" aria-label="Уведомление о cookie" data-testid="cookie-notice">
      <p className={styles.text}>
        {SHELL_TEXTS.cookie.text} <Link href="/docs-n-policies#cookies">{SHELL_TEXTS.cookie.policyLink}</Link>.
      </p>
      <Button appearance="primary" onClick={accept}>
        {SHELL_TEXTS.cookie.accept}
      </Button>
    </div>
  );
}
