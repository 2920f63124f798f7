'use client';

import { SHELL_TEXTS } from '@freight/domain/texts/shell';

import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@/components/ui/link';
import type { RefObject } from 'react';
import { BRAND } from '@/config/brand';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { MENU_ITEMS } from '../navigation';
import { TrackSearch } from './track-search';
import styles from './mobile-menu.module.css';

/**
 * The open burger menu: a Radix dialog (focus trapped inside, Escape and the overlay close it,
 * the page behind is inert). Loaded on demand by MobileMenu, so Radix is not part of every
 * page's first-load JavaScript; focus returns to the burger button on close.
 */
export default function MobileMenuSheet({
  open,
  onOpenChange,
  returnFocusTo,
  verified = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** A verified user also gets «Мои заказы». */
  verified?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.sheet}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className={styles.top}>
            <Dialog.Title className={styles.title}>{SHELL_TEXTS.menuTitle}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={SHELL_TEXTS.closeMenu}>
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <TrackSearch variant="menu" />
          <nav aria-label={SHELL_TEXTS.mainNav}>
            <ul className={styles.list}>
              {MENU_ITEMS.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} className={styles.link} onClick={() => onOpenChange(false)}>
                    {item.label}
                  </Link>
                </li>
              ))}
              {verified && (
                <li>
                  <Link href="/personal-account/orders" className={styles.link} onClick={() => onOpenChange(false)}>
                    {ACCOUNT_ORDERS_TEXTS.navLink}
                  </Link>
                </li>
              )}
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
