import { MESSAGES } from '@freight/domain/messages';
import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { getDisplayName } from '@freight/domain';
import { Island } from '@/components/island';
import { BRAND } from '@/config/brand';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { MobileMenu } from './mobile-menu';
import { TrackSearch } from './track-search';
import { NAV_ITEMS } from '../navigation';
import styles from './header.module.css';

export interface HeaderUser {
  id: number;
  name: string | null;
  isVerified: boolean;
}

function UserIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * Site header of spec §2: navigation, theme toggle, burger menu below 992 px and the user
 * link — the display name to /personal-account for a verified user, an icon to
 * /auth/sign-in for anyone else. It fits from 992 px up with any name: the name is the one
 * part that shrinks (cut with an ellipsis, whole in the title). From 1440 px the header is wider
 * and a verified user sees «Мои заказы» where a visitor sees the phone.
 */
export function Header({ user, bugReport }: { user: HeaderUser | null; bugReport?: ReactNode }) {
  const verified = user?.isVerified === true;
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        {/* The header is on every page: its links are prefetched on intent, not on sight (IntentPrefetch). */}
        <Link href="/" className={styles.brand} aria-label={MESSAGES.shell.home}>
          <Logo />
          <span className={styles.brandName}>{BRAND.siteName}</span>
        </Link>

        <nav className={styles.nav} aria-label={MESSAGES.shell.mainNav}>
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className={styles.navLink}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.actions}>
          {/* A signed-in client has «Мои заказы» in its place (from 1440 px; the phone is in the footer). */}
          {!verified && (
            <a className={styles.phone} href={`tel:${BRAND.phone.tel}`}>
              {BRAND.phone.display}
            </a>
          )}
          <Island>
            <TrackSearch />
          </Island>
          <Island>{bugReport}</Island>
          <Island>
            <ThemeToggle />
          </Island>
          {verified && (
            <Link href="/personal-account/orders" className={`${styles.navLink} ${styles.ordersLink}`}>
              {MESSAGES.accountOrders.navLink}
            </Link>
          )}
          {verified && user ? (
            <Link
              href="/personal-account"
              className={styles.userName}
              title={`${MESSAGES.shell.personalAccount}: ${getDisplayName(user)}`}
            >
              <UserIcon />
              <span>{getDisplayName(user)}</span>
            </Link>
          ) : (
            <Link href="/auth/sign-in" className={styles.iconLink} aria-label={MESSAGES.shell.signIn}>
              <UserIcon />
            </Link>
          )}
          <Island>
            <MobileMenu verified={verified} />
          </Island>
        </div>
      </div>
    </header>
  );
}
