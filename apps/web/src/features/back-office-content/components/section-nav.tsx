import { Link } from '@/components/ui/link';
import styles from './content.module.css';

export interface SectionNavItem {
  href: string;
  label: string;
}

/** The sub-sections of a back-office section as a row of links; the current one is aria-current. */
export function SectionNav({ label, items, current }: { label: string; items: SectionNavItem[]; current: string }) {
  return (
    <nav aria-label={label} className={styles.subnav}>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={item.href === current ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
