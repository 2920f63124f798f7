'use client';

import { SHELL_TEXTS } from '@freight/domain/texts/shell';

import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import {
  COOKIE_NOTICE_COOKIE,
  COOKIE_NOTICE_LEGACY_STORAGE_KEY,
  COOKIE_NOTICE_MAX_AGE_SECONDS,
} from '@freight/domain/constants';
import { Button } from '@/components/ui/button';
import styles from './cookie-notice.module.css';

const listeners = new Set<() => void>();

function hasCookie(): boolean {
  return document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${COOKIE_NOTICE_COOKIE}=`));
}

function hasLegacyFlag(): boolean {
  try {
    return localStorage.getItem(COOKIE_NOTICE_LEGACY_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function remember(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_NOTICE_COOKIE}=1; Max-Age=${COOKIE_NOTICE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/**
 * Whether the notice was accepted, read once: document.cookie and localStorage are synchronous
 * calls to the browser process, and React reads a store's snapshot several times while it
 * hydrates (issue #19). Forgotten when another tab changes the storage, set when accepted here.
 */
let acceptedCache: boolean | null = null;

function readAccepted(): boolean {
  acceptedCache ??= hasCookie() || hasLegacyFlag();
  return acceptedCache;
}

function onStorage(): void {
  acceptedCache = null;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * The interactive part of the cookie notice, rendered only when the server has not seen the
 * acceptance cookie: the «Понятно» button, and the move of an acceptance kept the old way
 * (localStorage) into the cookie, which also hides the notice. The text arrives from the server.
 */
export function CookieNoticeClient({ children }: { children: ReactNode }) {
  const accepted = useSyncExternalStore(subscribe, readAccepted, () => false);

  useEffect(() => {
    if (!hasLegacyFlag()) return;
    if (!hasCookie()) remember();
    try {
      localStorage.removeItem(COOKIE_NOTICE_LEGACY_STORAGE_KEY);
    } catch {
      // Storage unavailable: nothing to move.
    }
  }, []);

  if (accepted) return null;

  const accept = () => {
    remember();
    acceptedCache = true;
    listeners.forEach((l) => l());
  };

  return (
    <div className={styles.notice} role="region" aria-label="Уведомление о cookie" data-testid="cookie-notice">
      {children}
      <Button appearance="primary" onClick={accept}>
        {SHELL_TEXTS.cookie.accept}
      </Button>
    </div>
  );
}
