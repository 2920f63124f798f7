'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import styles from './back-office.module.css';

export interface BoNavItem {
  href: string;
  label: string;
  /** Current only on this very address (the overview), not below it. */
  exact?: boolean;
}

/** The back-office sections; the one holding the current page is aria-current. */
export function BoNav({ items, label }: { items: BoNavItem[]; label: string }) {
  const pathname = usePathname() ?? '';
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul>
        {items.map((item) => {
          const current = item.exact
            ? pathname === item.href
            : pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link href={item.href} aria-current={current ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
