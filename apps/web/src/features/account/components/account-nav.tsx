'use client';

import type { ClientProfile } from '@freight/contracts/identity';
import { ACCOUNT_TEXTS } from '@freight/domain/texts/account';
import { clsx } from 'clsx';
import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { Select } from '@/components/ui';
import { useSwitchProfile } from '../lib/use-switch-profile';
import styles from './account-nav.module.css';

const T = ACCOUNT_TEXTS;

const LINKS = [
  { href: '/personal-account', label: T.nav.overview, exact: true },
  { href: '/personal-account/orders', label: T.nav.orders },
  { href: '/personal-account/finance', label: T.nav.finance },
  { href: '/personal-account/analytics', label: T.nav.analytics },
  { href: '/personal-account/offers', label: T.nav.offers },
  { href: '/personal-account/manager', label: T.nav.manager },
  { href: '/personal-account/access', label: T.nav.access },
  { href: '/personal-account/team', label: T.nav.team },
  { href: '/personal-account/integrations', label: T.nav.integrations },
  { href: '/personal-account/settings', label: T.nav.settings },
] as const;

export interface AccountNavProps {
  profiles: readonly Pick<ClientProfile, 'account_uuid' | 'name' | 'inn' | 'is_active'>[];
}

/**
 * The personal account's sections and, for a user with more than one profile, the switcher of
 * the profile they act for (POST /user/change_profile; the page is then rendered again for it).
 */
export function AccountNav({ profiles }: AccountNavProps) {
  const pathname = usePathname();
  const { pending, error, switchTo } = useSwitchProfile();
  const active = profiles.find((p) => p.is_active);
  const navRef = useRef<HTMLElement>(null);

  // On a narrow screen the sections scroll sideways: bring the current one into view.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <div className={styles.bar}>
      <nav ref={navRef} aria-label={T.navLabel} className={styles.nav}>
        <ul className={styles.links}>
          {LINKS.map((link) => {
            const current =
              'exact' in link ? pathname === link.href : pathname === link.href || pathname.startsWith(`${link.href}/`);
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className={clsx(styles.link, current && styles.current)}
                  aria-current={current ? 'page' : undefined}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {profiles.length > 1 ? (
        <div className={styles.switcher}>
          <Select
            label={T.profileLabel}
            value={active?.account_uuid ?? ''}
            disabled={pending}
            aria-busy={pending || undefined}
            options={profiles.map((p) => ({ value: p.account_uuid, label: T.profileOption(p.name, p.inn) }))}
            onValueChange={switchTo}
            error={error ?? undefined}
            data-testid="profile-switcher"
          />
        </div>
      ) : null}
    </div>
  );
}
