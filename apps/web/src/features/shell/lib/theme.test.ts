import { beforeEach, describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT, applyTheme, readTheme } from './theme';

const boot = () => new Function(THEME_BOOT_SCRIPT)();

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });

  it.each([
    [null, 'dark'],
    ['light', 'light'],
    ['dark', 'dark'],
    ['purple', 'dark'],
  ])('boot script: stored %s → data-theme=%s before first paint', (stored, expected) => {
    if (stored) localStorage.setItem('magistral.colorScheme', stored);
    boot();
    expect(document.documentElement.getAttribute('data-theme')).toBe(expected);
  });

  it('applyTheme sets the attribute and remembers it; readTheme reads it back', () => {
    applyTheme('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('magistral.colorScheme')).toBe('light');
    expect(readTheme()).toBe('light');
    applyTheme('dark');
    expect(readTheme()).toBe('dark');
  });
});
