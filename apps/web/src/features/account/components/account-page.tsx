import { ACCOUNT_TEXTS } from '@freight/domain/texts/account';
import { clsx } from 'clsx';
import { Link } from '@/components/ui/link';
import { Fragment, type ReactNode } from 'react';
import styles from './account-page.module.css';

export interface AccountPageProps {
  /** The h1; leave it out when the content has its own (the cargo card's header). */
  title?: ReactNode;
  /** A line under the title. */
  lead?: ReactNode;
  /** Links after «Личный кабинет», e.g. [{ href: '/personal-account/orders', label: 'Все заказы' }]. */
  breadcrumbs?: readonly { href: string; label: string }[];
  /**
   * How wide the page's blocks grow: 960 px (default), 1040 px (the settlements' tables) or the
   * whole container (charts, a list with its filters beside it).
   */
  width?: 'narrow' | 'wide' | 'full';
  /** One more class on the page, e.g. the chart colours of analytics. */
  className?: string;
  children?: ReactNode;
}

/**
 * The frame of every personal-account page: the breadcrumbs back to «Личный кабинет», the title,
 * the lead and the content. Sections inside are the kit's Panel.
 */
export function AccountPage({
  title,
  lead,
  breadcrumbs = [],
  width = 'narrow',
  className,
  children,
}: AccountPageProps) {
  return (
    <div className={clsx('container', styles.page, width !== 'full' && styles[width], className)}>
      <p className={styles.breadcrumbs}>
        <Link href="/personal-account">{ACCOUNT_TEXTS.breadcrumbsRoot}</Link>
        {breadcrumbs.map((crumb) => (
          <Fragment key={crumb.href}>
            <span aria-hidden="true">/</span>
            <Link href={crumb.href}>{crumb.label}</Link>
          </Fragment>
        ))}
      </p>
      {title ? <h1 className={clsx(styles.title, !lead && styles.alone)}>{title}</h1> : null}
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </div>
  );
}
