import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import styles from '@/features/auth/components/auth.module.css';
import { getCurrentUser } from '@/lib/api/current-user';

export const metadata: Metadata = { title: 'Регистрация', robots: { index: false } };

export default async function SignUpPage() {
  if ((await getCurrentUser()).status === 'signed-in') redirect('/personal-account');
  return (
    <div className={`container ${styles.page}`}>
      <SignUpForm />
    </div>
  );
}
