import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { OverviewSchema } from '@freight/contracts/back-office';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { BoPage } from '@/features/back-office/components/bo-page';
import { requireStaffPage } from '@/features/back-office/lib/staff';
import { apiGet } from '@/lib/api/server';
import layout from '@/components/back-office/layout.module.css';
import styles from '@/features/back-office/components/back-office.module.css';

const T = BACK_OFFICE_TEXTS.overview;

export const metadata: Metadata = { title: T.metaTitle };

/** /back-office: what waits for work, for the sections the role may open. */
export default async function BackOfficeOverviewPage() {
  const staff = await requireStaffPage();
  const overview = await apiGet('/api/v1/back-office/overview', OverviewSchema);
  const counters = [
    { value: overview.pending_access_requests, label: T.pendingAccess, href: '/back-office/access' },
    { value: overview.new_bug_reports, label: T.newBugReports, href: '/back-office/inbox' },
    { value: overview.new_feedback, label: T.newFeedback, href: '/back-office/inbox?tab=feedback' },
    { value: overview.open_security_alerts, label: T.openAlerts, href: '/back-office/alerts' },
    { value: overview.cargos_changed_today, label: T.changedToday, href: '/back-office/cargos' },
  ].filter((c) => c.value !== null);
  return (
    <BoPage title={T.title(staff.name)} lead={T.role(staff.role_label)}>
      {counters.length > 0 ? (
        <div className={styles.stats}>
          {counters.map((c) => (
            <Link key={c.label} href={c.href} className={styles.stat}>
              <strong>{c.value}</strong>
              <span>{c.label}</span>
            </Link>
          ))}
        </div>
      ) : null}
      {overview.cargos_by_status ? (
        <section className={layout.card} aria-labelledby="bo-cargos-h">
          <h2 id="bo-cargos-h">{T.cargosTitle}</h2>
          <div className={styles.stats}>
            {overview.cargos_by_status.map((s) => (
              <Link key={s.status} href={`/back-office/cargos?status=${s.status}`} className={styles.stat}>
                <strong>{s.count}</strong>
                <span>{s.label}</span>
              </Link>
            ))}
          </div>
        </section>
      ) : null}
    </BoPage>
  );
}
