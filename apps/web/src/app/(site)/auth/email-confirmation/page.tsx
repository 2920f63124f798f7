import type { Metadata } from 'next';
import { EmailConfirmation } from '@/features/auth/components/email-confirmation';
import styles from '@/features/auth/components/auth.module.css';

export const metadata: Metadata = { title: 'Подтверждение email', robots: { index: false }, referrer: 'no-referrer' };

export default async function EmailConfirmationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const token = typeof params.token === 'string' ? params.token : null;
  return (
    <div className={`container ${styles.page}`}>
      <EmailConfirmation token={token} type={params.type === 'change' ? 'change' : 'confirm'} />
    </div>
  );
}
