'use client';

import { MESSAGES } from '@freight/domain/messages';

import * as Dialog from '@radix-ui/react-dialog';
import Link from 'next/link';
import { useState } from 'react';
import { BRAND } from '@/config/brand';
import { NAV_ITEMS } from '../navigation';
import styles from './mobile-menu.module.css';

/**
 * Burger menu below 992 px. A Radix dialog: focus is trapped inside while open, Escape
 * closes it, and focus returns to the burger button.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={styles.burger} aria-label={MESSAGES.shell.openMenu} data-testid="burger">
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.sheet} aria-describedby={undefined}>
          <div className={styles.top}>
            <Dialog.Title className={styles.title}>{MESSAGES.shell.menuTitle}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={MESSAGES.shell.closeMenu}>
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label={MESSAGES.shell.mainNav}>
            <ul className={styles.list}>
              {NAV_ITEMS.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} className={styles.link} onClick={() => setOpen(false)}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <a className={styles.phone} href={`tel:${BRAND.phone.tel}`}>
            {BRAND.phone.display}
            <small>{BRAND.phone.note}</small>
          </a>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
