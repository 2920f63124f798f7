import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import layout from '@/components/back-office/layout.module.css';
import styles from './back-office.module.css';

export interface BoPageProps {
  title: ReactNode;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** Links above the title, e.g. [{ href: '/back-office/cargos', label: 'Грузы' }]. */
  breadcrumbs?: { href: string; label: string }[];
  /** A line under the title. */
  lead?: ReactNode;
  children: ReactNode;
}

/** The frame of a back-office page: breadcrumbs, the title with its actions, the content. */
export function BoPage({ title, actions, breadcrumbs, lead, children }: BoPageProps) {
  return (
    <div className={styles.page}>
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <nav aria-label="Навигационная цепочка" className={styles.breadcrumbs}>
          {breadcrumbs.map((crumb, index) => (
            <span key={crumb.href}>
              {index > 0 ? <span aria-hidden="true"> / </span> : null}
              <Link href={crumb.href}>{crumb.label}</Link>
            </span>
          ))}
        </nav>
      ) : null}
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{title}</h1>
        {actions ? <div className={layout.actions}>{actions}</div> : null}
      </div>
      {lead ? <p className={layout.lead}>{lead}</p> : null}
      {children}
    </div>
  );
}
