import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AccountPage } from '@/features/account/components/account-page';
import { loadProfile } from '@/features/auth/api/server';
import { loadAccessRequests } from '@/features/access-request/api/server';
import { AccessRequestForm } from '@/features/access-request/components/access-request-form';
import { AccessRequestList } from '@/features/access-request/components/access-request-list';
import styles from '@/features/access-request/components/access-request.module.css';

const A = MESSAGES.accessRequest;

export const metadata: Metadata = { title: A.metaTitle, robots: { index: false } };

/**
 * /personal-account/access: the full-access request form (a company or sole trader, or a
 * person) and the signed-in user's requests with their status and the reviewer's comment.
 * A signed-out visitor goes to sign-in and comes back here.
 */
export default async function AccessPage() {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account/access');
  const list = await loadAccessRequests();
  return (
    <AccountPage title={A.title} lead={A.intro} width="full">
      <div className={styles.layout}>
        <section className={styles.section} aria-labelledby="access-form-title">
          <h2 id="access-form-title" className={styles.sectionTitle}>
            {A.formTitle}
          </h2>
          <AccessRequestForm />
        </section>
        <section className={styles.section} aria-labelledby="access-list-title">
          <h2 id="access-list-title" className={styles.sectionTitle}>
            {A.listTitle}
          </h2>
          {list ? <AccessRequestList requests={list.requests} /> : <p className={styles.muted}>{A.loadFailed}</p>}
        </section>
      </div>
    </AccountPage>
  );
}
