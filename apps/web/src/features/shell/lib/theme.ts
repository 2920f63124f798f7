import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type Theme } from '@freight/domain/constants';

/**
 * Runs inline in <head> before the first paint: applies the saved theme to <html>, so a
 * light-theme visitor never sees a dark flash. Kept tiny and dependency-free on purpose.
 */
export const THEME_BOOT_SCRIPT = `(function(){var d=document.documentElement,t;try{t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)})}catch(e){}d.setAttribute('data-theme',t==='light'||t==='dark'?t:${JSON.stringify(DEFAULT_THEME)})})()`;

export function readTheme(): Theme {
  const value = document.documentElement.getAttribute('data-theme');
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;
}

/**
 * Switches the theme by changing one attribute and one storage key: no React state is reset,
 * so nothing a visitor typed is lost.
 */
export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or storage disabled: the theme still applies for this page view.
  }
}

/**
 * Applies the saved theme again after hydration, for the pages whose HTML did not run the boot
 * script: an entity's 404 (notFound() in /offices/[id], /news/[slug]) is sent by Next as a bare
 * error document that the browser then renders whole, without the <head> script.
 */
export function restoreSavedTheme(): void {
  let saved: string | null;
  try {
    saved = localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return;
  }
  if ((saved === 'light' || saved === 'dark') && saved !== readTheme()) {
    document.documentElement.setAttribute('data-theme', saved);
  }
}
