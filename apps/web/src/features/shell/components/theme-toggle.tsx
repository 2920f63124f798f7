'use client';

import { SHELL_TEXTS } from '@freight/domain/texts/shell';
import { useEffect } from 'react';

import { applyTheme, readTheme, restoreSavedTheme } from '../lib/theme';
import styles from './theme-toggle.module.css';

/**
 * Light/dark switch. Which icon shows is decided by CSS from <html data-theme>, so the server
 * markup is correct for both themes and hydration never mismatches.
 */
export function ThemeToggle() {
  // A page sent without the boot script (an entity's 404) gets the saved theme once hydrated.
  useEffect(restoreSavedTheme, []);
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-label={SHELL_TEXTS.toggleTheme}
      title={SHELL_TEXTS.toggleTheme}
      data-testid="theme-toggle"
      onClick={() => applyTheme(readTheme() === 'dark' ? 'light' : 'dark')}
    >
      <svg className={styles.sun} width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
      </svg>
      <svg className={styles.moon} width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z" fill="currentColor" />
      </svg>
    </button>
  );
}
