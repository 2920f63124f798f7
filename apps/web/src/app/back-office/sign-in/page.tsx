import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { BackOfficeSignInForm } from '@/features/back-office/components/sign-in-form';
import { loadStaff } from '@/features/back-office/lib/staff';
import styles from '@/features/back-office/components/sign-in.module.css';

export const metadata: Metadata = { title: BACK_OFFICE_TEXTS.signIn.metaTitle };

/** /back-office/sign-in: login, password, then the TOTP code (or the enrolment QR the first time). */
export default async function BackOfficeSignInPage() {
  if (await loadStaff()) redirect('/back-office');
  return (
    <main className={styles.page}>
      <div>
        <p className={styles.brand}>«Магистраль» · {BACK_OFFICE_TEXTS.shell.title}</p>
        <BackOfficeSignInForm />
      </div>
    </main>
  );
}
