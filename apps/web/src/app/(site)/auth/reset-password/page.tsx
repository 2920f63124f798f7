import type { Metadata } from 'next';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import styles from '@/features/auth/components/auth.module.css';

export const metadata: Metadata = { title: 'Новый пароль', robots: { index: false }, referrer: 'no-referrer' };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  return (
    <div className={`container ${styles.page}`}>
      <ResetPasswordForm token={typeof token === 'string' ? token : null} />
    </div>
  );
}
