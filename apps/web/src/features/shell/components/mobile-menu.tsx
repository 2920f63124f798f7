'use client';

import { SHELL_TEXTS } from '@freight/domain/texts/shell';

import { lazy, Suspense, useRef, useState } from 'react';
import styles from './mobile-menu.module.css';

const loadSheet = () => import('./mobile-menu-sheet');
// The dialog (and Radix with it) loads when the burger is approached, not with every page.
const MobileMenuSheet = lazy(loadSheet);

/**
 * Burger menu below 992 px: the button is part of the page, the menu itself (a focus-trapping
 * dialog that returns focus here) arrives on the first hover, focus or press.
 */
export function MobileMenu({ verified = false }: { verified?: boolean }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadSheet();

  return (
    <>
      <button
        ref={burger}
        type="button"
        className={styles.burger}
        aria-label={SHELL_TEXTS.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="burger"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocusTo={burger} verified={verified} />
        </Suspense>
      ) : null}
    </>
  );
}
