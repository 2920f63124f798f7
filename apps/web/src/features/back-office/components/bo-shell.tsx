import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import type { Staff } from '@freight/contracts/back-office';
import type { StaffPermission } from '@freight/domain/staff';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { BoNav, type BoNavItem } from './bo-nav';
import { SignOutButton } from './sign-out-button';
import layout from '@/components/back-office/layout.module.css';
import styles from './back-office.module.css';

const N = BACK_OFFICE_TEXTS.shell.nav;

/** The sections, each shown only to roles that may open it (the API checks again). */
const SECTIONS: (BoNavItem & { permission?: StaffPermission })[] = [
  { href: '/back-office', label: N.overview, exact: true },
  { href: '/back-office/cargos', label: N.cargos, permission: 'cargo.view' },
  { href: '/back-office/access', label: N.access, permission: 'access.review' },
  { href: '/back-office/clients', label: N.clients, permission: 'clients.view' },
  { href: '/back-office/content', label: N.content, permission: 'content.edit' },
  { href: '/back-office/offers', label: N.offers, permission: 'offers.edit' },
  { href: '/back-office/prices/tariffs', label: N.tariffs, permission: 'prices.edit' },
  { href: '/back-office/prices/promo-codes', label: N.promoCodes, permission: 'prices.edit' },
  { href: '/back-office/inbox', label: N.inbox, permission: 'inbox.work' },
  { href: '/back-office/alerts', label: N.alerts, permission: 'alerts.work' },
  { href: '/back-office/audit', label: N.audit, permission: 'audit.view' },
  { href: '/back-office/staff', label: N.staff, permission: 'staff.manage' },
];

/** The back-office frame: the sections on the left, who is signed in, the page on the right. */
export function BoShell({
  staff,
  themeToggle,
  children,
}: {
  staff: Staff;
  /** The site's theme switch, composed in by the route (features do not import each other). */
  themeToggle: ReactNode;
  children: ReactNode;
}) {
  const items = SECTIONS.filter((s) => !s.permission || staff.permissions.includes(s.permission)).map(
    ({ href, label, exact }) => ({ href, label, ...(exact ? { exact } : {}) }),
  );
  return (
    <div className={styles.shell}>
      <a href="#bo-main" className={styles.skip}>
        {BACK_OFFICE_TEXTS.shell.skipToContent}
      </a>
      <aside className={styles.sidebar}>
        <Link href="/back-office" className={styles.brand}>
          «Магистраль»
          <small>{BACK_OFFICE_TEXTS.shell.title}</small>
        </Link>
        <BoNav items={items} label={BACK_OFFICE_TEXTS.shell.navLabel} />
        <div className={styles.who}>
          <span data-testid="bo-staff-name">{staff.name}</span>
          <span className={layout.muted}>{staff.role_label}</span>
          {themeToggle}
          <SignOutButton />
        </div>
      </aside>
      <main id="bo-main" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
